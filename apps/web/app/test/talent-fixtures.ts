import type { PublicPlayer, PublicPlayerList, PublicPlayerSummary } from "@touchline/contract/talent";

/** Test data in the public shape (test-only). */
export function publicPlayer(overrides: Partial<PublicPlayer> = {}): PublicPlayer {
  const id = "0b6e3f00-0000-4000-8000-000000000001";
  return {
    username: "mwila10",
    firstName: "Mwila",
    lastInitial: "B",
    age: 19,
    ageBand: null,
    position: "striker",
    secondaryPosition: "left-winger",
    preferredFoot: "both",
    heightInCm: 178.4,
    weightInKg: 70,
    currentFitnessStatus: "excellent",
    province: "lusaka",
    town: "Lusaka",
    cover: {
      variants: [320, 640, 1280].map((width) => ({
        url: `/api/media/${id}?w=${width}`,
        width,
        height: (width * 3) / 4,
      })),
    },
    approvedAt: "2026-03-02T10:00:00.000Z",
    ageVerified: false,
    endorsed: false,
    endorsements: [],
    evaluationCount: 0,
    aboutYourself: "Striker at Green Buffaloes academy in Lusaka. Quick, two-footed, loves to score.",
    fullMatchUrl: null,
    editedAt: null,
    videos: [
      {
        url: "/api/media/0b6e3f00-0000-4000-8000-000000000002",
        durationSeconds: 42,
        renditions: (["240p", "360p"] as const).map((label, i) => ({
          label,
          width: 426 + i * 214,
          height: 240 + i * 120,
          bytes: (i + 1) * 1_600_000,
          url: `/api/media/0b6e3f00-0000-4000-8000-000000000002/renditions/${label}`,
        })),
        posters: [
          {
            format: "webp" as const,
            width: 640,
            height: 360,
            url: "/api/media/0b6e3f00-0000-4000-8000-000000000002/poster?format=webp&w=640",
          },
        ],
      },
    ],
    ...overrides,
  };
}

export function playerList(items: PublicPlayerSummary[], overrides: Partial<PublicPlayerList> = {}): PublicPlayerList {
  return { items, total: items.length, totalExact: true, hasNextPage: false, page: 1, pageSize: 12, ...overrides };
}

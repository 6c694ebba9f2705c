import type { AgeCheckItem } from "@touchline/contract/age-check";
import type { AuditEntry, ContactMessageItem, DeletionRequestItem, ReviewItem } from "@touchline/contract/admin";
import type { ScoutAccountView } from "@touchline/contract/scouts";
import type { Role } from "@touchline/contract/session";
import { http } from "msw";
import { apiServer } from "./api-server.ts";
import { jsonResponse as json } from "./render.tsx";
import { readyVideo } from "./video-fixtures.ts";

/** Staff API answers for component tests (tests only). */
export const staffSession = (role: Role = "reviewer") => ({
  scoutId: `${role}_1`,
  username: role === "player" ? "chanda10" : `${role}1`,
  email: `${role}@touchline.example`,
  phoneNumber: "+260971000001",
  firstName: "Mutale",
  lastName: "Banda",
  role,
});

export function reviewItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    profileId: "profile_1",
    playerId: "player_1",
    username: "chanda10",
    firstName: "Chanda",
    lastName: "Mulenga",
    age: 17,
    position: "striker",
    secondaryPosition: "left-winger",
    preferredFoot: "both",
    heightInCm: 178,
    weightInKg: 70,
    currentFitnessStatus: "recovering",
    aboutYourself: "Fast striker from Kitwe.",
    province: "copperbelt",
    town: "Kitwe",
    fullMatchUrl: null,
    coverPhotoPath: "/api/media/cover1",
    videoPath: "/api/media/video1",
    videoPathTwo: "/api/media/video2",
    submissionDate: "2026-03-01T08:00:00.000Z",
    videoUploadDate: "2026-03-01T08:00:00.000Z",
    reviewStatus: "pending",
    rejectionReason: null,
    reviewedAt: null,
    reviewedBy: null,
    isVideoExpired: false,
    videoExpirationDate: "2099-05-30T08:00:00.000Z",
    reuploadAllowed: false,
    guardianConsent: "given",
    videos: [readyVideo("/api/media/video1"), readyVideo("/api/media/video2")],
    ...overrides,
  };
}

export function contactMessage(
  overrides: Partial<ContactMessageItem> & Record<string, unknown> = {},
): ContactMessageItem {
  return {
    organisation: null,
    phone: null,
    playerUsername: null,
    id: "msg_1",
    name: "Bwalya Phiri",
    email: "bwalya@example.zm",
    message: "When is the app coming to my phone?",
    source: "website",
    createdAt: "2026-03-02T09:30:00.000Z",
    handledAt: null,
    handledBy: null,
    ...overrides,
  };
}

export function deletionRequest(overrides: Partial<DeletionRequestItem> = {}): DeletionRequestItem {
  return {
    id: "del_1",
    email: "chanda@example.zm",
    reason: "privacy",
    otherReason: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    dueAt: "2026-03-31T10:00:00.000Z",
    daysLeft: 12,
    isOverdue: false,
    status: "open",
    closedAt: null,
    closedBy: null,
    emailSentAt: null,
    matchedAccount: "chanda10",
    confirmedAt: "2026-03-01T10:05:00.000Z",
    confirmedVia: "email-link",
    confirmExpiresAt: "2026-03-08T10:00:00.000Z",
    ...overrides,
  };
}

export function scoutAccount(overrides: Partial<ScoutAccountView> = {}): ScoutAccountView {
  return {
    id: "scout_1",
    firstName: "Jane",
    lastName: "Banda",
    organisation: "Zesco United",
    organisationKind: "club",
    roleTitle: "Chief scout",
    country: "Zambia",
    proofUrl: "https://zescounited.example/staff",
    email: "jane@zescounited.example",
    phoneNumber: "+260977000111",
    phoneConfirmed: true,
    phoneBySms: true,
    emailConfirmed: true,
    state: "unverified",
    stateReason: null,
    joinedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "audit_1",
    actor: "admin1",
    actorAccount: { name: "Mutale Banda", phoneNumber: "+260971000001" },
    action: "review.approved",
    targetType: "profile",
    targetId: "4b0c8a3e-4f1e-4d5c-9a53-1f6f1c1d2e3f",
    subject: { kind: "player", name: "Chanda Mulenga", username: "chanda10", reviewStatus: "approved" },
    detail: null,
    createdAt: "2026-03-02T08:00:00.000Z",
    ...overrides,
  };
}

export function ageCheckItem(overrides: Partial<AgeCheckItem> = {}): AgeCheckItem {
  return {
    id: "age_1",
    playerId: "player_1",
    username: "chanda10",
    firstName: "Chanda",
    lastName: "Mulenga",
    dateOfBirth: "2009-03-17",
    age: 16,
    documentKind: "birth-certificate",
    sentBy: "guardian",
    sentAt: "2026-03-01T08:00:00.000Z",
    documentPath: "/api/admin/age-checks/age_1/document",
    ...overrides,
  };
}

export const page = <T>(items: T[], total = items.length, pageNumber = 1) => ({
  items,
  total,
  page: pageNumber,
  pageSize: 20,
});

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

export { json };

/**
 * The staff API for console tests: answers "METHOD /path" (query ignored) from a table, at the
 * network level (MSW); handlers can be swapped mid-test. A call the table lacks gets a 599, so
 * the test fails loudly where the page shows it.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const table = { ...handlers };
  const sent: { key: string; url: URL; body: unknown }[] = [];
  apiServer.use(
    http.all("*", async ({ request }) => {
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      const text = await request.clone().text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      sent.push({ key, url, body });
      const handler = table[key];
      if (!handler) return json(599, { message: `No fake for ${key}` });
      return handler(body, url);
    }),
  );
  return {
    set: (key: string, handler: Handler) => {
      table[key] = handler;
    },
    calls: (key: string) => sent.filter((call) => call.key === key).map(({ url, body }) => ({ url, body })),
  };
}

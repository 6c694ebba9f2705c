import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejectionReasonText, type AuditListResponse } from "@touchline/contract/admin";
import { PROFILE_CHECKS, PROFILE_EDIT, PROFILE_FORM } from "@touchline/contract/messages";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import type { ProfileChangeItem, ProfileEditAnswer, ProfileEditView } from "@touchline/contract/profile-edit";
import type { PublicPlayer } from "@touchline/contract/talent";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles, profileChanges } from "../db/schema/profiles.ts";
import { importMedia } from "../talent/import-media.ts";
import { createStaff, loginCookie } from "../test/auth-helpers.ts";
import { storedDeliveries } from "../test/notifications.ts";
import { createScout } from "../test/scout-helpers.ts";
import { profileUrl } from "../test/profiles.ts";
import { createProfile, prepareVideo } from "../test/public-players.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const VIDEO = fs.readFileSync(path.resolve(import.meta.dirname, "../media/fixtures/faststart.mp4"));

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaff(t, "reviewer");
  admin = await createStaff(t, "admin");
}, 120_000);
afterAll(() => t.close());

const details = {
  currentFitnessStatus: "good",
  heightInCm: 182,
  weightInKg: 74,
  position: "striker",
  secondaryPosition: "left-winger",
  preferredFoot: "both",
  province: "copperbelt",
  town: "Kitwe",
};

/** An approved, public player, injured, from Ndola, logged in. */
async function publicPlayer(options: Parameters<typeof createProfile>[1] = {}) {
  const player = await createProfile(t, {
    currentFitnessStatus: "injured",
    heightInCm: 176,
    province: "copperbelt",
    town: "Ndola",
    aboutYourself: "Quick striker from Ndola.",
    ...options,
  });
  return { ...player, cookie: await loginCookie(t, player) };
}
type Player = Awaited<ReturnType<typeof publicPlayer>>;

const publicPage = async (player: Player) => {
  const res = await t.app.inject({ method: "GET", url: `/api/talent/players/${player.username}` });
  expect(res.statusCode).toBe(200);
  return res.json() as PublicPlayer;
};
const ownProfile = async (player: Player) => {
  const res = await t.app.inject({ method: "GET", url: profileUrl(player.id), headers: { cookie: player.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as PlayerInfoResponse;
};
const putDetails = (player: Player, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/player/profile/details", headers: { cookie: player.cookie }, payload });
const sendChange = (player: Player, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/player/profile/changes", headers: { cookie: player.cookie }, payload });
const editView = async (player: Player) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/player/profile/edit",
    headers: { cookie: player.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ProfileEditView;
};
const staffPost = (url: string, payload?: Record<string, unknown>, cookie = staff.cookie) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });
const queue = async () => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/admin/profile-changes",
    headers: { cookie: staff.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as ProfileChangeItem[];
};
const auditActions = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: { cookie: admin.cookie } });
  return (res.json() as AuditListResponse).items.map((entry) => `${entry.action} ${entry.actor}`);
};
const profileRow = async (player: Player) =>
  (await t.database.db.select().from(playerProfiles).where(eq(playerProfiles.playerId, player.id)))[0]!;
const attachedAt = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, url.replace("/api/media/", "")))
  )[0]?.attachedAt ?? null;

describe("facts the player corrects publish at once", () => {
  it("shows a recovered, taller player who moved from Ndola to Kitwe on the public page and in GetScoutById", async () => {
    const player = await publicPlayer();
    // Read first, so that the read cache and the kept answer (PGlite) hold the old profile.
    expect((await publicPage(player)).currentFitnessStatus).toBe("injured");
    expect((await ownProfile(player)).scout.currentFitnessStatus).toBe("injured");
    expect((await ownProfile(player)).scout.currentFitnessStatus).toBe("injured");
    expect((await publicPage(player)).editedAt).toBeNull();

    const res = await putDetails(player, details);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const saved = res.json() as ProfileEditAnswer;
    expect(saved.message).toBe(PROFILE_EDIT.detailsSaved);
    expect(saved.edit.details).toEqual(details);
    expect(saved.edit.editedAt).toBe(t.clock.now.toISOString());

    const shown = await publicPage(player);
    expect(shown).toMatchObject({
      currentFitnessStatus: "good",
      heightInCm: 182,
      weightInKg: 74,
      secondaryPosition: "left-winger",
      preferredFoot: "both",
      town: "Kitwe",
      editedAt: t.clock.now.toISOString(),
    });
    const own = await ownProfile(player);
    expect(own.scout).toMatchObject({ currentFitnessStatus: "good", heightInCm: 182, town: "Kitwe" });
    // Still approved and public: facts need no review.
    expect(own.scout.reviewStatus).toBe("approved");
  });

  it("finds the player by the new details in the public list's filters", async () => {
    const player = await publicPlayer({ position: "goalkeeper", currentFitnessStatus: "injured" });
    const list = (query: string) =>
      t.app
        .inject({ method: "GET", url: `/api/talent/players?${query}` })
        .then((res) => res.json().items as PublicPlayer[]);
    const names = (players: PublicPlayer[]) => players.map((p) => p.username);
    expect(names(await list("fitness=good&position=striker"))).not.toContain(player.username);
    expect((await putDetails(player, details)).statusCode).toBe(200);
    expect(names(await list("fitness=good&position=striker"))).toContain(player.username);
    expect(names(await list("fitness=injured"))).not.toContain(player.username);
  });

  it("refuses what submission refuses, with its messages, and changes nothing", async () => {
    const player = await publicPlayer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ heightInCm: 99 }, "heightInCm", PROFILE_FORM.heightMin],
      [{ heightInCm: 251 }, "heightInCm", PROFILE_FORM.heightMax],
      [{ weightInKg: 29 }, "weightInKg", PROFILE_FORM.weightMin],
      [{ currentFitnessStatus: "" }, "currentFitnessStatus", PROFILE_FORM.fitnessRequired],
      [{ currentFitnessStatus: "tired" }, "currentFitnessStatus", PROFILE_FORM.fitnessSelect],
      [{ secondaryPosition: "striker" }, "secondaryPosition", PROFILE_CHECKS.secondarySameAsPrimary],
      [{ province: "" }, "province", PROFILE_CHECKS.provinceRequired],
      [{ town: "" }, "town", PROFILE_CHECKS.townRequired],
    ];
    for (const [change, field, message] of cases) {
      const res = await putDetails(player, { ...details, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    const row = await profileRow(player);
    expect(row).toMatchObject({ fitness: "injured", heightCm: 176, town: "Ndola", editedAt: null });
  });

  it("needs a logged-in player with a profile", async () => {
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/player/profile/details", payload: details })).statusCode,
    ).toBe(401);
    const res = await putDetails({ cookie: staff.cookie } as Player, details);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PROFILE_EDIT.noProfile);
  });
});

describe("words and the full-match link go through review", () => {
  it("keeps the approved text public until staff approve the new one, then publishes it and tells the player", async () => {
    const player = await publicPlayer();
    const sent = await sendChange(player, {
      aboutYourself: "Back from injury, scoring again in Kitwe.",
      fullMatchUrl: "https://youtu.be/abc123",
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(PROFILE_EDIT.changeSent);
    expect((sent.json() as ProfileEditAnswer).edit.pending).toMatchObject({
      aboutYourself: "Back from injury, scoring again in Kitwe.",
      fullMatchUrlChanged: true,
      fullMatchUrl: "https://youtu.be/abc123",
    });
    expect(await publicPage(player)).toMatchObject({ aboutYourself: "Quick striker from Ndola.", fullMatchUrl: null });
    expect((await ownProfile(player)).scout.aboutYourself).toBe("Quick striker from Ndola.");

    const item = (await queue()).find((entry) => entry.playerId === player.id)!;
    expect(item.current.aboutYourself).toBe("Quick striker from Ndola.");
    expect(item.change.aboutYourself).toBe("Back from injury, scoring again in Kitwe.");
    expect(item.mediaReady).toBe(true);

    const approved = await staffPost(`/api/admin/profile-changes/${player.profileId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe(PROFILE_EDIT.approved);
    expect(await publicPage(player)).toMatchObject({
      aboutYourself: "Back from injury, scoring again in Kitwe.",
      fullMatchUrl: "https://youtu.be/abc123",
      editedAt: t.clock.now.toISOString(),
    });
    expect((await editView(player)).pending).toBeNull();
    expect((await queue()).some((entry) => entry.playerId === player.id)).toBe(false);
    const told = (await storedDeliveries(t)).filter((d) => d.accountId === player.id && d.channel === "inbox");
    expect(told.map((d) => d.event)).toContain("profile-change-approved");
    expect(await auditActions()).toContain(`change.approved ${staff.username}`);

    // Decided: a second approval finds nothing waiting.
    expect((await staffPost(`/api/admin/profile-changes/${player.profileId}/approve`)).statusCode).toBe(409);
  });

  it("keeps the approved text when staff reject, and shows the player why", async () => {
    const player = await publicPlayer();
    expect((await sendChange(player, { aboutYourself: "Call me on 0971234567" })).statusCode).toBe(200);
    const reject = { reasonCode: "other", reasonText: "No phone numbers in your text, please." };
    const res = await staffPost(`/api/admin/profile-changes/${player.profileId}/reject`, reject);
    expect(res.statusCode).toBe(200);
    expect((await publicPage(player)).aboutYourself).toBe("Quick striker from Ndola.");
    const view = await editView(player);
    expect(view.pending).toBeNull();
    expect(view.lastRejection?.reason).toBe(rejectionReasonText("other", reject.reasonText));
    // The refused text itself is not kept.
    const [stored] = await t.database.db
      .select()
      .from(profileChanges)
      .where(eq(profileChanges.profileId, player.profileId));
    expect(stored).toMatchObject({ state: "rejected", about: null });
    const told = (await storedDeliveries(t)).filter((d) => d.accountId === player.id && d.channel === "inbox");
    expect(told.map((d) => d.event)).toContain("profile-change-rejected");
    expect(await auditActions()).toContain(`change.rejected ${staff.username}`);
  });

  it("refuses a change that changes nothing, a bad link, and changes on a profile not yet approved", async () => {
    const player = await publicPlayer();
    const same = await sendChange(player, { aboutYourself: "Quick striker from Ndola." });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(PROFILE_EDIT.nothingToReview);
    expect((await sendChange(player, {})).statusCode).toBe(400);
    const badLink = await sendChange(player, { fullMatchUrl: "http://evil.example/watch" });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().errors.fullMatchUrl).toBe(PROFILE_CHECKS.fullMatchInvalid);
    expect((await editView(player)).pending).toBeNull();

    const waiting = await publicPlayer({ status: "pending" });
    const res = await sendChange(waiting, { aboutYourself: "New words" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROFILE_EDIT.changeNeedsApproval);
  });

  it("lets only staff decide", async () => {
    const player = await publicPlayer();
    await sendChange(player, { aboutYourself: "Words to review." });
    const res = await staffPost(`/api/admin/profile-changes/${player.profileId}/approve`, undefined, player.cookie);
    expect(res.statusCode).toBe(403);
    expect((await editView(player)).pending?.aboutYourself).toBe("Words to review.");
  });
});

describe("a new video replaces the approved one only once it is approved and ready", () => {
  it("leaves the old video playing while the new one is prepared", async () => {
    const player = await publicPlayer();
    const oldVideo = (await publicPage(player)).videos[0]!.url;
    const fresh = await importMedia(t.app.services, player.id, "video", VIDEO, { queuePreparation: false });
    const sent = await sendChange(player, { videoPath: fresh.url });
    expect(sent.statusCode).toBe(200);
    expect(await attachedAt(fresh.url)).not.toBeNull();

    const notReady = await staffPost(`/api/admin/profile-changes/${player.profileId}/approve`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(PROFILE_EDIT.mediaNotReady);
    expect((await queue()).find((entry) => entry.playerId === player.id)?.mediaReady).toBe(false);
    expect((await publicPage(player)).videos[0]!.url).toBe(oldVideo);

    await prepareVideo(t, fresh.url);
    expect((await staffPost(`/api/admin/profile-changes/${player.profileId}/approve`)).statusCode).toBe(200);
    const shown = await publicPage(player);
    expect(shown.videos[0]!.url).toBe(fresh.url);
    expect(shown.videos[0]!.renditions.length).toBeGreaterThan(0);
    // The replaced video is let go: the media sweep removes it.
    expect(await attachedAt(player.videoUrls[0]!)).toBeNull();
  });

  it("refuses another player's file and lets go of the new files of a withdrawn change", async () => {
    const player = await publicPlayer();
    const other = await publicPlayer();
    const othersFile = await importMedia(t.app.services, other.id, "video", VIDEO, { queuePreparation: false });
    expect((await sendChange(player, { videoPath: othersFile.url })).statusCode).toBe(400);

    const mine = await importMedia(t.app.services, player.id, "video", VIDEO, { queuePreparation: false });
    expect((await sendChange(player, { videoPath: mine.url })).statusCode).toBe(200);
    const withdrawn = await t.app.inject({
      method: "DELETE",
      url: "/api/player/profile/changes",
      headers: { cookie: player.cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((withdrawn.json() as ProfileEditAnswer).edit.pending).toBeNull();
    expect(await attachedAt(mine.url)).toBeNull();
    expect(await attachedAt(player.videoUrls[0]!)).not.toBeNull();
  });
});

describe("renewing public time that ended", () => {
  it("sends an expired profile back to review in one step, audited, and refuses one still public", async () => {
    const player = await publicPlayer();
    const renew = () =>
      t.app.inject({ method: "POST", url: "/api/player/profile/renew", headers: { cookie: player.cookie } });
    const early = await renew();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PROFILE_EDIT.renewNotExpired);

    // Its public time started longer ago than the period lasts.
    const longAgo = new Date(t.clock.now.getTime() - (t.config.VIDEO_EXPIRY_DAYS + 1) * DAY_MS);
    await t.database.db
      .update(playerProfiles)
      .set({ reviewedAt: longAgo, videoUploadedAt: longAgo, submittedAt: longAgo })
      .where(eq(playerProfiles.id, player.profileId));
    expect((await ownProfile(player)).isVideoExpired).toBe(true);
    const res = await renew();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_EDIT.renewed);
    const own = await ownProfile(player);
    expect(own.scout.reviewStatus).toBe("pending");
    expect(own.isVideoExpired).toBe(false);
    expect(await auditActions()).toContain(`profile.renewal-requested ${player.username}`);
    const pendingQueue = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews?status=pending",
      headers: { cookie: staff.cookie },
    });
    expect(pendingQueue.json().items.map((item: { playerId: string }) => item.playerId)).toContain(player.id);
    // Asked once: a second tap finds nothing to renew.
    expect((await renew()).statusCode).toBe(409);

    // Approval restarts the public time.
    expect((await staffPost(`/api/admin/reviews/${player.profileId}/approve`)).statusCode).toBe(200);
    expect((await ownProfile(player)).daysUntilExpiration).toBe(t.config.VIDEO_EXPIRY_DAYS);
    expect((await publicPage(player)).username).toBe(player.username);
  });
});

describe("scouts who follow the player", () => {
  const scoutCall = (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it("marks a shortlisted player as updated until the scout opens their page, and saved searches match the new details", async () => {
    const player = await publicPlayer({ firstName: "Mutale", position: "goalkeeper" });
    const scout = await createScout(t);
    const created = await scoutCall("POST", "/api/scouts/shortlists", scout.cookie, { name: "Keepers" });
    const listId = created.json().shortlists[0].id as string;
    const put = await scoutCall("PUT", `/api/scouts/shortlists/${listId}/players/${player.username}`, scout.cookie, {
      note: "Watch again",
    });
    expect(put.statusCode).toBe(200);
    const saved = await scoutCall("POST", "/api/scouts/searches", scout.cookie, {
      name: "Fit Mutale strikers",
      channel: "email",
      filters: { q: "Mutale", position: "striker", fitness: "good" },
    });
    const searchId = saved.json().searches[0].id as string;
    const entry = async () => {
      const res = await scoutCall("GET", "/api/scouts/shortlists", scout.cookie);
      return res.json().shortlists[0].entries[0] as { username: string; updated: boolean };
    };
    const matches = async () => {
      const res = await scoutCall("GET", `/api/scouts/searches/${searchId}/players`, scout.cookie);
      expect(res.statusCode).toBe(200);
      return (res.json().list.items as { username: string }[]).map((item) => item.username);
    };
    expect(await entry()).toMatchObject({ username: player.username, updated: false });
    expect(await matches()).not.toContain(player.username);

    t.clock.advance(60_000);
    expect((await putDetails(player, details)).statusCode).toBe(200);
    expect((await entry()).updated).toBe(true);
    expect(await matches()).toContain(player.username);

    const seen = await scoutCall("POST", `/api/scouts/players/${player.username}/seen`, scout.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().shortlists[0].entries[0].updated).toBe(false);
    expect((await entry()).updated).toBe(false);
  });
});

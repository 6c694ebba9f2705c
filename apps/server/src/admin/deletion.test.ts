import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DeletionRequestItem,
  DeletionRequestListResponse,
  ProcessDeletionResponse,
} from "@touchline/contract/admin";
import { ADMIN } from "@touchline/contract/messages";
import { fileIdFromMediaUrl } from "@touchline/contract/profile";
import { otpCodes, otpSends, players, rateLimitHits, resetTokens, sessions } from "../db/schema/auth.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { deletionRequests } from "../db/schema/site.ts";
import { EmailError } from "../email/sender.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { tusCreate, tusPatch, uploadFixture } from "../test/upload-client.ts";
import { createStaff, uniqueAddress } from "../test/auth-helpers.ts";
import { requestAndConfirmDeletion } from "../test/deletion-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { playerWithProfile, profileUrl } from "../test/profiles.ts";

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
});
afterAll(() => t.close());

/** Files under DATA_DIR/uploads (objects and unfinished uploads), as paths relative to it. */
async function storedPaths(): Promise<string[]> {
  const root = path.join(t.dataDir, "uploads");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** A request through the public form's API, confirmed by the link e-mailed to the account's address. */
const requestDeletion = (email: string) => requestAndConfirmDeletion(t, email);

const processRequest = (id: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/deletion-requests/${id}/process`,
    headers: { cookie: reviewer.cookie },
  });
const listRequests = async (status: "open" | "closed"): Promise<DeletionRequestListResponse> =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/admin/deletion-requests?status=${status}`,
      headers: { cookie: reviewer.cookie },
    })
  ).json();
const findIn = async (status: "open" | "closed", id: string): Promise<DeletionRequestItem | undefined> =>
  (await listRequests(status)).items.find((i) => i.id === id);

describe("processing a deletion request for an existing account", () => {
  it("deletes the account, its sessions, codes, profile and every stored file, and e-mails the confirmation", async () => {
    const victim = await playerWithProfile(t);
    const bystander = await playerWithProfile(t);
    // An extra photo never used by the profile, and an upload left half-way.
    await uploadFixture(t.app, victim.cookie, "gps.jpg", "image");
    const unfinished = await tusCreate(t.app, victim.cookie, 4000, {
      kind: "video",
      filename: "half.mp4",
      filetype: "video/mp4",
    });
    const unfinishedId = unfinished.headers.get("location")!.split("/").pop()!;
    expect(
      (await tusPatch(t.app, victim.cookie, unfinished.headers.get("location")!, 0, new Uint8Array(1000))).status,
    ).toBe(204);
    // A password-reset code: rows keyed by the phone number (codes, sends, rate-limit counters).
    const code = await t.app.inject({
      method: "POST",
      url: "/api/Authorization/requestPasswordResetOtp",
      remoteAddress: uniqueAddress(),
      payload: { phoneNumber: victim.phoneNumber },
    });
    expect(code.statusCode).toBe(200);

    const victimFiles = (
      await t.database.db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.ownerPlayerId, victim.id))
    ).map((f) => f.id);
    expect(victimFiles).toHaveLength(3);
    const before = await storedPaths();
    for (const id of [...victimFiles, unfinishedId])
      expect(
        before.some((p) => p.includes(id)),
        id,
      ).toBe(true);
    expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, victim.phoneNumber))).not.toHaveLength(
      0,
    );

    // The request names the address in capitals: addresses match whatever their case.
    const requestId = await requestDeletion(victim.email.toUpperCase());
    const open = await findIn("open", requestId);
    expect(open).toMatchObject({
      email: victim.email,
      reason: "privacy",
      status: "open",
      daysLeft: 30,
      isOverdue: false,
      matchedAccount: victim.username,
      emailSentAt: null,
      confirmedVia: "email-link",
    });

    const res = await processRequest(requestId);
    expect(res.statusCode).toBe(200);
    const body: ProcessDeletionResponse = res.json();
    expect(body).toMatchObject({ outcome: "deleted", emailSent: true, message: ADMIN.accountDeleted });
    expect(body.request).toMatchObject({
      id: requestId,
      status: "done",
      closedBy: reviewer.username,
      closedAt: t.clock.now.toISOString(),
      emailSentAt: t.clock.now.toISOString(),
      matchedAccount: null,
    });

    // No row of the account is left.
    const db = t.database.db;
    expect(await db.select().from(players).where(eq(players.id, victim.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.playerId, victim.id))).toEqual([]);
    expect(await db.select().from(resetTokens).where(eq(resetTokens.playerId, victim.id))).toEqual([]);
    expect(await db.select().from(playerProfiles).where(eq(playerProfiles.playerId, victim.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(mediaFiles)
        .where(or(eq(mediaFiles.ownerPlayerId, victim.id), inArray(mediaFiles.id, victimFiles))),
    ).toEqual([]);
    expect(await db.select().from(otpCodes).where(eq(otpCodes.phone, victim.phoneNumber))).toEqual([]);
    expect(await db.select().from(otpSends).where(eq(otpSends.phone, victim.phoneNumber))).toEqual([]);
    expect(
      await db
        .select()
        .from(rateLimitHits)
        .where(
          or(
            inArray(rateLimitHits.key, [victim.phoneNumber, victim.id]),
            like(rateLimitHits.key, `${victim.phoneNumber} %`),
          ),
        ),
    ).toEqual([]);

    // No file of the account is left; the other player's files are untouched.
    const after = await storedPaths();
    for (const id of [...victimFiles, unfinishedId])
      expect(
        after.filter((p) => p.includes(id)),
        id,
      ).toEqual([]);
    for (const url of [bystander.coverUrl, bystander.videoUrl])
      expect(after.some((p) => p.includes(fileIdFromMediaUrl(url)!))).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: bystander.videoUrl, headers: { cookie: bystander.cookie } }))
        .statusCode,
    ).toBe(200);

    // The old session no longer works.
    expect(
      (await t.app.inject({ method: "GET", url: profileUrl(victim.id), headers: { cookie: victim.cookie } }))
        .statusCode,
    ).toBe(401);

    // After the link that confirmed the request, the confirmation of the deletion went to the requester.
    const mails = readEmailOutbox(t, victim.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Confirm the deletion of your Touchline account",
      "Your Touchline account has been deleted",
    ]);
    expect(mails[1]!.body).toContain("we have deleted the Touchline account that used this e-mail address");
    expect(mails[1]!.body).not.toContain(victim.username);

    expect(await findIn("open", requestId)).toBeUndefined();
    expect(await findIn("closed", requestId)).toMatchObject({ status: "done", emailSentAt: t.clock.now.toISOString() });

    const again = await processRequest(requestId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN.alreadyProcessed });
    expect(readEmailOutbox(t, victim.email)).toHaveLength(2);
  });

  it("lets only one of two staff members acting at once process a request", async () => {
    const victim = await playerWithProfile(t);
    const requestId = await requestDeletion(victim.email);
    const results = await Promise.all([processRequest(requestId), processRequest(requestId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(readEmailOutbox(t, victim.email).filter((m) => m.subject.endsWith("has been deleted"))).toHaveLength(1);
  });

  it("reports an e-mail that could not be sent, and sends only the e-mail when processed again", async () => {
    const victim = await playerWithProfile(t);
    const requestId = await requestDeletion(victim.email);
    const email = t.app.services.email;
    t.app.services.email = {
      send: async () => {
        throw new EmailError("The SMTP server did not accept the e-mail: 421 try later");
      },
    };
    try {
      const res = await processRequest(requestId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        outcome: "deleted",
        emailSent: false,
        message: ADMIN.accountDeletedEmailFailed,
        request: { status: "done", emailSentAt: null },
      });
    } finally {
      t.app.services.email = email;
    }
    expect(await t.database.db.select().from(players).where(eq(players.id, victim.id))).toEqual([]);
    const deletedMails = () => readEmailOutbox(t, victim.email).filter((m) => m.subject.endsWith("has been deleted"));
    expect(deletedMails()).toEqual([]);

    const retry = await processRequest(requestId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ outcome: "deleted", emailSent: true, message: ADMIN.emailResent });
    expect(deletedMails().map((m) => m.subject)).toEqual(["Your Touchline account has been deleted"]);
    expect((await processRequest(requestId)).statusCode).toBe(409);
  });
});

describe("a confirmed request whose account no longer exists", () => {
  it("is closed as no-account, says so, and tells the requester by e-mail", async () => {
    const victim = await playerWithProfile(t);
    // Two requests confirmed for one account: the first deletes it, the second finds nothing.
    const first = await requestDeletion(victim.email);
    const second = await requestDeletion(victim.email);
    expect((await processRequest(first)).json().outcome).toBe("deleted");
    const accounts = (await t.database.db.select({ id: players.id }).from(players)).length;

    const res = await processRequest(second);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: "no-account",
      emailSent: true,
      message: ADMIN.noAccount,
      request: { status: "no-account", closedBy: reviewer.username },
    });
    expect((await t.database.db.select({ id: players.id }).from(players)).length).toBe(accounts);
    const [row] = await t.database.db.select().from(deletionRequests).where(eq(deletionRequests.id, second));
    expect(row).toMatchObject({ status: "no-account", outcome: "No account uses this e-mail address." });

    const last = readEmailOutbox(t, victim.email).at(-1)!;
    expect(last.subject).toBe("Your Touchline account deletion request");
    expect(last.body).toContain("No Touchline account uses this address, so there was nothing to delete");
    expect((await processRequest(second)).statusCode).toBe(409);
  });

  it("answers 404 for an unknown request", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await processRequest(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ADMIN.deletionRequestNotFound });
    }
  });
});

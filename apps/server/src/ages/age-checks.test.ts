import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { AGE_DOCUMENT_MAX_BYTES } from "@touchline/contract/limits";
import { AGE_CHECK } from "@touchline/contract/messages";
import { GUARDIAN_LINK_HEADER, type AgeCheckItem, type AgeCheckView } from "@touchline/contract/age-check";
import type { PublicPlayer, PublicPlayerList } from "@touchline/contract/talent";
import { auditLog } from "../db/schema/admin.ts";
import { ageChecks } from "../db/schema/ages.ts";
import { players } from "../db/schema/auth.ts";
import { createGuardianService } from "../auth/guardian-service.ts";
import { ageDocumentKeys } from "../media/storage.ts";
import { createPlayer, createStaff, loginCookie, readSmsOutbox } from "../test/auth-helpers.ts";
import { requestAndConfirmDeletion } from "../test/deletion-helpers.ts";
import { DAYTIME, storedDeliveries } from "../test/notifications.ts";
import { createProfile } from "../test/public-players.ts";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createAgeCheckService, ORPHAN_DOCUMENT_GRACE_MS } from "./age-check-service.ts";

/**
 * Ages checked by staff: the photo of an identity document is private to its owner and staff
 * while it waits, and gone from storage (disk and S3 alike) once staff decide; the badge and the
 * list's filter follow the decision and a change of date of birth clears them.
 */

/** A phone photo of a document, with the metadata phones write (here a copyright and an orientation). */
async function documentPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 230, g: 220, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Secret Camera Owner" } } })
    .toBuffer();
}

const sendBody = async (kind = "nrc") => ({
  kind,
  contentType: "image/jpeg",
  image: (await documentPhoto()).toString("base64"),
});

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.services.storage.list(ageDocumentKeys.prefix)) keys.push(object.key);
  return keys;
}

const yearsAgo = (t: TestApp, years: number) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

function documentLifecycle(storageKind: "disk" | "s3") {
  describe(`a document photo on ${storageKind}`, () => {
    let s3: TestS3Server | undefined;
    let t: TestApp;
    let reviewer: Awaited<ReturnType<typeof createStaff>>;
    beforeAll(async () => {
      s3 = storageKind === "s3" ? await startTestS3Server() : undefined;
      t = await createTestApp(s3?.env ?? {});
      t.clock.now = new Date(DAYTIME);
      reviewer = await createStaff(t, "reviewer");
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    it("is readable by its owner and staff only while undecided, and gone from storage after the decision", async () => {
      expect(t.app.services.storage.kind).toBe(storageKind);
      const player = await createPlayer(t);
      const cookie = await loginCookie(t, player);
      const other = await loginCookie(t, await createPlayer(t));

      const sent = await t.app.inject({
        method: "PUT",
        url: "/api/player/age-check",
        headers: { cookie },
        payload: await sendBody(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const view = sent.json<{ message: string; ageCheck: AgeCheckView }>();
      expect(view.message).toBe(AGE_CHECK.sent);
      expect(view.ageCheck).toMatchObject({
        state: "pending",
        documentKind: "nrc",
        documentPath: "/api/player/age-check/document",
      });

      // Kept privately, re-encoded: a WebP with none of the camera's metadata.
      const [key] = await storedKeys(t);
      expect(key).toMatch(/^age-documents\/[0-9a-f-]{36}$/);
      const stored = await sharp(Buffer.concat(await (await t.app.services.storage.get(key!)).toArray())).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      // Turned upright from the EXIF orientation.
      expect([stored.width, stored.height]).toEqual([480, 640]);

      const checkId = key!.split("/")[1]!;
      const ownUrl = "/api/player/age-check/document";
      const staffUrl = `/api/admin/age-checks/${checkId}/document`;
      const own = await t.app.inject({ url: ownUrl, headers: { cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.headers["content-type"]).toBe("image/webp");
      expect(own.headers["cache-control"]).toBe("no-store");
      expect((await t.app.inject({ url: staffUrl, headers: { cookie: reviewer.cookie } })).statusCode).toBe(200);
      // Nobody else: another player has no document, and the staff route is for staff.
      expect((await t.app.inject({ url: ownUrl, headers: { cookie: other } })).statusCode).toBe(404);
      expect((await t.app.inject({ url: staffUrl, headers: { cookie: other } })).statusCode).toBe(403);
      expect((await t.app.inject({ url: staffUrl, headers: { cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ url: staffUrl })).statusCode).toBe(401);
      expect((await t.app.inject({ url: ownUrl })).statusCode).toBe(401);
      // No media route serves it.
      expect((await t.app.inject({ url: `/api/media/${checkId}`, headers: { cookie } })).statusCode).toBe(404);

      const queue = (await t.app.inject({ url: "/api/admin/age-checks", headers: { cookie: reviewer.cookie } })).json<{
        items: AgeCheckItem[];
      }>();
      expect(queue.items.find((item) => item.id === checkId)).toMatchObject({
        playerId: player.id,
        dateOfBirth: player.dateOfBirth,
        documentKind: "nrc",
        sentBy: "player",
        documentPath: staffUrl,
      });

      const verified = await t.app.inject({
        method: "POST",
        url: `/api/admin/age-checks/${checkId}/verify`,
        headers: { cookie: reviewer.cookie },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(await storedKeys(t)).toEqual([]);
      expect(await t.app.services.storage.stat(key!)).toBeNull();
      expect((await t.app.inject({ url: ownUrl, headers: { cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ url: staffUrl, headers: { cookie: reviewer.cookie } })).statusCode).toBe(404);
      // Decided once: a second decision is refused.
      const again = await t.app.inject({
        method: "POST",
        url: `/api/admin/age-checks/${checkId}/refuse`,
        headers: { cookie: reviewer.cookie },
        payload: { reason: "Too late." },
      });
      expect(again.statusCode).toBe(409);

      // Only the fact, the kind, the date and who decided remain.
      const [row] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.id, checkId));
      expect(row).toMatchObject({ state: "verified", documentKey: null, decidedBy: reviewer.id, documentKind: "nrc" });
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "age.verified"), eq(auditLog.targetId, player.id)));
      expect(audit).toMatchObject({
        actorId: reviewer.id,
        targetType: "account",
        detail: "National Registration Card (NRC)",
      });
    });

    it("deletes the photo when staff refuse, and tells the player why", async () => {
      const player = await createPlayer(t);
      const cookie = await loginCookie(t, player);
      await t.app.inject({
        method: "PUT",
        url: "/api/player/age-check",
        headers: { cookie },
        payload: await sendBody("passport"),
      });
      const [key] = await storedKeys(t);
      const checkId = key!.split("/")[1]!;
      const refused = await t.app.inject({
        method: "POST",
        url: `/api/admin/age-checks/${checkId}/refuse`,
        headers: { cookie: reviewer.cookie },
        payload: { reason: "The name on the passport is not the account's." },
      });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(await storedKeys(t)).toEqual([]);
      const view = (await t.app.inject({ url: "/api/player/age-check", headers: { cookie } })).json<{
        ageCheck: AgeCheckView;
      }>();
      expect(view.ageCheck).toMatchObject({
        state: "refused",
        refusalReason: "The name on the passport is not the account's.",
        documentPath: null,
      });
      const told = (await storedDeliveries(t)).filter((d) => d.accountId === player.id && d.event === "age-refused");
      expect(told.map((d) => d.channel).sort()).toEqual(["inbox", "sms"]);
    });
  });
}

documentLifecycle("disk");
documentLifecycle("s3");

describe("the badge, the list's filter and a change of date of birth", () => {
  let t: TestApp;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date(DAYTIME);
    reviewer = await createStaff(t, "reviewer");
  }, 120_000);
  afterAll(() => t?.close());

  const send = async (cookie: string, kind = "nrc") => {
    const sent = await t.app.inject({
      method: "PUT",
      url: "/api/player/age-check",
      headers: { cookie },
      payload: await sendBody(kind),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const pendingOf = async (playerId: string) =>
    (
      await t.database.db
        .select()
        .from(ageChecks)
        .where(and(eq(ageChecks.playerId, playerId), eq(ageChecks.state, "pending")))
    )[0]!;
  const decide = (checkId: string, action: "verify" | "refuse") =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/age-checks/${checkId}/${action}`,
      headers: { cookie: reviewer.cookie },
      ...(action === "refuse" ? { payload: { reason: "The photo is too blurred to read." } } : {}),
    });
  const listed = async (query: string) =>
    (await t.app.inject({ url: `/api/talent/players?${query}` })).json<PublicPlayerList>().items.map((p) => p.username);
  const badgeOf = async (username: string) =>
    (await t.app.inject({ url: `/api/talent/players/${username}` })).json<PublicPlayer>().ageVerified;

  it('shows "Age verified" once staff verify, keeps the filtered list to verified ages, and a refusal or a new date of birth clears it', async () => {
    const verified = await createProfile(t, { userName: "verifiedvee" });
    const refused = await createProfile(t, { userName: "refusedrae" });
    const unchecked = await createProfile(t, { userName: "uncheckedun" });
    const vCookie = await loginCookie(t, verified);
    const rCookie = await loginCookie(t, refused);
    await send(vCookie);
    await send(rCookie, "faz-card");
    // Waiting is not verified.
    expect(await badgeOf("verifiedvee")).toBe(false);
    expect((await decide((await pendingOf(verified.id)).id, "verify")).statusCode).toBe(200);
    expect((await decide((await pendingOf(refused.id)).id, "refuse")).statusCode).toBe(200);

    expect(await badgeOf("verifiedvee")).toBe(true);
    expect(await badgeOf("refusedrae")).toBe(false);
    const all = await listed("");
    expect(all).toEqual(expect.arrayContaining(["verifiedvee", "refusedrae", "uncheckedun"]));
    expect(await listed("ageVerified=1")).toEqual(["verifiedvee"]);
    expect(await listed("ageVerified=1&q=refused")).toEqual([]);
    const counted = (await t.app.inject({ url: "/api/talent/players?ageVerified=1" })).json<PublicPlayerList>();
    expect(counted.total).toBe(1);
    // Left blank, the filter is off; any other value is refused by the API.
    expect((await listed("ageVerified=")).length).toBe(all.length);
    expect((await t.app.inject({ url: "/api/talent/players?ageVerified=yes" })).statusCode).toBe(400);
    expect(unchecked.username).toBe("uncheckedun");

    // An age already verified is not sent again.
    const twice = await t.app.inject({
      method: "PUT",
      url: "/api/player/age-check",
      headers: { cookie: vCookie },
      payload: await sendBody(),
    });
    expect(twice.statusCode).toBe(409);

    // A new date of birth: the verification no longer speaks for the account.
    await t.database.db.update(players).set({ dateOfBirth: "2003-01-09" }).where(eq(players.id, verified.id));
    expect(await badgeOf("verifiedvee")).toBe(false);
    expect(await listed("ageVerified=1")).toEqual([]);
    const view = (await t.app.inject({ url: "/api/player/age-check", headers: { cookie: vCookie } })).json<{
      ageCheck: AgeCheckView;
    }>();
    expect(view.ageCheck.state).toBe("cleared");
    // ...and a document can be sent again for the new date.
    await send(vCookie, "passport");
  }, 180_000);

  it("discards a waiting document when the date of birth changes", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    await send(cookie);
    const waiting = await pendingOf(player.id);
    await t.database.db.update(players).set({ dateOfBirth: "2002-02-02" }).where(eq(players.id, player.id));
    const [row] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.id, waiting.id));
    expect(row!.state).toBe("cleared");
    // Staff can no longer open or decide it; the sweep deletes the photo.
    expect(
      (
        await t.app.inject({
          url: `/api/admin/age-checks/${waiting.id}/document`,
          headers: { cookie: reviewer.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await decide(waiting.id, "verify")).statusCode).toBe(409);
    expect(await t.app.services.storage.stat(waiting.documentKey!)).not.toBeNull();
    const checks = createAgeCheckService(t.app.services);
    await checks.sweep();
    expect(await t.app.services.storage.stat(waiting.documentKey!)).toBeNull();
    const [after] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.id, waiting.id));
    expect(after!.documentKey).toBeNull();
  });

  it("verifies no age on a photo that is missing from storage; refusing it asks for another", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    await send(cookie);
    const waiting = await pendingOf(player.id);
    // As a restore or a move leaves a check whose photo stayed behind.
    await t.app.services.storage.delete(waiting.documentKey!);

    const verified = await decide(waiting.id, "verify");
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe(AGE_CHECK.documentMissing);
    const [still] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.id, waiting.id));
    expect(still!.state).toBe("pending");

    expect((await decide(waiting.id, "refuse")).statusCode).toBe(200);
    const view = (await t.app.inject({ url: "/api/player/age-check", headers: { cookie } })).json<{
      ageCheck: AgeCheckView;
    }>();
    expect(view.ageCheck.state).toBe("refused");
  });

  it("deletes a waiting document with its account, in the deletion itself (the sweep is off here)", async () => {
    expect(t.config.MEDIA_SWEEP_MINUTES).toBe(0);
    const player = await createPlayer(t);
    await send(await loginCookie(t, player));
    const waiting = await pendingOf(player.id);
    expect(await t.app.services.storage.stat(waiting.documentKey!)).not.toBeNull();

    const requestId = await requestAndConfirmDeletion(t, player.email);
    const processed = await t.app.inject({
      method: "POST",
      url: `/api/admin/deletion-requests/${requestId}/process`,
      headers: { cookie: reviewer.cookie },
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(await t.app.services.storage.stat(waiting.documentKey!)).toBeNull();
    expect(await t.database.db.select().from(ageChecks).where(eq(ageChecks.playerId, player.id))).toEqual([]);
    // Nothing is left for staff to open or decide.
    const opened = await t.app.inject({
      url: `/api/admin/age-checks/${waiting.id}/document`,
      headers: { cookie: reviewer.cookie },
    });
    expect(opened.statusCode).toBe(404);
    expect((await decide(waiting.id, "verify")).statusCode).toBe(404);
  });

  it("sweeps a photo no check names, once it is older than a send could take", async () => {
    const key = ageDocumentKeys.document("00000000-0000-4000-8000-00000000abcd");
    await t.app.services.storage.put(key, Buffer.from("left by a crash"));
    const checks = createAgeCheckService(t.app.services);
    // Stored objects carry the storage's own (real) time, so the sweep's clock is set from it.
    t.clock.now = new Date();
    await checks.sweep();
    expect(await t.app.services.storage.stat(key)).not.toBeNull();
    t.clock.advance(ORPHAN_DOCUMENT_GRACE_MS + 60_000);
    await checks.sweep();
    expect(await t.app.services.storage.stat(key)).toBeNull();
    t.clock.now = new Date(DAYTIME);
  });

  it("takes a birth certificate from a guardian's lasting link and tells the guardian of the decision", async () => {
    const minor = await createProfile(t, { userName: "minormo", dateOfBirth: yearsAgo(t, 15) });
    const guardians = createGuardianService(t.app.services);
    expect(await guardians.invite(minor.id, "http://localhost")).toBe(true);
    const sms = readSmsOutbox(t, "+260955000001").findLast((m) => m.body.includes("/guardian#consent="));
    const token = sms!.body.match(/\/guardian#consent=([A-Za-z0-9_-]+)/)![1]!;

    for (const headers of [{ [GUARDIAN_LINK_HEADER]: "A".repeat(43) }, {}]) {
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/guardian-consent/age-check",
        headers,
        payload: await sendBody("birth-certificate"),
      });
      expect(bad.statusCode).toBe(404);
    }
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/guardian-consent/age-check",
      headers: { [GUARDIAN_LINK_HEADER]: token },
      payload: await sendBody("birth-certificate"),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The guardian sees the state, never a path to the photo.
    expect(sent.json<{ ageCheck: AgeCheckView }>().ageCheck).toMatchObject({
      state: "pending",
      documentKind: "birth-certificate",
      documentPath: null,
    });
    const waiting = await pendingOf(minor.id);
    expect(waiting.sentBy).toBe("guardian");
    expect((await decide(waiting.id, "verify")).statusCode).toBe(200);
    expect(await badgeOf("minormo")).toBe(true);
    const view = await t.app.inject({
      method: "POST",
      url: "/api/guardian-consent/age-check/view",
      payload: { token },
    });
    expect(view.json<{ ageCheck: AgeCheckView }>().ageCheck.state).toBe("verified");
    const told = (await storedDeliveries(t)).filter((d) => d.event === "age-verified");
    expect(told.map((d) => [d.channel, d.address ?? d.accountId])).toEqual(
      expect.arrayContaining([
        ["sms", "+260955000001"],
        ["inbox", minor.id],
      ]),
    );
  }, 120_000);

  it("refuses a photo that is not an image, or too large, before storing anything", async () => {
    const cookie = await loginCookie(t, await createPlayer(t));
    const before = await storedKeys(t);
    const junk = await t.app.inject({
      method: "PUT",
      url: "/api/player/age-check",
      headers: { cookie },
      payload: { kind: "nrc", contentType: "image/png", image: Buffer.from("not a picture at all").toString("base64") },
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().errors).toMatchObject({ image: AGE_CHECK.photoUnreadable });
    const huge = await t.app.inject({
      method: "PUT",
      url: "/api/player/age-check",
      headers: { cookie },
      payload: {
        kind: "nrc",
        contentType: "image/jpeg",
        image: "A".repeat(Math.ceil(((AGE_DOCUMENT_MAX_BYTES + 10) * 4) / 3)),
      },
    });
    expect(huge.statusCode).toBe(400);
    expect(await storedKeys(t)).toEqual(before);
  });
});

import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_CHECK } from "@touchline/contract/messages";
import { auditLog } from "../db/schema/admin.ts";
import { ageChecks } from "../db/schema/ages.ts";
import { createPlayer, createStaff, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * A check can wait for staff with no photo behind it: backups never hold identity documents, so a
 * site restored from one has waiting checks whose photo is gone (their decision, on the site that
 * was replaced, deleted it). Nobody may verify an age without the document; refusing stays
 * possible, and asks the player for a new photo.
 */

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function waitingCheckWithoutPhoto(): Promise<{ checkId: string; playerId: string }> {
  const player = await createPlayer(t);
  const cookie = await loginCookie(t, player);
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#e6dcc8" } })
    .jpeg()
    .toBuffer();
  const sent = await t.app.inject({
    method: "PUT",
    url: "/api/player/age-check",
    headers: { cookie },
    payload: { kind: "nrc", contentType: "image/jpeg", image: image.toString("base64") },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [check] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.playerId, player.id));
  // What a restore leaves: the row waits, its photo is not in the storage.
  await t.app.services.storage.delete(check!.documentKey!);
  return { checkId: check!.id, playerId: player.id };
}

const decide = (checkId: string, action: "verify" | "refuse") =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/age-checks/${checkId}/${action}`,
    headers: { cookie: reviewer.cookie },
    ...(action === "refuse" ? { payload: { reason: "The document is no longer here." } } : {}),
  });

describe("a waiting age check whose document photo is gone", () => {
  it("cannot be verified: the answer says to refuse it, and nothing is recorded", async () => {
    const { checkId, playerId } = await waitingCheckWithoutPhoto();
    const verified = await decide(checkId, "verify");
    expect(verified.statusCode, verified.body).toBe(409);
    expect(verified.json()).toMatchObject({ message: AGE_CHECK.documentMissing });
    const [row] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.id, checkId));
    expect(row).toMatchObject({ state: "pending", decidedBy: null });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "age.verified"), eq(auditLog.targetId, playerId)));
    expect(audits).toEqual([]);
  });

  it("can still be refused, which asks the player to send a new photo", async () => {
    const { checkId } = await waitingCheckWithoutPhoto();
    const refused = await decide(checkId, "refuse");
    expect(refused.statusCode, refused.body).toBe(200);
    const [row] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.id, checkId));
    expect(row).toMatchObject({ state: "refused", refusalReason: "The document is no longer here." });
  });
});

import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_RETENTION_DAYS_DEFAULT } from "@touchline/contract/limits";
import { createGuardianService } from "../auth/guardian-service.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { ageChecks } from "../db/schema/ages.ts";
import { notificationUnsubscribes } from "../db/schema/notifications.ts";
import { contactMessages } from "../db/schema/site.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import { deleteExpiredDeliveries } from "../notifications/sweep-job.ts";
import { createPlayer, createStaff, loginCookie } from "../test/auth-helpers.ts";
import { requestAndConfirmDeletion } from "../test/deletion-helpers.ts";
import { DAYTIME } from "../test/notifications.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * An account's deletion takes everything about its person: the messages to them and the messages
 * naming them (a guardian's SMS holds the guardian's name and number and the child's first name),
 * with their delivery records. Delivery records of everyone else are kept DELIVERY_RETENTION_DAYS.
 */

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(DAYTIME);
  reviewer = await createStaff(t, "reviewer");
}, 120_000);
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every row of the notification tables, each as one line of text: what a backup would hold. */
async function notificationText(): Promise<string> {
  const rows = await t.database.db.execute(sql`
    select n.*, d.* from notifications n left join notification_deliveries d on d.notification_id = n.id`);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
}

const yearsAgo = (years: number) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/** A player of 15 whose guardian was texted their link and heard of an age check's decision. */
async function minorWithGuardianMessages(firstName: string, guardian: { name: string; phone: string }) {
  const child = await createPlayer(t, { firstName, lastName: "Zulu", dateOfBirth: yearsAgo(15) });
  await createGuardianStore(t.app.services.db, t.app.services.now).recordGivenWithoutSms(
    child.id,
    guardian.name,
    guardian.phone,
  );
  // Sent at once, outside the outbox (the link is a secret).
  expect(await createGuardianService(t.app.services).invite(child.id, "http://localhost")).toBe(true);
  // Written with the decision, through the outbox.
  const cookie = await loginCookie(t, child);
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ccc" } })
    .jpeg()
    .toBuffer();
  const sent = await t.app.inject({
    method: "PUT",
    url: "/api/player/age-check",
    headers: { cookie },
    payload: { kind: "birth-certificate", contentType: "image/jpeg", image: image.toString("base64") },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [check] = await t.database.db
    .select()
    .from(ageChecks)
    .where(sql`${ageChecks.playerId} = ${child.id}`);
  const verified = await t.app.inject({
    method: "POST",
    url: `/api/admin/age-checks/${check!.id}/verify`,
    headers: { cookie: reviewer.cookie },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return child;
}

describe("deleting a child's account", () => {
  it("deletes the messages to the child and to their guardian, and everything in them", async () => {
    const guardian = { name: "Agnes Phiri", phone: "+260955123321" };
    const child = await minorWithGuardianMessages("Chisomo", guardian);
    const other = await minorWithGuardianMessages("Bwalya", { name: "Peter Mumba", phone: "+260955444555" });
    // The child unsubscribed their number; and wrote to us through the contact form.
    await t.database.db
      .insert(notificationUnsubscribes)
      .values({ channel: "sms", address: child.phoneNumber, createdAt: t.clock.now });
    await t.database.db.insert(contactMessages).values({
      id: crypto.randomUUID(),
      name: "Chisomo Zulu",
      email: child.email.toUpperCase(),
      message: "How do I add a second video?",
    });

    // An SMS of the child's own (an age verified is told in the inbox only).
    await createNotificationService(t.app.services).notifyNow([
      {
        event: "profile-rejected",
        params: {},
        to: { role: "player", accountId: child.id, name: "Chisomo Zulu", phone: child.phoneNumber, email: child.email },
      },
    ]);

    const before = await notificationText();
    for (const trace of [guardian.name, guardian.phone, "Chisomo", child.phoneNumber]) expect(before).toContain(trace);

    const requestId = await requestAndConfirmDeletion(t, child.email);
    const processed = await t.app.inject({
      method: "POST",
      url: `/api/admin/deletion-requests/${requestId}/process`,
      headers: { cookie: reviewer.cookie },
    });
    expect(processed.statusCode, processed.body).toBe(200);

    const after = await notificationText();
    for (const trace of [guardian.name, guardian.phone, "Chisomo", child.phoneNumber, child.id])
      expect(after).not.toContain(trace);
    // Another family's messages stay.
    for (const trace of ["Peter Mumba", "+260955444555", "Bwalya", other.id]) expect(after).toContain(trace);
    const unsubscribed = await t.database.db.select().from(notificationUnsubscribes);
    expect(unsubscribed.map((row) => row.address)).not.toContain(child.phoneNumber);
    const messages = await t.database.db.select().from(contactMessages);
    expect(messages.map((row) => row.email.toLowerCase())).not.toContain(child.email.toLowerCase());
  }, 120_000);
});

describe("the retention of delivery records", () => {
  it(`deletes delivery records and guardians' messages after ${DELIVERY_RETENTION_DAYS_DEFAULT} days, and keeps the inbox`, async () => {
    expect(t.config.DELIVERY_RETENTION_DAYS).toBe(DELIVERY_RETENTION_DAYS_DEFAULT);
    const child = await minorWithGuardianMessages("Natasha", { name: "Ruth Banda", phone: "+260955777888" });
    const inboxOf = async () =>
      (await t.app.inject({ url: "/api/notifications", headers: { cookie: await loginCookie(t, child) } })).json<{
        notifications: { event: string }[];
      }>().notifications;
    expect((await inboxOf()).map((n) => n.event)).toContain("age-verified");

    // A day short of the retention: everything stays.
    t.clock.advance((DELIVERY_RETENTION_DAYS_DEFAULT - 1) * DAY_MS);
    await deleteExpiredDeliveries(t.app.services);
    expect(await notificationText()).toContain("Ruth Banda");

    t.clock.advance(2 * DAY_MS);
    const deleted = await deleteExpiredDeliveries(t.app.services);
    expect(deleted.deliveries).toBeGreaterThan(0);
    expect(deleted.messages).toBeGreaterThan(0);
    const after = await notificationText();
    expect(after).not.toContain("Ruth Banda");
    expect(after).not.toContain("+260955777888");
    expect(after).not.toContain(child.phoneNumber);
    // The player's own inbox still has the message; only how it was delivered is gone.
    expect((await inboxOf()).map((n) => n.event)).toContain("age-verified");
    t.clock.now = new Date(DAYTIME);
  }, 120_000);
});

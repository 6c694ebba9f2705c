import { afterAll, beforeAll, expect, it } from "vitest";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { buildApp, type App } from "../app.ts";
import { rateLimitHits } from "../db/schema/auth.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * Two servers on one database (two instances behind a load balancer): a route's limit counts
 * the requests both received, and its window passes for both.
 */
let t: TestApp;
let second: App;
beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp(t.config, { database: t.database, now: () => new Date(t.clock.now), web: false });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const contact = (app: App, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/site/contact-messages",
    remoteAddress,
    payload: { name: "Chanda", email: "chanda@example.zm", message: "Hello" },
  });

it("counts a route's requests across instances sharing the database", async () => {
  const address = "198.51.100.7";
  // The contact form allows 10 a minute per address: 5 reach each instance.
  for (let i = 0; i < 5; i++) {
    expect((await contact(t.app, address)).statusCode).toBe(201);
    expect((await contact(second, address)).statusCode).toBe(201);
  }
  for (const app of [t.app, second]) {
    const refused = await contact(app, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: REQUEST_FAILED.tooManyRequests });
  }
  // Another address is not affected, and the next minute starts afresh on both.
  expect((await contact(second, "198.51.100.8")).statusCode).toBe(201);
  t.clock.advance(61_000);
  expect((await contact(second, address)).statusCode).toBe(201);
  expect((await contact(t.app, address)).statusCode).toBe(201);
  // Counted per route, in the table the account limits use.
  const buckets = await t.database.db.selectDistinct({ bucket: rateLimitHits.bucket }).from(rateLimitHits);
  expect(buckets.map((row) => row.bucket)).toContain("route:POST /api/site/contact-messages");
});

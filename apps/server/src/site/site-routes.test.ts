import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { ACCOUNT_DELETION, CONTACT, FIELD, REQUEST_FAILED } from "@touchline/contract/messages";
import { contactMessages, deletionRequests } from "../db/schema/site.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (table: typeof contactMessages | typeof deletionRequests) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe("POST /api/site/contact-messages", () => {
  it("stores a valid message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      payload: { name: "Chanda", email: "chanda@example.zm", message: "Do you cover the Super League?" },
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(stored[0]).toMatchObject({
      name: "Chanda",
      email: "chanda@example.zm",
      message: "Do you cover the Super League?",
    });
  });

  it("rejects missing fields with a message per field and stores nothing", async () => {
    const before = await rows(contactMessages);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      payload: { name: "", email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: REQUEST_FAILED.invalidRequest,
      errors: { name: CONTACT.contactNameRequired, email: FIELD.emailInvalid, message: CONTACT.contactMessageRequired },
    });
    expect(await rows(contactMessages)).toBe(before);
  });

  it("rejects wrong types, malformed JSON and oversized bodies with 4xx JSON", async () => {
    const before = await rows(contactMessages);
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      payload: { name: 42, email: ["a"], message: {} },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors)).toEqual(["name", "email", "message"]);

    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      headers: { "content-type": "application/json" },
      payload: "{name:",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("The request body is not valid JSON.");

    const huge = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      payload: { name: "a", email: "a@b.co", message: "x".repeat(100_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(typeof huge.json().message).toBe("string");

    const long = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      payload: { name: "a", email: "a@b.co", message: "x".repeat(5001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.message).toBe(FIELD.tooLong(5000));

    const text = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe("Send the request as JSON.");
    expect(await rows(contactMessages)).toBe(before);
  });

  it("refuses a post from another site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      headers: { origin: "https://evil.example", host: "localhost" },
      payload: { name: "a", email: "a@b.co", message: "hi" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/site/deletion-requests", () => {
  const valid = {
    email: "Mwila@Example.zm",
    reason: "privacy",
    understand: true,
    confirmation_text: "DELETE MY ACCOUNT",
    confirmation: true,
  };

  it("stores the request with the address in lower case (confirmation: deletion-requests.test.ts)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/site/deletion-requests", payload: valid });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(deletionRequests).where(eq(deletionRequests.id, res.json().id));
    // No account uses this address: the request is closed at once, and never confirmed.
    expect(stored).toMatchObject({ email: "mwila@example.zm", reason: "privacy", status: "no-account" });
    expect(stored!.confirmedAt).toBeNull();
  });

  it("rejects a phrase typed in lower case and stores nothing", async () => {
    const before = await rows(deletionRequests);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/site/deletion-requests",
      payload: { ...valid, confirmation_text: "delete my account" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.confirmation_text).toBe(ACCOUNT_DELETION.confirmationTextMismatch);
    expect(await rows(deletionRequests)).toBe(before);
  });

  it("rejects an unknown reason", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/site/deletion-requests",
      payload: { ...valid, reason: "bored" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.reason).toBeTruthy();
  });

  const storedRequest = async (id: string) =>
    (await t.database.db.select().from(deletionRequests).where(eq(deletionRequests.id, id)))[0];

  it("keeps the details only when the reason is Other", async () => {
    const other = await t.app.inject({
      method: "POST",
      url: "/api/site/deletion-requests",
      payload: { ...valid, reason: "other", otherReason: "  Moving abroad  " },
    });
    expect(other.statusCode).toBe(201);
    expect(await storedRequest(other.json().id)).toMatchObject({ reason: "other", otherReason: "Moving abroad" });

    const privacy = await t.app.inject({
      method: "POST",
      url: "/api/site/deletion-requests",
      payload: { ...valid, reason: "privacy", otherReason: "left over from Other" },
    });
    expect(privacy.statusCode).toBe(201);
    expect(await storedRequest(privacy.json().id)).toMatchObject({ reason: "privacy", otherReason: null });
  });

  it("accepts a request without a reason (the select left empty)", async () => {
    const { reason: _reason, ...noReason } = valid;
    for (const payload of [noReason, { ...valid, reason: "" }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/site/deletion-requests", payload });
      expect(res.statusCode).toBe(201);
      expect(await storedRequest(res.json().id)).toMatchObject({ reason: null, otherReason: null });
    }
  });

  it("requires both ticks, the e-mail and the phrase, with the form's own messages", async () => {
    const before = await rows(deletionRequests);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/site/deletion-requests",
      payload: { email: "", understand: false, confirmation_text: "", confirmation: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: FIELD.emailRequired,
      understand: ACCOUNT_DELETION.understandRequired,
      confirmation_text: ACCOUNT_DELETION.confirmationTextRequired,
      confirmation: ACCOUNT_DELETION.confirmationCheckboxRequired,
    });
    expect(await rows(deletionRequests)).toBe(before);
  });
});

describe("health", () => {
  it("is live and ready on a fresh data directory", async () => {
    expect((await t.app.inject("/api/health")).statusCode).toBe(200);
    const ready = await t.app.inject("/api/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ database: true, storage: true });
  });

  it("reports not ready while draining", async () => {
    t.app.healthState.draining = true;
    expect((await t.app.inject("/api/ready")).statusCode).toBe(503);
    t.app.healthState.draining = false;
  });
});

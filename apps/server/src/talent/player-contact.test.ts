import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { AUTH, CONTACT, FIELD, REQUEST_FAILED, TALENT } from "@touchline/contract/messages";
import { contactMessages } from "../db/schema/site.ts";
import { uniqueAddress } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createProfile } from "../test/public-players.ts";
import { LIMITS } from "../http/rate-limiter.ts";

let t: TestApp;
let mwila: Awaited<ReturnType<typeof createProfile>>;

beforeAll(async () => {
  t = await createTestApp();
  // The top of an hour: the address limit's window (one hour) then ends exactly 60 minutes on.
  t.clock.now = new Date("2026-03-02T10:00:00Z");
  mwila = await createProfile(t, { firstName: "Mwila", lastName: "Banda", userName: "mwila10" });
  await createProfile(t, { firstName: "Peter", lastName: "Lungu", userName: "peter_pending", status: "pending" });
}, 60_000);
afterAll(() => t?.close());

const valid = {
  name: "Kelvin Mwansa",
  organisation: "Zesco United FC",
  email: "Scouting@Zesco.example",
  phone: "097 123 4567",
  message: "We would like to invite Mwila to a trial in Ndola next month.",
};

const send = (username: string, payload: unknown, remoteAddress = uniqueAddress()) =>
  t.app.inject({
    method: "POST",
    url: `/api/talent/players/${username}/contact`,
    payload: payload as object,
    remoteAddress,
  });

const stored = async () => (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe("POST /api/talent/players/:username/contact", () => {
  it("stores the request in the staff inbox with the player it is about", async () => {
    const res = await send("MWILA10", valid);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), message: TALENT.contactSent("Mwila") });
    // The answer carries nothing of the player's own contact details.
    for (const secret of [mwila.email, mwila.phoneNumber]) expect(res.body).not.toContain(secret);

    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({
      source: "player-contact",
      name: "Kelvin Mwansa",
      organisation: "Zesco United FC",
      email: "scouting@zesco.example",
      phone: "+260971234567",
      message: valid.message,
      playerId: mwila.id,
      playerUsername: "mwila10",
      handledAt: null,
    });
  });

  it("accepts a request without a phone number, and international numbers", async () => {
    const noPhone = await send("mwila10", { ...valid, phone: "" });
    expect(noPhone.statusCode).toBe(201);
    const [a] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, noPhone.json().id));
    expect(a!.phone).toBeNull();

    const { phone: _phone, ...without } = valid;
    expect((await send("mwila10", without)).statusCode).toBe(201);

    const abroad = await send("mwila10", { ...valid, phone: "+27 (82) 555-0123" });
    expect(abroad.statusCode).toBe(201);
    const [b] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, abroad.json().id));
    expect(b!.phone).toBe("+27825550123");
  });

  it("refuses missing and malformed fields with a message per field, storing nothing", async () => {
    const before = await stored();
    const res = await send("mwila10", { name: " ", organisation: "", email: "scout@", phone: "12ab", message: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: REQUEST_FAILED.invalidRequest,
      errors: {
        name: CONTACT.contactNameRequired,
        organisation: TALENT.contactOrganisationRequired,
        email: FIELD.emailInvalid,
        phone: TALENT.contactPhoneInvalid,
        message: CONTACT.contactMessageRequired,
      },
    });
    const long = await send("mwila10", { ...valid, message: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ message: FIELD.tooLong(2000) });
    expect(await stored()).toBe(before);
  });

  it("answers 404 for a player who is not public, storing nothing", async () => {
    const before = await stored();
    for (const username of ["peter_pending", "nobody_here"]) {
      const res = await send(username, valid);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TALENT.playerNotFound });
    }
    expect(await stored()).toBe(before);
  });

  it("limits requests from one address", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < LIMITS.playerContactPerAddress.max; i++)
      expect((await send("mwila10", valid, address)).statusCode).toBe(201);
    const before = await stored();
    const refused = await send("mwila10", valid, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(AUTH.tooManyAttempts(60));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
    // Another address is not affected.
    expect((await send("mwila10", valid)).statusCode).toBe(201);
  });

  it("refuses a post from another site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/talent/players/mwila10/contact",
      headers: { origin: "https://evil.example", host: "localhost" },
      payload: valid,
    });
    expect(res.statusCode).toBe(403);
  });

  it("removes the requests about a player with the player's account", async () => {
    const { players } = await import("../db/schema/auth.ts");
    const other = await createProfile(t, { firstName: "Chipo", lastName: "Phiri", userName: "chipo_gk" });
    expect((await send("chipo_gk", valid)).statusCode).toBe(201);
    await t.database.db.delete(players).where(eq(players.id, other.id));
    const left = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.playerUsername, "chipo_gk"));
    expect(left).toEqual([]);
  });
});

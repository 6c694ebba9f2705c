import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INPUT, REQUEST_FAILED } from "@touchline/contract/messages";
import { players } from "../db/schema/auth.ts";
import { isUnavailableError } from "../db/unavailable.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { installErrorHandler } from "./errors.ts";
import { loggerOptions } from "./logger.ts";

/**
 * Statements the database refuses because of a value (SQLSTATE class 22), run for real on the
 * test database behind a server with our error handler and logger: the client gets a 400, the
 * log a warning without the statement's values.
 */
let t: TestApp;
let server: FastifyInstance;
const lines: string[] = [];
const caught: unknown[] = [];

const PHONE = "+260971234567";
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  server = Fastify({
    logger: { ...(loggerOptions(t.config) as object), level: "info", stream: { write: (l: string) => lines.push(l) } },
  });
  installErrorHandler(server);
  const run = (statement: () => Promise<unknown>) => async () => {
    try {
      await statement();
    } catch (error) {
      caught.push(error);
      throw error;
    }
    return { ok: true };
  };
  server.get(
    "/nul-in-text",
    run(() =>
      db.insert(players).values({
        id: randomUUID(),
        firstName: "Mw\u0000ila",
        lastName: "Banda",
        username: "mwila",
        usernameKey: "mwila",
        dateOfBirth: "2006-02-14",
        email: "mwila@example.zm",
        phoneNumber: PHONE,
        passwordHash: HASH,
      }),
    ),
  );
  server.get(
    "/not-a-uuid",
    run(() => db.execute(sql`select 1 from players where id = ${"0971234567"}::uuid`)),
  );
  server.get(
    "/out-of-range",
    run(() => db.execute(sql`select ${"99999999999"}::int`)),
  );
  server.get(
    "/a-bug",
    run(() => db.execute(sql`select * from a_table_that_does_not_exist where phone = ${PHONE}`)),
  );
  await server.ready();
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe("a value the database refuses", () => {
  it.each([
    ["/nul-in-text", "22021"],
    ["/not-a-uuid", "22P02"],
    ["/out-of-range", "22003"],
  ])("%s answers 400, is not taken for an unavailable database, and logs its SQLSTATE", async (url, sqlState) => {
    const before = lines.length;
    const res = await server.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INPUT.databaseRefused });
    expect(isUnavailableError(caught.at(-1))).toBe(false);
    const logged = lines.slice(before).map((line) => JSON.parse(line));
    const warning = logged.find(
      (line) => line.msg === "request refused: the database could not use a value it was sent",
    );
    expect(warning).toMatchObject({ level: 40, sqlState, err: { sqlState } });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("is logged without the statement's values: no phone number, password hash or user text", async () => {
    const before = lines.length;
    await server.inject({ url: "/nul-in-text" });
    const logged = lines.slice(before).join("\n");
    expect(logged).toContain('insert into \\"players\\"');
    expect(logged).toContain("params: [not logged]");
    for (const value of [PHONE, "971234567", HASH, "argon2id", "mwila@example.zm", "Mw\\u0000ila", "2006-02-14"])
      expect(logged).not.toContain(value);
    const withError = lines
      .slice(before)
      .map((line) => JSON.parse(line))
      .find((line) => line.err);
    expect(withError.err.type).toBe("DrizzleQueryError");
    expect(withError.err).not.toHaveProperty("params");
  });

  it("leaves other database failures as a logged 500, still without the values", async () => {
    const before = lines.length;
    const res = await server.inject({ url: "/a-bug" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: REQUEST_FAILED.serverError });
    const logged = lines.slice(before).join("\n");
    expect(logged).toContain("request failed");
    expect(logged).toContain('"sqlState":"42P01"');
    expect(logged).not.toContain("971234567");
  });
});

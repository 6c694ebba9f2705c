import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serializeError } from "./error-serializer.ts";

const PHONE = "+260971234567";
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";

/** A driver error as node-postgres or PGlite throws it. */
function driverError(fields: Record<string, unknown>): Error {
  return Object.assign(
    new Error('duplicate key value violates unique constraint "players_phone_number_unique"'),
    fields,
  );
}

describe("serializeError", () => {
  it("keeps drizzle's statement and the SQLSTATE, and drops its parameters from message, stack and fields", () => {
    const cause = driverError({ code: "23505", detail: `Key (phone_number)=(${PHONE}) already exists.` });
    const error = new DrizzleQueryError(
      'insert into "players" ("phone_number", "password_hash") values ($1, $2)',
      [PHONE, HASH],
      cause,
    );
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('insert into \\"players\\"');
    expect(serialized).toContain("params: [not logged]");
    expect(serialized).toContain('"sqlState":"23505"');
    expect(serialized).not.toContain("971234567");
    expect(serialized).not.toContain("argon2id");
  });

  it("drops a driver error's own parameters and the row it quotes", () => {
    const error = driverError({
      code: "23505",
      params: [PHONE],
      detail: `Key (phone_number)=(${PHONE}) already exists.`,
    });
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized).not.toHaveProperty("params");
    expect(serialized).not.toHaveProperty("detail");
    expect(serialized).toMatchObject({ code: "23505", sqlState: "23505" });
  });

  it("cuts a parameters line whose text no longer matches the error's own", () => {
    const error = new Error(`Failed query: select 1\nparams: ${PHONE},${HASH}\n    at somewhere (file.ts:1:1)`);
    error.stack = `Error: ${error.message}`;
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).not.toContain("971234567");
    expect(serialized).toContain("at somewhere");
  });

  it("leaves errors without parameters, and values that are not errors, as they are", () => {
    expect(serializeError("plain text" as never)).toBe("plain text");
    expect(serializeError(new Error("no database here"))).toMatchObject({ type: "Error", message: "no database here" });
  });
});

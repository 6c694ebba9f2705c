import { hashPassword } from "../auth/passwords.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import type { Role } from "../auth/request-user.ts";
import type { TestApp } from "./test-app.ts";

export interface TestPlayer {
  id: string;
  phoneNumber: string;
  password: string;
  username: string;
  email: string;
}

let counter = 0;

/** A valid Zambian mobile number in E.164 not used by any other helper call in this process. */
export function uniquePhone(): string {
  counter += 1;
  const tail = String((process.pid * 7919 + counter * 104_729) % 10_000_000).padStart(7, "0");
  return `+26097${tail}`;
}

/** A strong password that satisfies the reset rule too, so it also works for change-password tests. */
export const TEST_PASSWORD = "Goal$2025kick";

/**
 * A verified player, created through the account store (as registration + code would leave it).
 * overrides may set any registration field, the role, or verified: false for a pending account.
 */
export async function createPlayer(
  t: TestApp,
  overrides: Partial<{ firstName: string; lastName: string; userName: string; dateOfBirth: string; email: string; phoneNumber: string; password: string; role: Role; verified: boolean }> = {},
): Promise<TestPlayer> {
  const phoneNumber = overrides.phoneNumber ?? uniquePhone();
  const suffix = phoneNumber.slice(-7);
  const password = overrides.password ?? TEST_PASSWORD;
  const store = createPlayerStore(t.app.services.db, t.app.services.now);
  const row = await store.insert({
    firstName: overrides.firstName ?? "Mwila",
    lastName: overrides.lastName ?? "Banda",
    userName: overrides.userName ?? `player${suffix}`,
    dateOfBirth: overrides.dateOfBirth ?? "2004-05-17",
    email: overrides.email ?? `player${suffix}@example.zm`,
    phoneNumber,
    passwordHash: await hashPassword(password),
    role: overrides.role ?? "player",
    phoneVerifiedAt: overrides.verified === false ? null : t.app.services.now(),
  });
  return { id: row.id, phoneNumber: row.phoneNumber, password, username: row.username, email: row.email };
}

/** Logs in through the real API and returns the value for a Cookie request header. */
export async function loginCookie(t: TestApp, credentials: { phoneNumber: string; password: string; rememberMe?: boolean }): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/Authorization/loginScout",
    payload: { phoneNumber: credentials.phoneNumber, password: credentials.password, rememberMe: credentials.rememberMe ?? false },
  });
  if (res.statusCode !== 200) throw new Error(`login failed in test helper: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "tl_session");
  if (!cookie) throw new Error("login answered without a session cookie");
  return `${cookie.name}=${cookie.value}`;
}

/** A reviewer or admin, already logged in: { ...credentials, cookie }. */
export async function createStaff(t: TestApp, role: Exclude<Role, "player">): Promise<TestPlayer & { cookie: string }> {
  const staff = await createPlayer(t, { role, firstName: role === "admin" ? "Ada" : "Rita", lastName: "Staff" });
  return { ...staff, cookie: await loginCookie(t, staff) };
}

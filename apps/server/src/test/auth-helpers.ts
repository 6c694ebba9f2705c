import fs from "node:fs";
import path from "node:path";
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
  dateOfBirth: string;
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
  overrides: Partial<{
    firstName: string;
    lastName: string;
    userName: string;
    dateOfBirth: string;
    email: string;
    phoneNumber: string;
    password: string;
    role: Role;
    verified: boolean;
  }> = {},
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
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    password,
    username: row.username,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
  };
}

let addressCounter = 0;

/**
 * A client address of its own (inject's remoteAddress), so one test's requests do not count
 * against another's per-address rate limits.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * Logs in through the real API and returns the value for a Cookie request header. Each call
 * comes from its own address, so suites that log in often never meet the login rate limit.
 */
export async function loginCookie(
  t: TestApp,
  credentials: { phoneNumber: string; password: string; rememberMe?: boolean },
): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/Authorization/loginScout",
    payload: {
      phoneNumber: credentials.phoneNumber,
      password: credentials.password,
      rememberMe: credentials.rememberMe ?? false,
    },
    remoteAddress: uniqueAddress(),
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

export interface OutboxMessage {
  to: string;
  body: string;
  sentAt: string;
}

/** Every SMS the console provider wrote to this test app's outbox, oldest first. */
export function readSmsOutbox(t: TestApp, to?: string): OutboxMessage[] {
  const file = path.join(t.dataDir, "sms-outbox.jsonl");
  if (!fs.existsSync(file)) return [];
  const all = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
  return to ? all.filter((m) => m.to === to) : all;
}

/** The code in the newest SMS to a number (the only 5-digit number of the body). */
export function latestCode(t: TestApp, to: string): string {
  const message = readSmsOutbox(t, to).at(-1);
  const code = message?.body.match(/\b\d{5}\b/)?.[0];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** A valid registration body (override any field). */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  const phoneNumber = (overrides.phoneNumber as string | undefined) ?? uniquePhone();
  const suffix = phoneNumber.replace(/\D/g, "").slice(-7);
  return {
    firstName: "Chipo",
    lastName: "Mulenga",
    userName: `chipo${suffix}`,
    dateOfBirth: "2006-02-14",
    email: `chipo${suffix}@example.zm`,
    phoneNumber,
    password: "Kickoff@2025",
    ...overrides,
  };
}

import type { ScoutAccountView } from "@touchline/contract/scouts";
import { createStaff, latestCode, TEST_PASSWORD, uniqueAddress } from "./auth-helpers.ts";
import { readEmailOutbox } from "./outbox.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;

/**
 * A valid /scouts/join body from abroad (override any field): from Tanzania, a neighbour SMS
 * codes go to by default; a scout from a country they do not go to gives its own phoneNumber.
 */
export function scoutJoinBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${process.pid % 1000}${String(counter).padStart(4, "0")}`;
  return {
    firstName: "Sam",
    lastName: "Okafor",
    organisation: "Lusaka Dynamos Academy",
    organisationKind: "academy",
    roleTitle: "Chief scout",
    country: "Tanzania",
    phoneNumber: `+2557${n.padStart(8, "0").slice(-8)}`,
    email: `scout${n}@example.org`,
    proofUrl: "https://example.org/staff/sam-okafor",
    password: TEST_PASSWORD,
    ...overrides,
  };
}

export interface TestScout {
  id: string;
  email: string;
  phoneNumber: string;
  cookie: string;
}

/** The token of the newest confirmation link e-mailed to an address. */
export function emailLinkToken(t: TestApp, to: string): string {
  const mail = readEmailOutbox(t, to).findLast((m) => m.body.includes("/scouts/confirm-email#token="));
  const token = mail?.body.match(/\/scouts\/confirm-email#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was e-mailed to ${to}`);
  return token;
}

/**
 * A scout who joined through the API, logged in (the join's cookie), with phone and e-mail
 * confirmed unless `confirmed` is false, and verified by an admin when `state` is "verified".
 */
export async function createScout(
  t: TestApp,
  {
    state = "verified",
    confirmed = true,
    ...overrides
  }: { state?: "verified" | "unverified"; confirmed?: boolean } & Record<string, unknown> = {},
): Promise<TestScout> {
  const body = scoutJoinBody(overrides);
  const joined = await t.app.inject({
    method: "POST",
    url: "/api/scouts/join",
    payload: body,
    remoteAddress: uniqueAddress(),
  });
  if (joined.statusCode !== 201) throw new Error(`scout join failed: ${joined.statusCode} ${joined.body}`);
  const cookie = joined.cookies.find((c) => c.name === "tl_session")!;
  const scout: TestScout = {
    id: joined.json<{ scout: ScoutAccountView }>().scout.id,
    email: body.email as string,
    phoneNumber: body.phoneNumber as string,
    cookie: `${cookie.name}=${cookie.value}`,
  };
  if (confirmed) {
    const phone = await t.app.inject({
      method: "POST",
      url: "/api/scouts/me/phone/confirm",
      payload: { otp: latestCode(t, scout.phoneNumber) },
      headers: { cookie: scout.cookie },
      remoteAddress: uniqueAddress(),
    });
    if (phone.statusCode !== 200) throw new Error(`scout phone confirmation failed: ${phone.body}`);
    const email = await t.app.inject({
      method: "POST",
      url: "/api/scouts/email/confirm",
      payload: { token: emailLinkToken(t, scout.email) },
      remoteAddress: uniqueAddress(),
    });
    if (email.statusCode !== 200) throw new Error(`scout e-mail confirmation failed: ${email.body}`);
  }
  if (state === "verified") {
    const admin = await createStaff(t, "admin");
    const verified = await t.app.inject({
      method: "POST",
      url: `/api/admin/scouts/${scout.id}/verify`,
      payload: {},
      headers: { cookie: admin.cookie },
    });
    if (verified.statusCode !== 200) throw new Error(`scout verification failed: ${verified.body}`);
  }
  return scout;
}

/** Logs a scout in again (after the test clock moved past their session) and returns the cookie. */
export async function scoutLoginCookie(t: TestApp, scout: { email: string }): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/scouts/login",
    payload: { email: scout.email, password: TEST_PASSWORD },
    remoteAddress: uniqueAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`scout login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "tl_session")!;
  return `${cookie.name}=${cookie.value}`;
}

import { expect, type APIRequestContext } from "@playwright/test";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { latestCode, readOutbox } from "./support.ts";

/** Scouts made for journeys: through the API, as the join page, the links and the console would. */

export const SCOUT_PASSWORD = "Scout@2026ok";
export const uniqueDigits = () => String(Math.floor(Math.random() * 1e6)).padStart(6, "0");

/** Waits for the newest e-mail to `to` with a link to `path` and returns the link. */
export async function emailedLink(to: string, path: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = readOutbox("email").findLast((m) => m.to === to && m.body.includes(path));
      link = mail?.body.match(new RegExp(`(https?://\\S+${path}#token=[A-Za-z0-9_-]+)`))?.[1] ?? "";
      return link;
    })
    .toMatch(/#token=/);
  return link;
}

/** A verified scout made through the API, as the join page, the links and the console would. */
export async function verifiedScoutApi(
  api: APIRequestContext,
  newContext: () => Promise<APIRequestContext>,
  organisation: string,
) {
  const digits = uniqueDigits();
  const email = `api-scout-${digits}@example.org`;
  const phoneNumber = `+255712${digits}`;
  const joined = await api.post("/api/scouts/join", {
    data: {
      firstName: "Ruth",
      lastName: "Asante",
      organisation,
      organisationKind: "club",
      roleTitle: "Head of recruitment",
      country: "Tanzania",
      phoneNumber,
      email,
      proofUrl: "https://example.org/club/staff",
      password: SCOUT_PASSWORD,
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const id = ((await joined.json()) as { scout: { id: string } }).scout.id;
  expect((await api.post("/api/scouts/me/phone/confirm", { data: { otp: await latestCode(phoneNumber) } })).ok()).toBe(
    true,
  );
  const token = new URL(await emailedLink(email, "/scouts/confirm-email")).hash.replace("#token=", "");
  expect((await api.post("/api/scouts/email/confirm", { data: { token } })).ok()).toBe(true);
  const staff = await newContext();
  expect(
    (
      await staff.post("/api/Authorization/loginScout", {
        data: { phoneNumber: E2E_REVIEWER.phoneNumber, password: E2E_REVIEWER.password, rememberMe: false },
      })
    ).ok(),
  ).toBe(true);
  expect((await staff.post(`/api/admin/scouts/${id}/verify`, { data: {} })).ok()).toBe(true);
  await staff.dispose();
  return { id, email, phoneNumber };
}

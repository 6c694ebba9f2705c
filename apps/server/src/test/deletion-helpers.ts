import { expect } from "vitest";
import { DELETION_CONFIRM_FRAGMENT } from "@touchline/contract/site";
import { readEmailOutbox } from "./outbox.ts";
import { uniqueAddress } from "./auth-helpers.ts";
import type { TestApp } from "./test-app.ts";

/** The answers of the public /delete form (both steps), for any address; override any field. */
export function deletionRequestBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    reason: "privacy",
    understand: true,
    confirmation_text: "DELETE MY ACCOUNT",
    confirmation: true,
    ...overrides,
  };
}

/** Sends a deletion request through the public form's API, as a visitor would; its id. */
export async function requestDeletion(t: TestApp, email: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/site/deletion-requests",
    remoteAddress: uniqueAddress(),
    payload: deletionRequestBody(email, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The token of the newest confirmation link e-mailed to address (undefined when none was sent). */
export function confirmationToken(t: TestApp, address: string): string | undefined {
  const mail = readEmailOutbox(t, address.toLowerCase()).findLast((m) => m.subject.startsWith("Confirm the deletion"));
  return mail?.body.match(new RegExp(`#${DELETION_CONFIRM_FRAGMENT}=([A-Za-z0-9_-]+)`))?.[1];
}

export const confirmDeletion = (t: TestApp, token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/site/deletion-requests/confirm",
    remoteAddress: uniqueAddress(),
    payload: { token },
  });

/** A public request for an account's address, confirmed with the link e-mailed to it, as its owner would. */
export async function requestAndConfirmDeletion(t: TestApp, email: string, overrides: Record<string, unknown> = {}) {
  const id = await requestDeletion(t, email, overrides);
  const token = confirmationToken(t, email);
  if (!token) throw new Error(`no confirmation link was e-mailed to ${email}`);
  const confirmed = await confirmDeletion(t, token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return id;
}

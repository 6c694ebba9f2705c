import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUARDIAN_LINK_HEADER } from "@touchline/contract/age-check";
import { GUARDIAN } from "@touchline/contract/guardian";
import { AGE_CHECK, INPUT } from "@touchline/contract/messages";
import { createGuardianService } from "../auth/guardian-service.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { createPlayer, loginCookie, readSmsOutbox } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { serverUrl } from "../test/upload-client.ts";
import { DOCUMENT_BODIES_AT_ONCE } from "./age-check-routes.ts";

/**
 * A document photo is admitted before a byte of it is read, on a real socket: its sender known
 * (the guardian's link, from a header, or the session), a body slot free (a few in the process,
 * one per player), and then it must arrive within AGE_DOCUMENT_BODY_SECONDS (3 s here; the idle
 * timeout is kept far from it so that a busy machine still tells them apart).
 */
let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ AGE_DOCUMENT_BODY_SECONDS: "3", HTTP_IDLE_TIMEOUT_SECONDS: "60" });
  port = Number(new URL(await serverUrl(t.app)).port);
  // A minor whose guardian agreed, without the profile's media: only the lasting link matters here.
  const minor = await createPlayer(t, { dateOfBirth: `${new Date().getUTCFullYear() - 15}-03-01` });
  const { db, now } = t.app.services;
  await createGuardianStore(db, now).recordGivenWithoutSms(minor.id, "Test Guardian", "+260955000001");
  expect(await createGuardianService(t.app.services).invite(minor.id, "http://localhost")).toBe(true);
  const sms = readSmsOutbox(t, "+260955000001").findLast((m) => m.body.includes("/guardian#consent="));
  token = sms!.body.match(/\/guardian#consent=([A-Za-z0-9_-]+)/)![1]!;
}, 240_000);
afterAll(() => t.close());

const photoBody = async () =>
  JSON.stringify({
    kind: "birth-certificate",
    contentType: "image/jpeg",
    image: (
      await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 190, b: 170 } } })
        .jpeg()
        .toBuffer()
    ).toString("base64"),
  });

/** The head of a send whose body is announced at a megabyte, and its first bytes. */
function slowSend(path: string, method: string, headers: Record<string, string>) {
  const socket = net.connect(port, "127.0.0.1");
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - opened)));
  const head = Object.entries({
    host: "127.0.0.1",
    "content-type": "application/json",
    "content-length": "1000000",
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(
    `${method} ${path} HTTP/1.1\r\n${head}\r\n{"kind":"nrc","contentType":"image/jpeg","image":"${"A".repeat(4096)}`,
  );
  return {
    socket,
    received: () => received,
    /** The time of the server's close, or null if the connection is still open after ms. */
    closedWithin: (ms: number) =>
      Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]),
  };
}
const guardianSend = (link: string) =>
  slowSend("/api/guardian-consent/age-check", "POST", { [GUARDIAN_LINK_HEADER]: link });

/**
 * A new client address for each injected request (documentation addresses, never on a network),
 * so that the route's limit per address counts only where a test means it to.
 */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `192.0.2.${addresses}`;
};

/** Waits until the process holds this many photo bodies (a send's slot is taken as its headers arrive). */
async function untilHeld(count: number) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/guardian-consent/age-check",
      headers: { [GUARDIAN_LINK_HEADER]: token },
      remoteAddress: nextAddress(),
      payload: {},
    });
    // "Still sending" while the guardian's own send holds a slot; "busy" when all are taken.
    const expected = count >= DOCUMENT_BODIES_AT_ONCE ? AGE_CHECK.busy : AGE_CHECK.stillSending;
    if (answer.json<{ message: string }>().message === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server never held ${count} photo bodies`);
}

const guardianPost = async (headers: Record<string, string>, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: "POST",
    url: "/api/guardian-consent/age-check",
    headers: { ...headers, "content-type": "application/json" },
    remoteAddress,
    payload: await photoBody(),
  });

describe("a guardian's document photo", () => {
  it("is refused for a made-up or missing link before its body is read", async () => {
    for (const headers of [{ [GUARDIAN_LINK_HEADER]: "B".repeat(43) }, {}] as Record<string, string>[]) {
      const send = slowSend("/api/guardian-consent/age-check", "POST", headers);
      // Answered at once, without waiting for the megabyte announced, and the connection closed.
      expect(await send.closedWithin(10_000), "the server should answer and close").not.toBeNull();
      expect(send.received()).toMatch(/^HTTP\/1\.1 404 /);
      expect(send.received()).toContain(`"message":${JSON.stringify(GUARDIAN.linkInvalid)}`);
    }
  }, 60_000);

  it("is read one at a time for a player, and then sent", async () => {
    const first = guardianSend(token);
    await untilHeld(1);
    const second = await guardianPost({ [GUARDIAN_LINK_HEADER]: token });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ message: AGE_CHECK.stillSending });
    // A send cut short gives its slot back.
    first.socket.destroy();
    const deadline = Date.now() + 15_000;
    let sent = await guardianPost({ [GUARDIAN_LINK_HEADER]: token });
    while (sent.statusCode === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent = await guardianPost({ [GUARDIAN_LINK_HEADER]: token });
    }
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: AGE_CHECK.sent, ageCheck: { state: "pending", documentPath: null } });
  }, 60_000);

  it("waits for a free body slot, never in a queue: the one over the limit is told to try again", async () => {
    const players = await Promise.all(
      Array.from({ length: DOCUMENT_BODIES_AT_ONCE }, async () => loginCookie(t, await createPlayer(t))),
    );
    const held = players.map((cookie) => slowSend("/api/player/age-check", "PUT", { cookie }));
    await untilHeld(DOCUMENT_BODIES_AT_ONCE);
    const refused = await guardianPost({ [GUARDIAN_LINK_HEADER]: token });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("60");
    expect(refused.json()).toMatchObject({ message: AGE_CHECK.busy });
    for (const send of held) send.socket.destroy();
  }, 120_000);

  it("must arrive within its deadline", async () => {
    const send = guardianSend(token);
    expect(await send.closedWithin(30_000), "the server should close the connection").not.toBeNull();
    expect(send.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(send.received()).toContain(JSON.stringify({ message: INPUT.requestTimeout }));
  }, 60_000);

  it("is limited per address: ten tries a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await guardianPost({ [GUARDIAN_LINK_HEADER]: "C".repeat(43) }, "198.51.100.7")).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
  }, 60_000);
});

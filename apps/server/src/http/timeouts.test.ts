import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INPUT } from "@touchline/contract/messages";
import { largeMp4, serverUrl, tusCreate, tusHead, tusPatch } from "../test/upload-client.ts";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * Clients that stop sending, on a real socket: a request's headers, and the body of any request
 * but an upload chunk, must arrive within HTTP_REQUEST_TIMEOUT_SECONDS; any connection on which
 * nothing moves for HTTP_IDLE_TIMEOUT_SECONDS is closed. An upload chunk from a slow phone may
 * take as long as its bytes keep coming, and one that stalls resumes from its stored bytes.
 * Short timeouts here (1 s and 4 s); the defaults are 30 s and 60 s. The idle timeout is kept
 * well apart from the body deadline and from the gaps between the pieces an upload sends, so a
 * busy machine that runs this file late by a second still tells them apart.
 */
let t: TestApp;
let cookie: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ HTTP_REQUEST_TIMEOUT_SECONDS: "1", HTTP_IDLE_TIMEOUT_SECONDS: "4" });
  cookie = await loginCookie(t, await createPlayer(t));
  port = Number(new URL(await serverUrl(t.app)).port);
});
afterAll(() => t.close());

/** A raw connection: what it received, and when (ms after opening) the server closed it. */
function rawConnection() {
  const socket = net.connect(port, "127.0.0.1");
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - opened)));
  return {
    socket,
    received: () => received,
    /** Resolves with the time of the close, or null if the server keeps the connection open. */
    closedWithin: (ms: number) =>
      Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]),
  };
}

const contactBody = JSON.stringify({ name: "Chanda", email: "chanda@example.zm", message: "Hello from Kitwe" });
const contactHead = (length: number) =>
  `POST /api/site/contact-messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("an ordinary JSON route", () => {
  it("answers 408 and closes when the body stops halfway", async () => {
    const connection = rawConnection();
    connection.socket.write(contactHead(contactBody.length) + contactBody.slice(0, 20));
    const closedAfter = await connection.closedWithin(6_000);
    expect(closedAfter, "the server should close the connection").not.toBeNull();
    // The body deadline (1 s, checked as it runs), well before the idle timeout (4 s).
    expect(closedAfter!).toBeLessThan(3_500);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(connection.received()).toMatch(/connection: close/i);
    expect(connection.received()).toContain(JSON.stringify({ message: INPUT.requestTimeout }));
  });

  it("outlives a body nobody reads: refused before parsing, then stalled past the deadline", async () => {
    // 415 is answered before the body is read; the deadline then fires on a stream nobody
    // listens to, which must not take the process down.
    const connection = rawConnection();
    connection.socket.write(
      "POST /api/site/contact-messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nhello",
    );
    await connection.closedWithin(2_500);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 4\d\d /);
    const alive = await fetch(`${await serverUrl(t.app)}/api/health`);
    expect(alive.status).toBe(200);
  });

  it("does the same for the second request of a kept-alive connection", async () => {
    const connection = rawConnection();
    connection.socket.write(contactHead(contactBody.length) + contactBody);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connection.received()).toMatch(/^HTTP\/1\.1 201 /);
    connection.socket.write(contactHead(contactBody.length) + contactBody.slice(0, 10));
    expect(await connection.closedWithin(6_000)).not.toBeNull();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 201 [\s\S]*HTTP\/1\.1 408 /);
  });

  it("answers 408 and closes when the headers stop halfway", async () => {
    const connection = rawConnection();
    connection.socket.write("POST /api/site/contact-messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty");
    const closedAfter = await connection.closedWithin(6_000);
    expect(closedAfter, "the server should close the connection").not.toBeNull();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe("an upload chunk", () => {
  const createUpload = async (size: number) => {
    const created = await tusCreate(t.app, cookie, size, {
      kind: "video",
      filename: "skills.mp4",
      filetype: "video/mp4",
    });
    expect(created.status).toBe(201);
    return created.headers.get("location")!;
  };
  const patchHead = (location: string, offset: number, length: number) =>
    `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nTus-Resumable: 1.0.0\r\n` +
    `Upload-Offset: ${offset}\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

  it("is not cut while its bytes keep arriving, however long it takes", async () => {
    const video = largeMp4(400_000);
    const location = await createUpload(video.length);
    const connection = rawConnection();
    connection.socket.write(patchHead(location, 0, video.length));
    // 16 pieces, one every 300 ms: 4.8 s in all, past both the 1 s body deadline and the 4 s idle timeout.
    const piece = Math.ceil(video.length / 16);
    for (let start = 0; start < video.length; start += piece) {
      connection.socket.write(video.subarray(start, start + piece));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const deadline = Date.now() + 10_000;
    while (!/\r\n\r\n/.test(connection.received()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.received()).toContain(`"size":${video.length}`);
    connection.socket.destroy();
  });

  it("that stalls is closed after the idle timeout, and resumes from its stored bytes", async () => {
    const video = largeMp4(600_000);
    const location = await createUpload(video.length);
    const connection = rawConnection();
    connection.socket.write(patchHead(location, 0, video.length));
    connection.socket.write(video.subarray(0, 250_000));
    const closedAfter = await connection.closedWithin(12_000);
    expect(closedAfter, "the server should close the stalled connection").not.toBeNull();
    // The idle timeout (4 s), not the 1 s body deadline of ordinary routes.
    expect(closedAfter!).toBeGreaterThanOrEqual(3_900);

    let offset = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const head = await tusHead(t.app, cookie, location);
      if (head.status === 200) {
        offset = Number(head.headers.get("upload-offset"));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(250_000);
    const done = await tusPatch(t.app, cookie, location, offset, video.subarray(offset));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ size: video.length });
  });
});

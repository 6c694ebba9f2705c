import fs from "node:fs/promises";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUARDIAN_LINK_HEADER } from "@touchline/contract/age-check";
import { AGE_DOCUMENT_BODY_LIMIT } from "@touchline/contract/limits";
import { startServerProcess, type ServerProcess } from "../test/server-process.ts";

/**
 * A hundred guardians' document sends that never finish, against the real server in its own
 * process: whatever their links, the memory they make it hold stays bounded. Each announces a
 * photo of the largest size and sends all of it but its last bytes, then waits. The bound asserted
 * is generous (a busy machine's garbage collector may lag); holding the bodies takes the process
 * up by the better part of a gigabyte.
 */
const SENDS = 100;
const MOST_GROWTH_BYTES = 200 * 1024 * 1024;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({
    LOG_LEVEL: "warn",
    AGE_DOCUMENT_BODY_SECONDS: "600",
    HTTP_IDLE_TIMEOUT_SECONDS: "600",
  });
}, 240_000);
afterAll(() => server?.kill());

/** The server process's resident memory, in bytes. */
async function residentBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

/**
 * One send: the head, then the body in 256 KiB pieces as fast as the server takes them, all but
 * its last 16 bytes. Resolves once those are sent, or once the server answered or closed.
 */
function holdSend(port: number, link: string): Promise<net.Socket> {
  const prefix = `{"kind":"birth-certificate","contentType":"image/jpeg","image":"`;
  const length = AGE_DOCUMENT_BODY_LIMIT - 1024;
  const head =
    `POST /api/guardian-consent/age-check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `${GUARDIAN_LINK_HEADER}: ${link}\r\nContent-Length: ${length}\r\n\r\n${prefix}`;
  const piece = Buffer.alloc(256 * 1024, "A");
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let left = length - prefix.length - 16;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(socket);
    };
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("data", finish);
    const pump = () => {
      while (!done && left > 0) {
        const bytes = piece.subarray(0, Math.min(piece.length, left));
        left -= bytes.length;
        if (!socket.write(bytes)) return void socket.once("drain", pump);
      }
      finish();
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

describe("a hundred document sends that never finish", () => {
  it("leave the server's memory bounded, and the server answering", async () => {
    // Settled first: the first requests of a fresh process load code and fill caches.
    for (let i = 0; i < 3; i += 1) await fetch(`${server.url}/api/ready`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = await residentBytes(server.child.pid!);
    const sockets: net.Socket[] = [];
    try {
      // Ten at a time, so that the machine is not flooded; all hundred stay open together.
      for (let i = 0; i < SENDS; i += 10)
        sockets.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, j) =>
              holdSend(server.port, `${"Q".repeat(40)}${String(i + j).padStart(3, "0")}`),
            ),
          )),
        );
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const growth = (await residentBytes(server.child.pid!)) - before;
      expect(growth, `grew by ${Math.round(growth / 1024 / 1024)} MB`).toBeLessThan(MOST_GROWTH_BYTES);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  }, 600_000);
});

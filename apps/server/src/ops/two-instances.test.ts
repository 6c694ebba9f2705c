import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "@touchline/contract/limits";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { largeMp4 } from "../test/upload-client.ts";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { registerAndLogIn, startServerProcess, type ServerProcess } from "../test/server-process.ts";

/**
 * Scaling out: two server processes on two ports, one PostgreSQL database, one S3 bucket (s3rver
 * on loopback), as behind a load balancer without sticky sessions. What one instance starts,
 * the other continues: sessions, uploads (tus state and locks), rate limits.
 *
 * It needs a PostgreSQL server (PGlite lives inside one process), so it runs in the
 * server-postgres project, which exists when TEST_DATABASE_URL is set (.ci/run sets it when
 * 127.0.0.1:5432 answers).
 */

const onPostgres = process.env.TEST_DB === "postgres";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.skipIf(!onPostgres)(
  "two instances sharing PostgreSQL and a bucket (server-postgres project only: needs TEST_DATABASE_URL)",
  () => {
    const report: string[] = [];
    const cleanups: (() => Promise<unknown>)[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let s3: TestS3Server;
    let cookie: string;

    beforeAll(async () => {
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      s3 = await startTestS3Server();
      cleanups.push(() => s3.close());
      const env = { DATABASE_URL: database.url!, ...s3.env };
      // Started together on an empty database: the migrations run once, under the advisory lock.
      [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      for (const server of [a, b]) {
        cleanups.push(
          () => fs.rm(server.dataDir, { recursive: true, force: true }),
          () => server.kill(),
        );
      }
      report.push(
        `instance A on :${a.port}, instance B on :${b.port}, database ${new URL(database.url!).pathname.slice(1)}, bucket ${s3.bucket} at ${s3.endpoint}`,
      );
    }, 180_000);

    afterAll(async () => {
      for (const server of [a, b]) server?.child.kill("SIGTERM");
      const exits = await Promise.all([a, b].map((server) => server?.exited));
      report.push(`SIGTERM to both: exit codes ${exits.map((exit) => exit?.code).join(", ")}`);
      console.log(`Two-instance test:\n${report.join("\n")}`);
      while (cleanups.length) await cleanups.pop()!();
    });

    const tus = (
      server: ServerProcess,
      path: string,
      method: string,
      headers: Record<string, string> = {},
      body?: Uint8Array,
    ) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, "Tus-Resumable": "1.0.0", ...headers },
        body: body as Uint8Array<ArrayBuffer> | undefined,
      });

    it("migrated the shared database once, though both started together", () => {
      const applied = [a, b].map(
        (server) => server.logs().find((line) => line.msg === "database ready")?.migrationsApplied as string[],
      );
      // One instance applied every migration; the other, waiting on the lock, found nothing left to do.
      expect(applied.map((list) => list.length).sort()).toEqual([0, applied.flat().length]);
      report.push(`migrations applied by A: ${applied[0]!.length}, by B: ${applied[1]!.length}`);
    });

    it("knows on one instance the session made on the other, and ends it everywhere", async () => {
      ({ cookie } = await registerAndLogIn(a));
      const onB = await fetch(`${b.url}/api/Authorization/session`, { headers: { cookie } });
      expect(onB.status).toBe(200);
      const onA = await fetch(`${a.url}/api/Authorization/session`, { headers: { cookie } });
      expect(await onB.json()).toEqual(await onA.json());
      report.push(
        "session: registered, verified and logged in on A; GET /api/Authorization/session on B -> 200, same player",
      );
    });

    it("finishes on one instance an upload started on the other, stored in the shared bucket", async () => {
      const video = largeMp4();
      const created = await tus(a, "/api/uploads", "POST", {
        "Upload-Length": String(video.length),
        "Upload-Metadata": `kind ${Buffer.from("video").toString("base64")}`,
      });
      expect(created.status).toBe(201);
      const location = created.headers.get("location")!;
      const first = await tus(
        a,
        location,
        "PATCH",
        { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        video.subarray(0, UPLOAD_CHUNK_BYTES),
      );
      expect(first.status).toBe(204);

      const head = await tus(b, location, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("upload-offset")).toBe(String(UPLOAD_CHUNK_BYTES));
      const last = await tus(
        b,
        location,
        "PATCH",
        { "Upload-Offset": String(UPLOAD_CHUNK_BYTES), "Content-Type": "application/offset+octet-stream" },
        video.subarray(UPLOAD_CHUNK_BYTES),
      );
      expect(last.status).toBe(200);
      const media = (await last.json()) as { url: string; size: number };
      expect(media.size).toBe(video.length);

      const servedByA = Buffer.from(await (await fetch(`${a.url}${media.url}`, { headers: { cookie } })).arrayBuffer());
      expect(sha256(servedByA)).toBe(sha256(video));
      const rangeFromB = await fetch(`${b.url}${media.url}`, { headers: { cookie, range: "bytes=100-199" } });
      expect(rangeFromB.status).toBe(206);
      expect(Buffer.from(await rangeFromB.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
      report.push(
        `upload: created + first 5 MB chunk on A (204); HEAD on B -> offset ${UPLOAD_CHUNK_BYTES}; last chunk on B -> 200, ${media.size} bytes; A serves the same SHA-256, B answers Range 206`,
      );
    });

    it("lets a HEAD on one instance take an upload whose PATCH hangs on the other (the lock is shared)", async () => {
      const video = largeMp4(3_000_000);
      const location = (
        await tus(a, "/api/uploads", "POST", {
          "Upload-Length": String(video.length),
          "Upload-Metadata": `kind ${Buffer.from("video").toString("base64")}`,
        })
      ).headers.get("location")!;
      // A phone starts a PATCH on A, sends 1 MB, and goes silent without closing the connection.
      const socket = net.connect(a.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.write(
        `PATCH ${location} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${video.length}\r\n\r\n`,
      );
      socket.write(video.subarray(0, 1_000_000));
      await sleep(500);

      // It reconnects through B: B asks A (through the database) to let the upload go.
      const startedAt = Date.now();
      const head = await tus(b, location, "HEAD");
      const waited = Date.now() - startedAt;
      socket.destroy();
      expect(head.status).toBe(200);
      expect(head.headers.get("upload-offset")).toBe("1000000");
      const rest = await tus(
        b,
        location,
        "PATCH",
        { "Upload-Offset": "1000000", "Content-Type": "application/offset+octet-stream" },
        video.subarray(1_000_000),
      );
      expect(rest.status).toBe(200);
      report.push(
        `lock: PATCH hanging on A after 1 MB; HEAD on B got the upload after ${waited} ms with offset 1000000 (A let go when asked); B finished it -> 200`,
      );
    });

    it("counts rate limits across both instances", async () => {
      const { phoneNumber } = await registerAndLogIn(b);
      const wrongLogin = (server: ServerProcess) =>
        fetch(`${server.url}/api/Authorization/loginScout`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ phoneNumber, password: "wrong-password-1" }),
        });
      // Ten failed logins per number and address per 15 minutes: five reach each instance.
      for (let i = 0; i < 5; i++) {
        expect((await wrongLogin(a)).status).toBe(401);
        expect((await wrongLogin(b)).status).toBe(401);
      }
      const eleventh = await wrongLogin(a);
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);

      // A route limit (the contact form: 10 a minute per address) is shared too.
      const contact = (server: ServerProcess) =>
        fetch(`${server.url}/api/site/contact-messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Chanda", email: "chanda@example.zm", message: "Hello" }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await contact(a)).status, (await contact(b)).status);
      expect(statuses).toEqual(Array(10).fill(201));
      const refused = await contact(b);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: REQUEST_FAILED.tooManyRequests });
      report.push(
        "rate limits: 5 wrong logins on A + 5 on B -> the 11th (on A) 429; contact form 5 on A + 5 on B -> the 11th (on B) 429",
      );
    });
  },
);

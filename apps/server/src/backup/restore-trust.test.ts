import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackup } from "../cli/backup.ts";
import { runRestore } from "../cli/restore.ts";
import { loadConfig } from "../config.ts";
import { createStorage } from "../media/create-storage.ts";
import { ageDocumentKeys } from "../media/storage.ts";
import { startTestS3Server } from "../test/s3-server.ts";
import { ageChecks } from "../db/schema/ages.ts";
import { createPlayer, createStaff, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, createTestDatabase, type TestApp } from "../test/test-app.ts";
import { MANIFEST_MEMBER, type Manifest } from "./archive-format.ts";
import { signingKeyOf, signManifest, SIGNATURE_MEMBER, type SigningKey } from "./archive-signature.ts";
import { takeBackup, type BackupSource } from "./backup-service.ts";
import { snapshotOfRunningServer } from "./backup-sources.ts";
import { ROW_MAX_BYTES } from "./restore-service.ts";

/**
 * What a restore trusts: only archives signed with the operator's BACKUP_SIGNING_KEY (or, when
 * told, unsigned ones), only the members a backup writes, only lines a row can be; whatever it
 * refuses, it leaves nothing behind. And identity documents do not outlive a restore.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const KEY_SETTING = "test-signing-key-of-the-operator-0123456789";
const key = signingKeyOf(KEY_SETTING);
const cleanups: (() => Promise<unknown>)[] = [];
let t: TestApp;
let work: string;
/** Signed with the operator's key; holds a player, a photo, and an age check that waited when it was taken. */
let signed: string;
/** The same site written as versions before signing did. */
let unsigned: string;
let playerId: string;
/** The age check that waited when the backups were taken, decided since. */
let checkId: string;

afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

function source(): () => Promise<BackupSource> {
  if (t.database.kind === "pglite")
    return () => snapshotOfRunningServer(t.database, t.app.services.storage, t.config, work);
  return async () => ({
    snapshot: t.database,
    live: t.database.db,
    storage: t.app.services.storage,
    kind: { database: "postgres", storage: "disk" },
    close: async () => {},
  });
}

const quiet = { out: () => {}, err: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  cleanups.push(() => t.close());
  work = await tempDir("touchline-trust-");
  const player = await createPlayer(t);
  playerId = player.id;
  const cookie = await loginCookie(t, player);
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#e6dcc8" } })
    .jpeg()
    .toBuffer();
  const sent = await t.app.inject({
    method: "PUT",
    url: "/api/player/age-check",
    headers: { cookie },
    payload: { kind: "nrc", contentType: "image/jpeg", image: photo.toString("base64") },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  signed = (await takeBackup(source(), path.join(work, "signed.tar"), quiet, key)).file;
  unsigned = (await takeBackup(source(), path.join(work, "unsigned.tar"), quiet, null)).file;
  // After the backups staff decide the check, which deletes the photo for good.
  const reviewer = await createStaff(t, "reviewer");
  const [check] = await t.database.db.select().from(ageChecks).where(eq(ageChecks.playerId, player.id));
  checkId = check!.id;
  const verified = await t.app.inject({
    method: "POST",
    url: `/api/admin/age-checks/${check!.id}/verify`,
    headers: { cookie: reviewer.cookie },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}, 180_000);

interface Restored {
  code: number;
  out: string;
  err: string;
  dataDir: string;
}

/** `npm run restore` into a new DATA_DIR (and, on PostgreSQL, a new empty database). */
async function restore(
  archive: string,
  args: string[] = [],
  options: { setting?: string | null; dataDir?: string; env?: Record<string, string> } = {},
): Promise<Restored> {
  const dataDir = options.dataDir ?? (await tempDir("touchline-restore-target-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "silent", ...options.env };
  if (options.setting !== null) env.BACKUP_SIGNING_KEY = options.setting ?? KEY_SETTING;
  if (onPostgres) {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url!;
  }
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRestore([archive, ...args], {
    env,
    output: { out: (line) => out.push(line), err: (line) => err.push(line) },
  });
  return { code, out: out.join("\n"), err: err.join("\n"), dataDir };
}

/** Refused, and nothing written: DATA_DIR holds at most the lock the restore took. */
async function expectRefusedUntouched(run: Restored, message: string): Promise<void> {
  expect(run.err).toContain(`restore: refused: `);
  expect(run.err).toContain(message);
  expect(run.code).toBe(1);
  expect((await fs.readdir(run.dataDir)).filter((name) => name !== "db.lock")).toEqual([]);
}

async function readMembers(file: string): Promise<[string, Buffer][]> {
  const members: [string, Buffer][] = [];
  const extract = tar.extract();
  const input = (await fs.readFile(file)) as Buffer;
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      members.push([entry.header.name, Buffer.concat(chunks)]);
    }
  })();
  extract.end(input);
  await done;
  return members;
}

/**
 * Writes a changed copy of an archive as someone without the key would: the members changed by
 * edit, the manifest's sizes and checksums written again to match, and the signature either
 * kept as it was, dropped, or (with the operator's key) written anew.
 */
async function forge(
  from: string,
  name: string,
  edit: (members: [string, Buffer][]) => [string, Buffer][],
  signature: "keep" | "drop" | SigningKey,
): Promise<string> {
  const original = await readMembers(from);
  const oldSignature = original.find(([member]) => member === SIGNATURE_MEMBER)?.[1];
  const oldManifest = JSON.parse(original.find(([member]) => member === MANIFEST_MEMBER)![1].toString()) as Manifest;
  const members = edit(original.filter(([member]) => member !== MANIFEST_MEMBER && member !== SIGNATURE_MEMBER));
  const manifest: Manifest = {
    ...oldManifest,
    members: Object.fromEntries(
      members.map(([member, body]) => [
        member,
        { size: body.length, sha256: createHash("sha256").update(body).digest("hex") },
      ]),
    ),
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  members.push([MANIFEST_MEMBER, manifestBytes]);
  if (signature === "keep") members.push([SIGNATURE_MEMBER, oldSignature!]);
  else if (signature !== "drop") members.push([SIGNATURE_MEMBER, signManifest(manifestBytes, signature)]);
  const file = path.join(work, name);
  const pack = tar.pack();
  const written = fs.writeFile(file, pack as unknown as AsyncIterable<Buffer>);
  for (const [member, body] of members)
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: member, size: body.length }, body, (error) => (error ? reject(error) : resolve())),
    );
  pack.finalize();
  await written;
  return file;
}

/** The player of the archive made an admin, as the edit that found the hole did. */
const playerMadeAdmin = (members: [string, Buffer][]): [string, Buffer][] =>
  members.map(([member, body]) => {
    if (member !== "database/players.jsonl") return [member, body];
    const text = body.toString();
    const line = text.split("\n").find((row) => row.includes(playerId))!;
    expect(line).toContain('"role":"player"');
    return [member, Buffer.from(text.replace(line, line.replace('"role":"player"', '"role":"admin"')))];
  });

const withMember =
  (name: string, body: Buffer) =>
  (members: [string, Buffer][]): [string, Buffer][] => [...members, [name, body]];

describe("what a restore trusts", () => {
  it("restores an archive signed with the operator's key, and says that the waiting age check has no document", async () => {
    const run = await restore(signed);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Signed with BACKUP_SIGNING_KEY (key id ${key.id}).`);
    expect(run.out).toContain(
      "1 age check(s) wait for staff without their document photo (backups never hold identity documents): staff cannot verify them, only refuse them",
    );
  }, 120_000);

  it("refuses an archive whose rows were edited and whose checksums were written again to match", async () => {
    const keptSignature = await forge(signed, "admin-kept-signature.tar", playerMadeAdmin, "keep");
    await expectRefusedUntouched(
      await restore(keptSignature),
      "does not match its signature: the archive was edited after it was made. Nothing was restored.",
    );
    const dropped = await forge(signed, "admin-unsigned.tar", playerMadeAdmin, "drop");
    await expectRefusedUntouched(
      await restore(dropped),
      "is not signed, so nothing shows it is a backup you made rather than an edited one.",
    );
    const otherKey = await forge(signed, "admin-other-key.tar", playerMadeAdmin, signingKeyOf("x".repeat(40)));
    await expectRefusedUntouched(
      await restore(otherKey),
      `was signed with another key (key id ${signingKeyOf("x".repeat(40)).id}; BACKUP_SIGNING_KEY is key id ${key.id})`,
    );
  }, 120_000);

  it("refuses a signed archive when BACKUP_SIGNING_KEY is not set, naming the key it needs", async () => {
    await expectRefusedUntouched(
      await restore(signed, [], { setting: null }),
      `is signed (key id ${key.id}) but BACKUP_SIGNING_KEY is not set.`,
    );
  }, 60_000);

  it("refuses an archive made before signing, and restores it with --accept-unsigned, warning", async () => {
    await expectRefusedUntouched(await restore(unsigned), "add --accept-unsigned");
    const run = await restore(unsigned, ["--accept-unsigned"]);
    expect(run.err).toBe(
      "Warning: the archive is not signed, so nothing shows that it is unchanged since it was made; it is restored because unsigned archives were accepted.",
    );
    expect(run.code).toBe(0);
  }, 120_000);

  it.each([
    ["an identity document", "storage/age-documents/0b9f3c1e-2a44-4f1e-9d55-8f7c2b1a6e00"],
    ["a path out of the storage", "storage/media/../../../escaped"],
    ["a file outside the known folders", "notes/readme.txt"],
    ["a table name that is not one", "database/players;drop.jsonl"],
  ])(
    "refuses a member a backup never writes (%s), even signed, and writes nothing",
    async (_what, member) => {
      const file = await forge(signed, "extra-member.tar", withMember(member, Buffer.from("hello")), key);
      await expectRefusedUntouched(await restore(file), "which a Touchline backup never holds");
    },
    60_000,
  );

  it("refuses a line longer than a row can be, and leaves no folder behind", async () => {
    const long = (members: [string, Buffer][]): [string, Buffer][] =>
      members.map(([member, body]) =>
        member === "database/players.jsonl"
          ? [member, Buffer.concat([body, Buffer.from(`{"about":"${"a".repeat(ROW_MAX_BYTES)}"}\n`)])]
          : [member, body],
      );
    const file = await forge(signed, "long-line.tar", long, key);
    const run = await restore(file);
    expect(run.err).toMatch(/restore: refused: Line \d+ of database\/players\.jsonl is longer than a row can be/);
    expect(run.code).toBe(1);
    expect((await fs.readdir(run.dataDir)).filter((name) => name !== "db.lock")).toEqual([]);
  }, 120_000);
});

describe("what a restore with --force keeps of the site it replaces", () => {
  it("keeps db/ and uploads/ to undo it, without identity documents, and removes what a killed restore left", async () => {
    const dataDir = await tempDir("touchline-replaced-");
    const objects = path.join(dataDir, "uploads", "objects");
    await fs.mkdir(path.join(objects, "age-documents"), { recursive: true });
    await fs.mkdir(path.join(objects, "media", "old-file"), { recursive: true });
    await fs.writeFile(path.join(objects, "age-documents", "waiting-check"), "a passport photo");
    await fs.writeFile(path.join(objects, "media", "old-file", "original"), "a video");
    await fs.mkdir(path.join(dataDir, ".restore-killed", "db"), { recursive: true });
    await fs.writeFile(path.join(dataDir, ".restore-killed", "db", "rows"), "minors' data");
    const old = path.join(dataDir, "replaced-2020-01-01T00-00-00-000Z");
    await fs.mkdir(path.join(old, "db"), { recursive: true });

    const run = await restore(signed, ["--force"], { dataDir });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    const left = await fs.readdir(dataDir);
    // The copy older than a week is gone; the new one is there; a killed restore's folder is gone
    // where the restore held DATA_DIR's lock (the embedded database).
    expect(left).not.toContain("replaced-2020-01-01T00-00-00-000Z");
    if (!onPostgres) expect(left).not.toContain(".restore-killed");
    const copies = left.filter((name) => name.startsWith("replaced-"));
    expect(copies).toHaveLength(1);
    const copy = path.join(dataDir, copies[0]!, "uploads", "objects");
    expect(await fs.readFile(path.join(copy, "media", "old-file", "original"), "utf8")).toBe("a video");
    await expect(fs.stat(path.join(copy, "age-documents"))).rejects.toThrow(/ENOENT/);
    expect(run.out).toContain("(without identity documents) to undo this restore; it is deleted after 7 days");
  }, 120_000);
});

describe("identity documents in a bucket restored into", () => {
  it("are deleted unless a waiting check of the restored site names them", async () => {
    const s3 = await startTestS3Server();
    cleanups.push(() => s3.close());
    const dataDir = await tempDir("touchline-restore-bucket-");
    const bucket = createStorage(loadConfig({ ...s3.env, DATA_DIR: dataDir }));
    const named = ageDocumentKeys.document(checkId);
    const orphan = ageDocumentKeys.document("5d1c0a3e-7b2f-4c11-8e9a-0f6b3c2d1e4a");
    await bucket.put(named, Buffer.from("the photo of the waiting check"));
    await bucket.put(orphan, Buffer.from("a photo of the replaced site"));

    const run = await restore(signed, [], { dataDir, env: s3.env });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "Deleted 1 identity document photo(s) that no waiting age check of the restored site names.",
    );
    expect(run.out).not.toContain("without their document photo");
    expect(await bucket.stat(orphan)).toBeNull();
    expect(await bucket.stat(named)).not.toBeNull();
  }, 120_000);
});

describe("a backup without the key", () => {
  it("is not taken, and the message says how to make and keep a key", async () => {
    const out = await tempDir("touchline-unkeyed-");
    const err: string[] = [];
    const code = await runBackup(["--out", out], {
      env: { DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) },
      output: { out: () => {}, err: (line) => err.push(line) },
    });
    expect(code).toBe(1);
    expect(err.join("\n")).toContain("backup: BACKUP_SIGNING_KEY is not set.");
    expect(err.join("\n")).toContain("openssl rand -base64 32");
    expect(await fs.readdir(out)).toEqual([]);
  });
});

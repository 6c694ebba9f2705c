import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyArchive } from "./archive-reader.ts";
import type { Manifest } from "./archive-format.ts";
import { signingKeyOf } from "./archive-signature.ts";
import { runScript, SCRIPTS, startServerProcess, type ServerProcess } from "../test/server-process.ts";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";
import {
  confirmedAccount,
  logIn,
  originalOf,
  playerWithReadyVideo,
  readProfile,
  renditionHashes,
  slowVideoUpload,
  type Account,
  type PlayerWithVideo,
} from "../test/site-through-http.ts";
import { createTestDatabase } from "../test/test-app.ts";

/**
 * `npm run backup`, `npm run restore` and `npm run move-to-postgres` as an operator runs them,
 * on real server processes: what a player did before is there afterwards, through HTTP (the
 * login with the old password, GetScoutById, the rendition bytes). On PGlite: the embedded site,
 * backed up while it runs. On PostgreSQL: an embedded site moved to PostgreSQL and the S3 test
 * server, then backed up there while it runs and restored into another database and bucket.
 */

const onPostgres = process.env.TEST_DB === "postgres";
/** The operator's key: the servers and every command get it, as in docs/operations.md. */
const SIGNING = { BACKUP_SIGNING_KEY: "test-signing-key-of-the-operator-0123456789" };
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function server(env: Record<string, string>, dataDir?: string): Promise<ServerProcess> {
  const started = await startServerProcess({ RATE_LIMIT_ADDRESS_MULTIPLIER: "50", ...SIGNING, ...env }, { dataDir });
  cleanups.push(
    () => started.kill(),
    () => fs.rm(started.dataDir, { recursive: true, force: true }),
  );
  return started;
}

async function stop(running: ServerProcess): Promise<void> {
  running.child.kill("SIGTERM");
  expect((await running.exited).code).toBe(0);
}

/** What a command printed on stderr apart from Node's process warnings (the AWS SDK's notice about Node 20). */
const errorsIn = (stderr: string) =>
  stderr.replace(/\(node:\d+\) Warning:[\s\S]*?\(Use `node --trace-warnings[^\n]*\n/g, "");

/** SHA-256 of every file under dir, by relative path. */
async function fileHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, full)] = createHash("sha256")
      .update(await fs.readFile(full))
      .digest("hex");
  }
  return hashes;
}

interface BackupUnderLoad {
  archive: string;
  manifest: Manifest;
  /** Accounts confirmed, with the moment the confirmation was acknowledged. */
  confirmed: { account: Account; at: Date }[];
  upload: Awaited<ReturnType<typeof slowVideoUpload>>;
}

/**
 * Runs `npm run backup` while accounts are registered and confirmed one after another and a video
 * is uploaded in chunks, all against the running server.
 */
async function backupUnderLoad(
  source: ServerProcess,
  player: PlayerWithVideo,
  env: Record<string, string>,
): Promise<BackupUnderLoad> {
  const out = await tempDir("touchline-backups-");
  const confirmed: { account: Account; at: Date }[] = [];
  for (let i = 0; i < 2; i++) confirmed.push({ account: await confirmedAccount(source), at: new Date() });
  let writing = true;
  const registering = (async () => {
    while (writing) confirmed.push({ account: await confirmedAccount(source), at: new Date() });
  })();
  const uploading = slowVideoUpload(source, player.cookie);

  const run = await runScript(SCRIPTS.backup, ["--out", out], { ...SIGNING, ...env }, 180_000);
  writing = false;
  await registering;
  const upload = await uploading;
  expect(errorsIn(run.stderr)).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/Database snapshot taken at .*: \d+ tables, \d+ rows, \d+ media files\./);
  const archive = /Backup written: (\S+\.tar) /.exec(run.stdout)![1]!;
  expect(path.dirname(archive)).toBe(out);
  expect(path.basename(archive)).toMatch(/^touchline-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar$/);
  // It holds password hashes and minors' data: this user only. Nothing else is left beside it.
  expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
  expect(await fs.readdir(out)).toEqual([path.basename(archive)]);
  return {
    archive,
    manifest: (
      await verifyArchive(archive, { signingKey: signingKeyOf(SIGNING.BACKUP_SIGNING_KEY), acceptUnsigned: false })
    ).manifest,
    confirmed,
    upload,
  };
}

/** What a player sees on the server after the restore or move is what they saw before. */
async function expectSamePlayer(after: ServerProcess, player: PlayerWithVideo): Promise<void> {
  const login = await logIn(after, player);
  expect(login.status).toBe(200);
  expect(login.playerId).toBe(player.playerId);
  const profile = await readProfile(after, player.playerId, login.cookie!);
  // Until approval a profile's expiry is counted from the moment it is read, not stored.
  const stored = ({ videoExpirationDate: _now, ...rest }: Record<string, unknown>) => rest;
  expect(stored(profile as Record<string, unknown>)).toEqual(stored(player.profile as Record<string, unknown>));
  expect(await renditionHashes(after, profile, login.cookie!)).toEqual(player.renditions);
  expect(Object.keys(player.renditions).length).toBeGreaterThan(0);
}

/** Every write acknowledged before the snapshot is on the restored server. */
async function expectAcknowledgedWrites(after: ServerProcess, taken: BackupUnderLoad, player: PlayerWithVideo) {
  const snapshotAt = new Date(taken.manifest.snapshotAt);
  const before = taken.confirmed.filter((c) => c.at < snapshotAt);
  expect(before.length).toBeGreaterThanOrEqual(2);
  for (const { account } of before) expect((await logIn(after, account)).status, account.phoneNumber).toBe(200);
  const players = taken.manifest.tables.find((t) => t.name === "players")!.rows;
  // The player with the video, and every confirmed account the snapshot saw (later ones may be partly there).
  expect(players).toBeGreaterThanOrEqual(1 + before.length);

  const uploaded = await originalOf(after, taken.upload.fileId, player.cookie);
  if (taken.upload.ackedAt < snapshotAt) expect(uploaded.status).toBe(200);
  // Acknowledged later, it may be absent; present, it is whole.
  if (uploaded.status === 200) expect(uploaded.sha256).toBe(taken.upload.sha256);
  else expect(uploaded.status).toBe(404);
}

describe.skipIf(onPostgres)("backup and restore of the embedded site", () => {
  let source: ServerProcess;
  let player: PlayerWithVideo;
  let taken: BackupUnderLoad;

  beforeAll(async () => {
    source = await server({});
    player = await playerWithReadyVideo(source);
  }, 180_000);

  it("a backup taken through the running server while players write restores every acknowledged write", async () => {
    taken = await backupUnderLoad(source, player, { DATA_DIR: source.dataDir });
    expect(taken.manifest.source).toEqual({ database: "pglite", storage: "disk" });

    const target = await tempDir("touchline-restored-");
    const restored = await runScript(SCRIPTS.restore, [taken.archive], { DATA_DIR: target, ...SIGNING }, 180_000);
    expect(errorsIn(restored.stderr)).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^players +\d+ +\d+ +[0-9a-f]{16} = [0-9a-f]{16}$/m);
    expect(restored.stdout).toContain("read back with the archive's SHA-256");

    const after = await server({}, target);
    await expectSamePlayer(after, player);
    await expectAcknowledgedWrites(after, taken, player);
    // The restored site runs on its own: a new player can join.
    expect((await logIn(after, await confirmedAccount(after))).status).toBe(200);
    await stop(after);

    const again = await runScript(SCRIPTS.restore, [taken.archive], { DATA_DIR: target, ...SIGNING });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`restore: refused: ${target} already holds a database (db/).`);
    expect(again.stderr).toContain("add --force");
  }, 400_000);

  it("refuses a tampered archive, naming the member, before writing anything", async () => {
    const bytes = await fs.readFile(taken.archive);
    const at = bytes.indexOf(Buffer.from(`"phone_number":"${player.phoneNumber.replace(/^0/, "+260")}"`));
    expect(at).toBeGreaterThan(0);
    bytes[at + 20] = bytes[at + 20] === 0x31 ? 0x32 : 0x31; // one digit of a phone number
    const tampered = path.join(await tempDir("touchline-tampered-"), "changed.tar");
    await fs.writeFile(tampered, bytes);

    const target = await tempDir("touchline-refused-");
    const run = await runScript(SCRIPTS.restore, [tampered], { DATA_DIR: target, ...SIGNING });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("restore: refused: The member database/players.jsonl does not match the manifest");
    expect(run.stderr).toContain("Nothing was restored.");
    // Nothing but the lock file the restore held.
    expect(await fs.readdir(target)).toEqual(["db.lock"]);
  }, 120_000);
});

describe.skipIf(!onPostgres)("the move from the embedded site to PostgreSQL and S3, and backups there", () => {
  let bucket: TestS3Server;
  let player: PlayerWithVideo;
  let moved: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    bucket = await startTestS3Server();
    cleanups.push(() => bucket.close());
  }, 60_000);

  it("moves every player, login and video byte, and leaves DATA_DIR exactly as it was", async () => {
    const embedded = await server({});
    player = await playerWithReadyVideo(embedded);
    const refusedWhileRunning = await runScript(SCRIPTS.moveToPostgres, [], {
      DATA_DIR: embedded.dataDir,
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/unused",
    });
    expect(refusedWhileRunning.code).toBe(1);
    expect(refusedWhileRunning.stderr).toContain(`in use by the server on port ${embedded.port}`);
    expect(refusedWhileRunning.stderr).toContain("Stop it first");
    await stop(embedded);
    const before = await fileHashes(embedded.dataDir);

    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    env = { DATABASE_URL: database.url!, ...bucket.env, ...SIGNING };
    const out = await tempDir("touchline-move-");
    const run = await runScript(
      SCRIPTS.moveToPostgres,
      ["--out", out],
      { DATA_DIR: embedded.dataDir, ...env },
      180_000,
    );
    expect(errorsIn(run.stderr)).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^players +\d+ +\d+ +([0-9a-f]{16}) = \1$/m);
    expect(run.stdout).toMatch(/^media_files +\d+ +\d+ +([0-9a-f]{16}) = \1$/m);
    expect(run.stdout).toContain(`Moved to PostgreSQL and the bucket ${bucket.bucket}.`);
    expect(await fileHashes(embedded.dataDir)).toEqual(before);

    moved = await server(env);
    await expectSamePlayer(moved, player);

    const twice = await runScript(SCRIPTS.moveToPostgres, ["--out", out], { DATA_DIR: embedded.dataDir, ...env });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("The target database already holds accounts or media.");
  }, 400_000);

  it("backs up PostgreSQL and the bucket while players write, and restores into an empty database and bucket", async () => {
    const taken = await backupUnderLoad(moved, player, { DATA_DIR: moved.dataDir, ...env });
    expect(taken.manifest.source).toEqual({ database: "postgres", storage: "s3" });

    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const otherBucket = await startTestS3Server();
    cleanups.push(() => otherBucket.close());
    const target = { DATABASE_URL: database.url!, ...otherBucket.env, ...SIGNING };
    const restored = await runScript(
      SCRIPTS.restore,
      [taken.archive],
      { DATA_DIR: await tempDir("tl-"), ...target },
      180_000,
    );
    expect(errorsIn(restored.stderr)).toBe("");
    expect(restored.code).toBe(0);

    const after = await server(target);
    await expectSamePlayer(after, player);
    await expectAcknowledgedWrites(after, taken, player);
  }, 400_000);
});

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pruneReplacedCopies, replacedCopyName, REPLACED_KEEP_DAYS } from "./replaced-copies.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-replaced-copies-"));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const day = 24 * 60 * 60 * 1000;

async function copyMadeAt(at: Date): Promise<string> {
  const copy = path.join(dataDir, replacedCopyName(at));
  await fs.mkdir(path.join(copy, "db"), { recursive: true });
  await fs.mkdir(path.join(copy, "uploads", "objects", "age-documents"), { recursive: true });
  await fs.mkdir(path.join(copy, "uploads", "objects", "media", "f"), { recursive: true });
  await fs.writeFile(path.join(copy, "uploads", "objects", "age-documents", "check"), "passport photo");
  await fs.writeFile(path.join(copy, "uploads", "objects", "media", "f", "original"), "video");
  return copy;
}

describe("pruneReplacedCopies", () => {
  it(`deletes copies older than ${REPLACED_KEEP_DAYS} days and the identity documents of younger ones`, async () => {
    const now = new Date("2026-12-07T21:00:00.000Z");
    const old = await copyMadeAt(new Date(now.getTime() - REPLACED_KEEP_DAYS * day - 1000));
    const young = await copyMadeAt(new Date(now.getTime() - REPLACED_KEEP_DAYS * day + 60_000));
    // Not named as a restore names its copies: someone's own folder, left alone.
    await fs.mkdir(path.join(dataDir, "replaced-by-hand"));

    expect(await pruneReplacedCopies(dataDir, now)).toBe(1);
    expect((await fs.readdir(dataDir)).sort()).toEqual([path.basename(young), "replaced-by-hand"].sort());
    await expect(fs.stat(old)).rejects.toThrow(/ENOENT/);
    await expect(fs.stat(path.join(young, "uploads", "objects", "age-documents"))).rejects.toThrow(/ENOENT/);
    expect(await fs.readFile(path.join(young, "uploads", "objects", "media", "f", "original"), "utf8")).toBe("video");
  });

  it("does nothing in a DATA_DIR that is not there", async () => {
    expect(await pruneReplacedCopies(path.join(dataDir, "missing"), new Date())).toBe(0);
  });
});

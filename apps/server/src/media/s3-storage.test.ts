import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { createS3Storage } from "./s3-storage.ts";
import { storageContract } from "./storage-contract.ts";
import { startTestS3Server } from "../test/s3-server.ts";

/** The same suite as the disk adapter, against a real S3-protocol server on loopback. */
storageContract("s3", async () => {
  const s3 = await startTestS3Server();
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-s3-tmp-"));
  const storage = createS3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    tmpDir,
  });
  return {
    storage,
    cleanup: async () => {
      await s3.close();
      await fs.rm(tmpDir, { recursive: true, force: true });
    },
  };
});

it("clears spool files a dead process left behind (older than an hour), and only those", async () => {
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-s3-spool-"));
  try {
    await fs.writeFile(path.join(tmpDir, "left-by-a-crash"), "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(path.join(tmpDir, "left-by-a-crash"), twoHoursAgo, twoHoursAgo);
    await fs.writeFile(path.join(tmpDir, "in-flight"), "y");
    createS3Storage({
      endpoint: "http://127.0.0.1:9",
      bucket: "unused",
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
      tmpDir,
    });
    expect(await fs.readdir(tmpDir)).toEqual(["in-flight"]);
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
});

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings a server process needs to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on a loopback port (s3rver: S3's REST API over HTTP, with SigV4
 * authentication, objects kept in a temporary folder), with one empty bucket.
 *
 * allowMismatchedSignatures: s3rver computes the canonical path of bucket-level requests
 * (ListObjectsV2, DeleteObjects, HeadBucket) without the trailing slash that current AWS SDKs
 * sign, so it would refuse exactly those; the access key must still be the one it knows.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-s3-"));
  const bucket = "touchline-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

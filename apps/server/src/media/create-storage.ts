import path from "node:path";
import type { Config } from "../config.ts";
import { createDiskStorage } from "./disk-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/** The storage STORAGE chooses: DATA_DIR/uploads, or the S3 bucket of the S3_* settings. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === "s3") {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      // Only bodies on their way to the bucket wait here, each for one request.
      tmpDir: path.join(config.dataDir, "tmp", "s3"),
    });
  }
  return createDiskStorage(path.join(config.dataDir, "uploads"));
}

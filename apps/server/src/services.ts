import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Database, DatabaseConnection } from "./db/client.ts";
import type { EmailSender } from "./email/sender.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { Storage } from "./media/storage.ts";
import type { SmsSender } from "./sms/sender.ts";
import type { VideoTools } from "./video/video-tools.ts";

/**
 * What every domain plugin receives: configuration and the outside systems. Each issue adds
 * its own (sms, email, storage, …) here, built once in buildApp.
 */
export interface AppServices {
  config: Config;
  database: DatabaseConnection;
  db: Database;
  log: FastifyBaseLogger;
  /** The server's clock; tests move it to check expiry rules. */
  now: () => Date;
  /** A new SMS code; tests choose the codes so that two of them always differ. */
  randomCode: () => string;
  /** SMS delivery chosen by SMS_PROVIDER. Read it at send time: tests swap it for a failing one. */
  sms: SmsSender;
  /** E-mail delivery chosen by EMAIL_PROVIDER (console outbox or SMTP). */
  email: EmailSender;
  /** Media bytes: DATA_DIR/uploads on disk, or an S3 bucket (STORAGE=s3). */
  storage: Storage;
  /** Background jobs (pg-boss in the same database): enqueue, progress (jobs/job-queue.ts). */
  jobs: JobQueue;
  /** The ffmpeg and ffprobe that read uploaded videos, chosen at start (video/choose-video-tools.ts). */
  videoTools: VideoTools;
}

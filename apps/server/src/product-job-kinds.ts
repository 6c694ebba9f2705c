import { coachSweepJob } from "./coaches/coach-sweep-job.ts";
import { weeklyInterestJob } from "./interest/weekly-interest-job.ts";
import type { AnyJobKind } from "./jobs/job-kind.ts";
import { videoRenditionsJob } from "./media/video-renditions-job.ts";
import { notificationDeliveryJob } from "./notifications/delivery-job.ts";
import { notificationSweepJob } from "./notifications/sweep-job.ts";
import { publicTimeNoticesJob } from "./players/public-time-job.ts";
import { scoutDigestsJob } from "./scouts/scout-digest-job.ts";

/**
 * Every kind of job the product runs, in the server process and in `npm run worker` alike. A
 * domain declares its kinds beside its code (defineJobKind) and lists them here, above every
 * domain, so the job engine (jobs/) never depends on the domains whose work it runs.
 */
export const PRODUCT_JOB_KINDS: readonly AnyJobKind[] = [
  videoRenditionsJob,
  scoutDigestsJob,
  notificationDeliveryJob,
  notificationSweepJob,
  publicTimeNoticesJob,
  coachSweepJob,
  weeklyInterestJob,
];

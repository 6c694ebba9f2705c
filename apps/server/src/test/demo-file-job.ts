import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";

/**
 * A job for the tests that follows the pattern every handler should (see job-kind.ts): it writes
 * `<name>.txt` in `dir`, one line per step, under a name unique to the attempt, and renames it
 * into place at the end, so the file is either absent or whole. Each attempt also appends a line
 * to `<name>.attempts` (attempt number, process id) so a test can see who ran what.
 */
export const demoFileJob = defineJobKind({
  name: "demo-file",
  payload: z.object({
    dir: z.string().min(1),
    name: z.string().regex(/^[a-z0-9-]+$/),
    steps: z.number().int().min(1).max(1000),
    stepMs: z.number().int().min(0).max(60_000),
    /** Attempts up to this number fail after writing their temporary file. */
    failAttempts: z.number().int().min(0).default(0),
  }),
  retry: { limit: 3, delaySeconds: 1, backoff: true },
  timeoutSeconds: 120,
  singletonKey: (payload) => payload.name,
  async handler(payload, ctx) {
    const { dir, name } = payload;
    await fs.appendFile(
      path.join(dir, `${name}.attempts`),
      `${JSON.stringify({ attempt: ctx.attempt, pid: process.pid, at: Date.now() })}\n`,
    );
    // Earlier attempts of this job that died or failed left their temporary file: remove them.
    const temporary = `.${name}.${ctx.attemptId}.tmp`;
    for (const entry of await fs.readdir(dir)) {
      if (entry.startsWith(`.${name}.${ctx.jobId}.`) && entry !== temporary) await fs.rm(path.join(dir, entry));
    }
    const file = await fs.open(path.join(dir, temporary), "w");
    try {
      for (let step = 1; step <= payload.steps; step += 1) {
        await sleep(payload.stepMs, undefined, { signal: ctx.signal });
        await file.write(`line ${step}\n`);
        ctx.progress(step / payload.steps);
      }
      await file.sync();
    } finally {
      await file.close();
    }
    if (ctx.attempt <= payload.failAttempts) throw new Error(`planned failure of attempt ${ctx.attempt}`);
    await fs.rename(path.join(dir, temporary), path.join(dir, `${name}.txt`));
  },
});

/** What `<name>.txt` holds once a job of `steps` steps has finished. */
export function demoFileContent(steps: number): string {
  return Array.from({ length: steps }, (_, index) => `line ${index + 1}\n`).join("");
}

import type { AnyJobKind } from "./job-kind.ts";

/**
 * Every kind of job this server runs, in the server process and in `npm run worker` alike. A
 * domain declares its kinds with defineJobKind beside its code and lists them here.
 */
const PRODUCT_JOB_KINDS: readonly AnyJobKind[] = [];

const added: AnyJobKind[] = [];

export function allJobKinds(): AnyJobKind[] {
  return [...PRODUCT_JOB_KINDS, ...added];
}

/**
 * Adds kinds before the process starts its jobs: for server and worker processes that the tests
 * start with a module loaded first (node --import) that calls this with their demonstration kinds.
 */
export function addJobKinds(...kinds: AnyJobKind[]): void {
  for (const kind of kinds) {
    if (allJobKinds().some((known) => known.name === kind.name)) throw new Error(`job kind ${kind.name} added twice`);
    added.push(kind);
  }
}

import type { AnyJobKind } from "./job-kind.ts";

const added: AnyJobKind[] = [];

/**
 * The kinds a process runs besides the product's own (product-job-kinds.ts, which sits above the
 * domains): those added before it starts, for the demonstration kinds of the tests.
 */
export function allJobKinds(): AnyJobKind[] {
  return [...added];
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

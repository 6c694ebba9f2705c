import { isMainThread } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

type PostgresMod = Parameters<NodeFS["init"]>[1];

/** The part of Emscripten's NODEFS that every chmod of PGlite goes through. */
interface NodeFsInternals {
  doSetAttr(arg: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]): void;
}

/**
 * PGlite's folder on disk (its NodeFS), with every file and folder owner-only. PGlite 0.5 sets
 * mode 0666 on each file it creates (Emscripten's default, applied with chmod, so the process
 * umask does not narrow it): the database's files would be readable and writable by every user
 * of the machine. Here each chmod it asks for loses its group and other bits; creations already
 * follow the umask, which opening the folder restricts (as ops/data-dir.ts does for all DATA_DIR),
 * so that a script that did not check DATA_DIR first still writes owner-only files.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    restrictUmask();
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const narrowChmods = (mod: PostgresMod) => {
      // Each PGlite instance has its own Emscripten module, so this changes no other instance.
      const nodefs = mod.NODEFS as unknown as NodeFsInternals;
      const doSetAttr = nodefs.doSetAttr.bind(nodefs);
      nodefs.doSetAttr = (arg, node, attr, ...rest) =>
        doSetAttr(arg, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 }, ...rest);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), narrowChmods] } };
  }
}

/** From now on this process creates files 0600 and folders 0700 (or narrower, where a mode is named). */
export function restrictUmask(): void {
  // Worker threads share the process's umask and may not change it; the main thread has.
  if (isMainThread) process.umask(0o077);
}

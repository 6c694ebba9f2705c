import { gzipSync } from "node:zlib";
import type { GetManualChunk } from "rollup";
import { type Plugin, transformWithEsbuild } from "vite";
import { type ChunkGroupOptions, planGroups } from "./chunk-groups.ts";

/**
 * Groups the client build's modules into files. Runs after React Router's plugin, whose
 * settings it overrides: a layout route may share its file with the code its pages load (the
 * file then exports more than the route, which the router ignores) instead of getting a second
 * file that only re-exports it. The server build is one file read from disk and is left alone.
 */
export function chunkGroups(options: ChunkGroupOptions): Plugin {
  let client = false;
  const sizes = new Map<string, number>();
  return {
    name: "touchline:chunk-groups",
    apply: "build",
    enforce: "post",
    config(_config, env) {
      client = !env.isSsrBuild;
      if (!client) return;
      return {
        build: {
          rollupOptions: {
            preserveEntrySignatures: "allow-extension",
            output: { manualChunks: manualChunks(options, (id) => sizes.get(id) ?? 0) },
          },
        },
      };
    },
    // What each module will weigh in the browser: minified as the build minifies, compressed.
    async buildEnd() {
      if (!client) return;
      await Promise.all(
        [...this.getModuleIds()].map(async (id) => {
          const info = this.getModuleInfo(id);
          if (!info?.code || !info.isIncluded || id.endsWith(".css")) return;
          const { code } = await transformWithEsbuild(info.code, "module.js", { minify: true, loader: "js" });
          sizes.set(id, gzipSync(code).length);
        }),
      );
    },
  };
}

/** The manualChunks function that applies the grouping planned from the whole module graph. */
export function manualChunks(options: ChunkGroupOptions, bytes: (id: string) => number): GetManualChunk {
  let plan: Map<string, string> | undefined;
  return (id, meta) => {
    if (!plan) {
      const graph = {
        ids: [...meta.getModuleIds()],
        imports: (moduleId: string) => meta.getModuleInfo(moduleId)?.importedIds ?? [],
        bytes,
      };
      plan = planGroups(options, graph);
    }
    return plan.get(id);
  };
}

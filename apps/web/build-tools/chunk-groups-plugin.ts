import path from "node:path";
import { gzipSync } from "node:zlib";
import type { GetManualChunk, OutputBundle, OutputChunk, OutputOptions, Plugin as RollupPlugin } from "rollup";
import type { Plugin } from "vite";
import { type BuiltChunk, type PageFiles, planGroups } from "./chunk-groups.ts";

/** A route as `app/routes.ts` declares it. */
export interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

export interface ChunkGroupOptions {
  /** The app directory's absolute path. */
  appDirectory: string;
  /** The root route's file, relative to appDirectory. */
  rootFile: string;
  /** The client entry's file, relative to appDirectory. */
  entryFile: string;
  /** The routes of `app/routes.ts`. */
  routes: RouteEntry[];
  /** Script files a cold load of the page of a route (its id, `routes/auth/player-login`) may fetch. */
  maxFiles: (route: string) => number;
  /** True for a route whose pages are served as plain HTML: they load no script on a first visit. */
  isPlain: (file: string) => boolean;
  /** How the first generation splits the code, the one the plan starts from. */
  manualChunks: GetManualChunk;
  /**
   * Compressed bytes a file of the first generation weighed before the build's last step (see
   * terser-pass.ts): each page may load at most what its files weighed so. By default, what
   * they weigh.
   */
  bytesBefore?: (chunk: OutputChunk) => number | undefined;
}

/** The query React Router adds to the modules it builds as client route entries. */
const CLIENT_ROUTE = "?__react-router-build-client-route";

const gzip9 = (code: string) => gzipSync(code, { level: 9 }).length;

/**
 * The client build is generated twice from one module graph: first split as `manualChunks`
 * says, measured and thrown away, then grouped as planned from those files (chunk-groups.ts).
 * Both come from the graph after tree-shaking, so the plan works on what each page really runs,
 * and the second generation only joins whole files of the first. Once written, what each page
 * loads is told, with any page over its limit or heavier than before. The server build is left
 * alone.
 */
export function chunkGroups(options: ChunkGroupOptions): Plugin {
  let before: Map<string, { files: number; bytes: number }> | undefined;
  let moduleGroups: Map<string, string> | undefined;
  const chains = pageChains(options.rootFile, options.routes).filter((chain) => !chain.some(options.isPlain));

  const measure: RollupPlugin = {
    name: "touchline:chunk-groups-measure",
    generateBundle: {
      order: "pre",
      handler(_output, bundle) {
        const chunks = builtChunks(bundle, options);
        const weight = (file: string) => {
          const chunk = bundle[file] as OutputChunk;
          return options.bytesBefore?.(chunk) ?? gzip9(chunk.code);
        };
        const pages = pagesOf(chunks, chains, options).map((page) => ({
          ...page,
          budget: page.files.reduce((sum, file) => sum + weight(file), 0),
          maxFiles: options.maxFiles(routeId(page.route)),
        }));
        before = new Map(pages.map((page) => [page.route, { files: page.files.length, bytes: page.budget }]));
        const plan = planGroups(chunks, pages, { maxFiles: Math.max(...pages.map((page) => page.maxFiles)) });
        moduleGroups = new Map();
        for (const group of plan.groups)
          for (const file of group.files) {
            const chunk = bundle[file] as OutputChunk;
            for (const id of Object.keys(chunk.modules)) {
              // Routes with no code of their own (resource routes) can share one file here;
              // React Router needs a file for each.
              const otherRoute = id.endsWith(CLIENT_ROUTE) && id !== chunk.facadeModuleId;
              moduleGroups.set(id, otherRoute ? routeName(routeOf(id, options)!) : group.name);
            }
          }
        // The first generation is only measured: nothing of it is written.
        for (const file of Object.keys(bundle)) delete bundle[file];
      },
    },
  };
  const report: RollupPlugin = {
    name: "touchline:chunk-groups-report",
    generateBundle: {
      order: "post",
      handler(_output, bundle) {
        const chunks = builtChunks(bundle, options);
        const bytes = new Map(chunks.map((chunk) => [chunk.file, gzip9(chunk.code)]));
        const pages = pagesOf(chunks, chains, options);
        for (const page of pages) {
          const was = before!.get(page.route)!;
          const weight = page.files.reduce((sum, file) => sum + bytes.get(file)!, 0);
          const limit = options.maxFiles(routeId(page.route));
          if (page.files.length > limit)
            this.warn(`chunk groups: ${page.route} loads ${page.files.length} script files, more than ${limit}`);
          if (weight > was.bytes)
            this.warn(`chunk groups: ${page.route} loads ${weight - was.bytes} bytes of gzip more than ungrouped`);
        }
        const most = (list: number[]) => Math.max(...list);
        this.info(
          `chunk groups: ${pages.length} hydrated pages load at most ${most(pages.map((page) => page.files.length))} ` +
            `script files each (ungrouped: ${most([...before!.values()].map((page) => page.files))})`,
        );
      },
    },
  };
  const grouped: GetManualChunk = (id) => {
    if (!moduleGroups) throw new Error("chunk groups: the grouped files were asked for before the plan");
    return moduleGroups.get(id);
  };

  return {
    name: "touchline:chunk-groups",
    apply: "build",
    enforce: "post",
    // React Router sets the client build's output in its own config hook, and Vite would append
    // an array of outputs to it: the two outputs replace it once the config is resolved.
    configResolved(config) {
      if (config.build.ssr) return;
      const builds = [config.build, config.environments.client?.build];
      for (const rollupOptions of new Set(builds.map((build) => build?.rollupOptions))) {
        if (!rollupOptions) continue;
        const base = rollupOptions.output;
        if (Array.isArray(base)) throw new Error("chunk groups: the client build already has several outputs");
        const plugins = (own: RollupPlugin) => [...(Array.isArray(base?.plugins) ? base.plugins : []), own];
        const first: OutputOptions = { ...base, manualChunks: options.manualChunks, plugins: plugins(measure) };
        const second: OutputOptions = { ...base, manualChunks: grouped, plugins: plugins(report) };
        // A route's file may hold shared code too; it then exports more than the route, which
        // React Router ignores.
        rollupOptions.preserveEntrySignatures = "allow-extension";
        rollupOptions.output = [first, second];
      }
    },
  };
}

/** Every page (leaf route) as the chain of route files from the root down. */
export function pageChains(rootFile: string, routes: RouteEntry[]): string[][] {
  const chains: string[][] = [];
  const walk = (route: RouteEntry, above: string[]) => {
    const chain = [...above, route.file];
    if (route.children && route.children.length > 0) for (const child of route.children) walk(child, chain);
    else chains.push(chain);
  };
  for (const route of routes) walk(route, [rootFile]);
  return chains;
}

/** The route file (relative to the app directory) of a client route module's id. */
function routeOf(id: string | null, options: ChunkGroupOptions): string | undefined {
  if (!id?.endsWith(CLIENT_ROUTE)) return undefined;
  return path.relative(options.appDirectory, id.slice(0, -CLIENT_ROUTE.length)).split(path.sep).join("/");
}

/** React Router's id of a route: its file without the extension, `routes/auth/layout`. */
const routeId = (file: string) => file.replace(/\.[jt]sx?$/, "");

/** "auth-layout" for routes/auth/layout.tsx, "root" for root.tsx. */
function routeName(file: string): string {
  return routeId(file)
    .replace(/^routes\//, "")
    .replaceAll("/", "-");
}

type Chunk = BuiltChunk & { component: boolean };

/** The chunks of a generated bundle, in file order, a route's file named after the route. */
function builtChunks(bundle: OutputBundle, options: ChunkGroupOptions): Chunk[] {
  const entryId = path.resolve(options.appDirectory, options.entryFile);
  return Object.values(bundle)
    .filter((file): file is OutputChunk => file.type === "chunk")
    .sort((a, b) => (a.fileName < b.fileName ? -1 : 1))
    .map((chunk) => {
      const route = chunk.isEntry ? routeOf(chunk.facadeModuleId, options) : undefined;
      return {
        file: chunk.fileName,
        name: route ? routeName(route) : chunk.name,
        code: chunk.code,
        imports: chunk.imports,
        route,
        component: chunk.exports.includes("default"),
        entry: chunk.isEntry && chunk.facadeModuleId === entryId,
        css: (chunk.viteMetadata?.importedCss.size ?? 0) > 0,
        lazy: chunk.isDynamicEntry,
      };
    });
}

/**
 * What a cold load of each hydrated page fetches: the entry's file, its routes' files and all
 * they import. Routes with no component (resource routes) are no pages.
 */
function pagesOf(chunks: Chunk[], chains: string[][], options: ChunkGroupOptions): PageFiles[] {
  const byRoute = new Map(chunks.filter((chunk) => chunk.route).map((chunk) => [chunk.route!, chunk]));
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const entry = chunks.find((chunk) => chunk.entry);
  if (!entry) throw new Error(`chunk groups: no file for the client entry ${options.entryFile}`);
  return chains
    .filter((chain) => byRoute.get(chain.at(-1)!)?.component)
    .map((chain) => {
      const starts = [entry, ...chain.map((file) => byRoute.get(file)).filter((chunk) => chunk !== undefined)];
      const files = new Set(starts.map((chunk) => chunk.file));
      for (const file of files) for (const imported of byFile.get(file)!.imports) files.add(imported);
      return { route: chain.at(-1)!, files: [...files] };
    });
}

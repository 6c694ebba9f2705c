import path from "node:path";

// How the browser's JavaScript is split into files (docs/decisions/0054-chunk-groups.md).
//
// Left to itself Rollup gives every set of route modules that share code a file of its own, and
// a page loads up to forty of them, each a request with its own headers and, on a phone, its own
// round trip. Here modules are grouped by the pages whose first visit loads them, and groups are
// merged until no page loads more than `maxRequests` scripts:
//
// - What the client entry and the root route import is the "shell", which every page loads.
//   The entry and the root route keep files of their own: the root carries the stylesheet, and
//   React Router takes the stylesheet of a file that lazily loaded code also imports for one
//   loaded on demand.
// - A layout route shares its file with what only its pages load.
// - Every other module two or more pages load starts in a group per set of pages. While a page
//   loads too many files, the two groups whose merge adds the fewest bytes to pages that need
//   only one half, per request saved on the pages over the limit, are merged. A page loads the
//   groups it imports and what those import in turn, so a merge is costed with what it drags
//   along; a merge also saves each page that loads both halves `mergeSaving` bytes, and one that
//   would leave a page heavier than at the start costs `overweightCost` times more. Merges that
//   would make two files import each other are skipped, and the shell takes in nothing.
// - What only one page loads goes with that page's route.

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
  /**
   * Scripts a first visit to any page may request: the route manifest, the client entry and the
   * route modules of its chain count with the groups it loads.
   */
  maxRequests: number;
  /**
   * True for a route whose pages are served as plain HTML (no scripts on a first visit): such
   * pages are left out of the plan, their scripts only ever load after a hydrated page's.
   */
  isPlain?: (file: string) => boolean;
  /** False for a page whose requests need not fit (its bytes still count); all fit by default. */
  mustFit?: (file: string) => boolean;
  /** Compressed bytes a merge saves a page that loads both halves (file overhead). */
  mergeSaving?: number;
  /** How much worse than a byte of waste a byte a page ends up heavier than before is. */
  overweightCost?: number;
  /** Told what each page will load, as planned (estimates, before minification of the whole). */
  onPlan?: (pages: PlannedPage[]) => void;
}

export interface PlannedPage {
  /** The page's route file. */
  file: string;
  requests: { before: number; after: number };
  /** Estimated compressed bytes of the shared files, the shell left out. */
  bytes: { before: number; after: number };
}

interface Group {
  name: string;
  modules: string[];
  pages: Set<number>;
  bytes: number;
  /** The shell or a layout's group: two such groups never merge. */
  anchor?: boolean;
  /** Zod's: merged with nothing (see OUTSIDE_SHELL). */
  apart?: boolean;
}

/**
 * Zod, which the shell's modules import but do not use: the contract's session module imports
 * it, though the browser runs none of its schemas there. It keeps files of its own, merged with
 * nothing: many modules import it for one schema beside the constants a page uses, so which
 * pages really load it shows only after tree-shaking, and a merge that looks cheap by imports
 * would bring its 9 KiB to pages that have no form.
 */
const OUTSIDE_SHELL = /\/node_modules\/zod\//;

/** The query React Router adds to the modules it builds as client route entries. */
const CLIENT_ROUTE = "?__react-router-build-client-route";

export interface ModuleGraph {
  ids: string[];
  imports: (id: string) => readonly string[];
  /** Compressed size of one module, minified; 0 for code that tree-shaking leaves out. */
  bytes: (id: string) => number;
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

/** Module id to group name, for every module that more than one page loads. */
export function planGroups(options: ChunkGroupOptions, graph: ModuleGraph): Map<string, string> {
  const { appDirectory, rootFile, entryFile, routes, maxRequests } = options;
  const mergeSaving = options.mergeSaving ?? 120;
  const overweightCost = options.overweightCost ?? 20;
  const moduleOf = (file: string) => `${path.resolve(appDirectory, file)}${CLIENT_ROUTE}`;
  const known = new Set(graph.ids);
  const entryId = graph.ids.find((id) => id === path.resolve(appDirectory, entryFile));
  if (!entryId) throw new Error(`chunk groups: the client entry ${entryFile} is not in the build`);
  const isPlain = options.isPlain ?? (() => false);
  const files = pageChains(rootFile, routes).filter((chain) => !chain.some(isPlain));
  const chains = files.map((chain) => chain.map(moduleOf).filter((id) => known.has(id)));
  const fits = files.map((chain) => (options.mustFit ?? (() => true))(chain.at(-1)!));

  // What a first visit to each page loads, by static imports from its route chain and the entry.
  const reach = (starts: string[], stop: (id: string) => boolean) => {
    const found = new Set(starts);
    const queue = [...starts];
    while (queue.length > 0)
      for (const imported of graph.imports(queue.pop()!)) {
        if (found.has(imported) || stop(imported)) continue;
        found.add(imported);
        queue.push(imported);
      }
    return found;
  };
  const rootId = moduleOf(rootFile);
  const rootFileId = path.resolve(appDirectory, rootFile);
  const own = new Set([entryId, rootId, rootFileId]);
  const shellModules = reach([entryId, ...(known.has(rootId) ? [rootId] : [])], (id) => OUTSIDE_SHELL.test(id));
  for (const id of own) shellModules.delete(id);
  // Beyond the shell, a page loads what its own route modules import, but not through the shell:
  // what the shell imports and no page uses (most of zod) is left out of the build.
  const pagesOf = new Map<string, Set<number>>();
  chains.forEach((chain, page) => {
    const starts = chain.filter((id) => !own.has(id));
    for (const id of reach(starts, (imported) => shellModules.has(imported) || own.has(imported))) {
      let pages = pagesOf.get(id);
      if (!pages) pagesOf.set(id, (pages = new Set()));
      pages.add(page);
    }
  });
  const leaves = new Set(chains.map((chain) => chain.at(-1)));
  const keyOf = (pages: Set<number>) => [...pages].sort((a, b) => a - b).join(",");

  // The starting groups: the shell, each layout with what only its pages load, then one group
  // per set of pages. Styles stay where Vite puts them; the entry stays a file of its own.
  const groups = new Map<string, Group>();
  const allPages = new Set(chains.map((_, page) => page));
  const shell: Group = { name: "shell", modules: [], pages: allPages, bytes: 0, anchor: true };
  for (const id of shellModules) if (!id.endsWith(".css") && graph.bytes(id) > 0) shell.modules.push(id);
  groups.set("shell", shell);
  for (const [id, pages] of pagesOf) {
    if (!id.endsWith(CLIENT_ROUTE) || leaves.has(id)) continue;
    const key = keyOf(pages);
    if (groups.has(key)) continue;
    groups.set(key, { name: routeName(id, appDirectory), modules: [id], pages, bytes: 0, anchor: true });
  }
  for (const [id, pages] of pagesOf) {
    // Layouts are placed above; a layout whose pages are another's keeps a file of its own.
    // Code tree-shaking leaves out weighs nothing and can go anywhere.
    if (id.endsWith(".css") || id.endsWith(CLIENT_ROUTE) || pages.size < 2 || graph.bytes(id) === 0) continue;
    let key = keyOf(pages);
    if (OUTSIDE_SHELL.test(id)) key = "zod";
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = { name: "", modules: [], pages: new Set(pages), bytes: 0, apart: OUTSIDE_SHELL.test(id) }),
      );
    group.modules.push(id);
    for (const page of pages) group.pages.add(page);
  }
  // Merge while a page loads too many files. A page loads the groups holding what it imports
  // and every group those import in turn: a merged file imports what either half imported.
  const fixedRequests = 3; // the route manifest, the client entry and the root route
  let list = [...groups.values()];
  for (const group of list) group.bytes = group.modules.reduce((sum, id) => sum + graph.bytes(id), 0);
  const pageList = [...allPages];
  const loadedBy = (pages: number[], direct: (page: number) => Set<Group>, edges: Map<Group, Set<Group>>) =>
    pages.map((page) => {
      const loaded = new Set(direct(page));
      const queue = [...loaded];
      while (queue.length > 0)
        for (const next of edges.get(queue.pop()!) ?? []) {
          if (loaded.has(next)) continue;
          loaded.add(next);
          queue.push(next);
        }
      return loaded;
    });
  const bytesOf = (loaded: Set<Group>) => [...loaded].reduce((sum, group) => sum + group.bytes, 0);
  const groupOf = new Map<string, Group>();
  for (const group of list) for (const id of group.modules) groupOf.set(id, group);
  const edgesOf = () => {
    const edges = new Map<Group, Set<Group>>(list.map((group) => [group, new Set()]));
    for (const group of list)
      for (const id of group.modules)
        for (const imported of graph.imports(id)) {
          const target = groupOf.get(imported);
          // The shell's imports of zod are left out of the build (see OUTSIDE_SHELL).
          if (target && target !== group && !(group === shell && target.apart)) edges.get(group)!.add(target);
        }
    return edges;
  };
  const directOf = (page: number) => new Set(list.filter((group) => group.pages.has(page)));
  let loaded = loadedBy(pageList, directOf, edgesOf());
  const start = loaded.map((set) => bytesOf(set) - mergeSaving * set.size);
  const requestsOf = (set: Set<Group>) => fixedRequests + 1 + set.size;
  const initial = loaded.map((set) => ({ requests: requestsOf(set), bytes: bytesOf(set) - shell.bytes }));

  for (;;) {
    const excess = loaded.map((set, page) => (fits[page] ? Math.max(0, requestsOf(set) - maxRequests) : 0));
    if (excess.every((n) => n === 0)) break;
    const edges = edgesOf();
    const direct = pageList.map(directOf);
    let best: { a: Group; b: Group; score: number } | undefined;
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if ((a.anchor && b.anchor) || a === shell || b === shell || a.apart || b.apart) continue;
        // A layout takes in only what its own pages load: anywhere else it would come along.
        const [anchor, other] = b.anchor ? [b, a] : [a, b];
        if (anchor.anchor && [...other.pages].some((page) => !anchor.pages.has(page))) continue;
        if (!pageList.some((page) => excess[page]! > 0 && loaded[page]!.has(a) && loaded[page]!.has(b))) continue;
        if (wouldCycle(a, b, edges)) continue;
        // The pair as one group, c, on a copy of the import graph.
        const c: Group = { name: "", modules: [], pages: new Set([...a.pages, ...b.pages]), bytes: a.bytes + b.bytes };
        const swap = (set: Set<Group>) => {
          if (!set.has(a) && !set.has(b)) return set;
          const next = new Set(set);
          next.delete(a);
          next.delete(b);
          next.add(c);
          return next;
        };
        const merged = new Map<Group, Set<Group>>();
        for (const [group, targets] of edges) if (group !== a && group !== b) merged.set(group, swap(targets));
        const cTargets = swap(new Set([...edges.get(a)!, ...edges.get(b)!]));
        cTargets.delete(c);
        merged.set(c, cTargets);
        // Pages that load neither half load the same files as before.
        const affected = pageList.filter((page) => loaded[page]!.has(a) || loaded[page]!.has(b));
        const after = loadedBy(affected, (page) => swap(direct[page]!), merged);
        let waste = 0;
        let overweight = 0;
        let benefit = 0;
        for (const [index, page] of affected.entries()) {
          const before = loaded[page]!;
          const now = after[index]!;
          waste += Math.max(0, bytesOf(now) - bytesOf(before));
          const weight = (set: Set<Group>) => Math.max(0, bytesOf(set) - mergeSaving * set.size - start[page]!);
          overweight += weight(now) - weight(before);
          benefit += Math.min(excess[page]!, Math.max(0, before.size - now.size));
        }
        if (benefit === 0) continue;
        const score = (waste + overweightCost * overweight) / benefit;
        if (!best || score < best.score) best = { a, b, score };
      }
    if (!best) throw new Error(`chunk groups: no merge brings every page to ${maxRequests} scripts`);
    const [keep, gone] = best.b.anchor ? [best.b, best.a] : [best.a, best.b];
    keep.modules.push(...gone.modules);
    keep.pages = new Set([...keep.pages, ...gone.pages]);
    keep.bytes += gone.bytes;
    for (const id of gone.modules) groupOf.set(id, keep);
    list = list.filter((group) => group !== gone);
    loaded = loadedBy(pageList, directOf, edgesOf());
  }

  // Every leaf route is named too, the modules only it loads following it into its file: else
  // two route modules with nothing in them (resource routes) could end up in one file, and
  // React Router then finds no file for the other.
  options.onPlan?.(
    pageList.map((page) => ({
      file: files[page]!.at(-1)!,
      requests: { before: initial[page]!.requests, after: requestsOf(loaded[page]!) },
      bytes: { before: initial[page]!.bytes, after: bytesOf(loaded[page]!) - shell.bytes },
    })),
  );
  const plan = new Map<string, string>();
  for (const id of leaves) if (id) plan.set(id, routeName(id, appDirectory));
  for (const group of list) {
    const name = group.name || sharedName(group, graph);
    for (const id of group.modules) plan.set(id, name);
  }
  return plan;
}

/** Merged, a and b would import each other when one reaches the other through a third group. */
function wouldCycle(a: Group, b: Group, edges: Map<Group, Set<Group>>): boolean {
  const reachesThroughOthers = (from: Group, to: Group) => {
    const seen = new Set<Group>();
    const queue = [...edges.get(from)!].filter((group) => group !== to);
    while (queue.length > 0) {
      const group = queue.pop()!;
      if (seen.has(group)) continue;
      seen.add(group);
      for (const next of edges.get(group)!) {
        if (next === to) return true;
        if (next !== from) queue.push(next);
      }
    }
    return false;
  };
  return reachesThroughOthers(a, b) || reachesThroughOthers(b, a);
}

/** "auth-layout" for app/routes/auth/layout.tsx. */
function routeName(id: string, appDirectory: string): string {
  const file = path.relative(path.join(appDirectory, "routes"), id.replace(CLIENT_ROUTE, ""));
  return file.replace(/\.[jt]sx?$/, "").replaceAll(/[\\/]/g, "-");
}

/** A shared group is named after its largest module, as Rollup names the chunks it makes. */
function sharedName(group: Group, graph: ModuleGraph): string {
  let largest = group.modules[0]!;
  for (const id of group.modules) if (graph.bytes(id) > graph.bytes(largest)) largest = id;
  const file = path.basename(largest.split("?")[0]!).replace(/\.[cm]?[jt]sx?$/, "");
  return file === "index" ? path.basename(path.dirname(largest.split("?")[0]!)) : file;
}

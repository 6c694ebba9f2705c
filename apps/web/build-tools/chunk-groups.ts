import { gzipSync } from "node:zlib";

// How the browser's JavaScript is grouped into files (docs/decisions/0054-chunk-groups.md).
//
// Left to itself Rollup gives every set of route modules that share code a file of its own, and
// a page loads up to fifty of them, most under 1 KiB, each a request with its own headers and,
// on a phone, its own round trip. The plan starts from the files of a first generation of the
// client build, after tree-shaking and minification, so what each page loads and what each file
// weighs are known exactly. It only joins whole files, and weighs a group by compressing the
// code the build will write for it (`groupCode`: the files' code, one import statement per
// group imported, the hoisted ones, the exports others use), within a few dozen bytes.
//
// 1. Files that exactly the same pages load become one group: no page loads a byte more. What
//    every page loads is the shell, with the client entry (app/entry.client.tsx waits for
//    React Router to be set up before it hydrates); it takes in nothing else. Routes stay
//    apart.
// 2. While a page loads more than its limit of files, the two groups are joined whose join
//    costs least per file saved on such pages: the bytes it adds to pages that need one half
//    only (with all that half imports), each page's counted the more the less room it has left
//    under its budget, less those it saves pages that load both. A join must leave every page
//    within its budget, though a page still over its limit may spend now what the joins it
//    still needs will save it (`SAVING_PER_JOIN` each).
// 3. Then a local search moves a group of same-page files to another group or a file of its
//    own, joins two groups, or, for a page still over its limit, dissolves a group it loads
//    into the others it loads (then moving off pages pushed over their budget the files they
//    do not need), whenever that lowers, in this order, the bytes pages load over their
//    budgets, the files they load over their limits, the bytes they load within `RESERVE` of
//    their budgets, or the bytes they load.
//
// Joins that would make two files import each other are never made, nor those that would let
// code loaded on demand import the file with the stylesheet. A route's file may take in shared
// code (React Router reads only the exports it knows), but two routes never share a file.

/** A file of the first generation. */
export interface BuiltChunk {
  /** Its file name, `assets/shell-CIbHFFQs.js`. */
  file: string;
  /** Its chunk name: its route's, or the one Rollup gave it. */
  name: string;
  /** Its code as written (minified). */
  code: string;
  /** The files it imports statically. */
  imports: string[];
  /** The route file whose module this file is the entry of (`routes/auth/layout.tsx`). */
  route?: string;
  /** True for the client entry's file. */
  entry?: boolean;
  /** True for a file that imports a stylesheet (the root route's). */
  css?: boolean;
  /** True for a file the browser loads on demand, with import(). */
  lazy?: boolean;
}

/** A page: the files a cold load of it fetches in the first generation. */
export interface PageFiles {
  /** The page's route file, `routes/auth/player-login.tsx`. */
  route: string;
  files: string[];
  /** Compressed bytes the page may load at most: by default what its files weigh now. */
  budget?: number;
  /** Files the page may load at most, if not the options' `maxFiles`. */
  maxFiles?: number;
}

export interface GroupingOptions {
  /** Files a cold load of a page may fetch at most. */
  maxFiles: number;
  /** Compressed size of code sent as one file: gzip level 9 by default, as the server sends it. */
  compressedSize?: (code: string) => number;
}

export interface PlannedGroup {
  /** The group's chunk name: its route's, "shell" for the client entry's, or its largest file's. */
  name: string;
  /** The first generation's files that make it up. */
  files: string[];
}

export interface PageOutcome {
  route: string;
  budget: number;
  before: { files: number; bytes: number };
  after: { files: number; bytes: number };
}

export interface GroupingPlan {
  groups: PlannedGroup[];
  pages: PageOutcome[];
}

/** Rounds of the local search at most: the third seldom finds anything, and each takes seconds. */
const LOCAL_SEARCH_ROUNDS = 3;

/** What a join of two groups a page loads is counted on to save it, while it is over the limit. */
export const SAVING_PER_JOIN = 100;

const gzip9 = (code: string) => gzipSync(code, { level: 9 }).length;

/**
 * Bytes of room under its budget a page is kept, where the local search can, for the joins a
 * page over its limit may still need: a page that loads close to its budget blocks every join
 * that would give it a byte more.
 */
export const RESERVE = 1000;

/** Summed over pages: bytes over budget, files over the limit, bytes within RESERVE of budget, bytes. */
type Score = [overweight: number, over: number, pressure: number, bytes: number];
const compare = (a: Score, b: Score) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3];

/** Groups the first generation's files so that every page loads at most maxFiles of them. */
export function planGroups(chunks: BuiltChunk[], pages: PageFiles[], options: GroupingOptions): GroupingPlan {
  const size = options.compressedSize ?? gzip9;
  const index = new Map(chunks.map((chunk, i) => [chunk.file, i]));
  for (const page of pages)
    for (const file of page.files)
      if (!index.has(file)) throw new Error(`chunk groups: ${page.route} loads ${file}, which is not in the build`);
  const imports = chunks.map((chunk) =>
    chunk.imports.map((file) => index.get(file)).filter((i): i is number => i !== undefined),
  );
  const needs = pages.map((page) => new Set(page.files.map((file) => index.get(file)!)));
  const before = needs.map((list) => [...list].reduce((sum, i) => sum + size(chunks[i]!.code), 0));
  const budget = pages.map((page, p) => page.budget ?? before[p]!);
  const limit = pages.map((page) => page.maxFiles ?? options.maxFiles);
  const pagesOf = chunks.map(() => [] as number[]);
  needs.forEach((list, page) => list.forEach((i) => pagesOf[i]!.push(page)));
  const isRoute = (i: number) => chunks[i]!.route !== undefined;
  const isShell = (i: number) => !isRoute(i) && pagesOf[i]!.length === pages.length;

  // Compressed sizes of files' code joined, by the files joined (import and export statements
  // as they are): used to rank joins before they are made.
  const importers = exportsImported(chunks);
  const keptOutside = (list: number[]) => {
    const inside = new Set(list.map((i) => chunks[i]!.file));
    // An export stays if a file outside the group imports it (or any file may: routes' and the
    // entry's exports, read by React Router, and those of files imported on demand).
    return (file: string, name: string) => {
      const users = importers.get(file)?.get(name);
      return users === undefined || users === "any" || [...users].some((user) => !inside.has(user));
    };
  };
  const alone = new Map<string, number>();
  const bytesOf = (list: number[]) => {
    const key = list.join(",");
    let bytes = alone.get(key);
    if (bytes === undefined)
      alone.set(
        key,
        (bytes = size(
          joinedCode(
            list.map((i) => chunks[i]!),
            keptOutside(list),
          ),
        )),
      );
    return bytes;
  };

  // The grouping: each file's group and each group's files, in file order.
  const groupOf = new Int32Array(chunks.length);
  const members = new Map<number, number[]>();
  let nextGroup = 0;
  const setGroup = (group: number, list: number[]) => {
    if (list.length === 0) return void members.delete(group);
    const sorted = [...list].sort((a, b) => a - b);
    members.set(group, sorted);
    for (const i of sorted) groupOf[i] = group;
  };
  const importsOf = (group: number) => {
    const found = new Set<number>();
    for (const i of members.get(group)!) for (const target of imports[i]!) found.add(groupOf[target]!);
    found.delete(group);
    return found;
  };
  /** Every group `group` imports, directly or not. */
  const below = (group: number) => {
    const found = new Set(importsOf(group));
    for (const next of found) for (const further of importsOf(next)) found.add(further);
    found.delete(group);
    return found;
  };
  const cyclic = (group: number) => {
    const found = new Set(importsOf(group));
    for (const next of found) {
      if (next === group) return true;
      for (const further of importsOf(next)) found.add(further);
    }
    return false;
  };
  // React Router takes a stylesheet that code loaded on demand imports (even through others) for
  // one loaded on demand too, and leaves it out of the page: a group with a stylesheet may not
  // be imported by what loads on demand.
  const lazyReachesStylesheet = () => {
    const found = new Set<number>();
    chunks.forEach((chunk, i) => {
      if (chunk.lazy) found.add(groupOf[i]!);
    });
    for (const group of found) for (const next of importsOf(group)) found.add(next);
    return [...found].some((group) => members.get(group)!.some((i) => chunks[i]!.css));
  };
  const broken = (touched: number[]) =>
    touched.some((group) => members.has(group) && cyclic(group)) || lazyReachesStylesheet();

  // A group's compressed size as the build writes it: its files' code with one import
  // statement per group it imports from and one for each group those import in turn (Rollup
  // hoists them so that the browser asks for all at once), and its exports used elsewhere.
  // Groups are named after their first file. Kept by the group's files and their imports'
  // groups (each by its first file).
  const weighed = new Map<string, number>();
  const bodies = new Map<string, number>();
  const emptyFile = size("");
  const weigh = (group: number, direct: Set<number>, reachable: Set<number>) => {
    const list = members.get(group)!;
    const first = (other: number) => members.get(other)![0]!;
    const hoisted = [...reachable]
      .filter((other) => !direct.has(other))
      .map(first)
      .sort((a, b) => a - b);
    let key = `${list.join(",")}|`;
    for (const i of list) for (const target of imports[i]!) key += `${target}:${first(groupOf[target]!)},`;
    key += `|${hoisted.join(",")}`;
    let bytes = weighed.get(key);
    if (bytes === undefined) {
      const nameOf = (i: number) => basename(chunks[i]!.file);
      const groupOfFile = (file: string) => nameOf(first(groupOf[index.get(file)!]!));
      const { head, body } = groupParts(
        list.map((i) => chunks[i]!),
        groupOfFile,
        hoisted.map(nameOf),
        keptOutside(list),
      );
      // The statements change with every move of the groups imported; the rest only with the
      // group's files. Compressed apart, less the second file's gzip frame: a few bytes more
      // than compressed together.
      const bodyKey = list.join(",");
      let bodyBytes = bodies.get(bodyKey);
      if (bodyBytes === undefined) bodies.set(bodyKey, (bodyBytes = size(body)));
      bytes = bodyBytes + size(head) - emptyFile;
      weighed.set(key, bytes);
    }
    return bytes;
  };
  const outcome = () => {
    const direct = new Map([...members.keys()].map((group) => [group, importsOf(group)]));
    const reachable = new Map<number, Set<number>>();
    const reach = (group: number): Set<number> => {
      let found = reachable.get(group);
      if (found) return found;
      found = new Set(direct.get(group));
      reachable.set(group, found);
      for (const next of direct.get(group)!) for (const further of reach(next)) found.add(further);
      found.delete(group);
      return found;
    };
    const weights = new Map(
      [...members.keys()].map((group) => [group, weigh(group, direct.get(group)!, reach(group))]),
    );
    return needs.map((list) => {
      const load = new Set([...list].map((i) => groupOf[i]!));
      for (const group of [...load]) for (const next of reach(group)) load.add(next);
      let bytes = 0;
      for (const group of load) bytes += weights.get(group)!;
      return { load, files: load.size, bytes, weights };
    });
  };
  const scoreOf = (result: ReturnType<typeof outcome>): Score =>
    result.reduce<Score>(
      (score, { files, bytes }, page) => [
        score[0] + Math.max(0, bytes - budget[page]!),
        score[1] + Math.max(0, files - limit[page]!),
        score[2] + Math.max(0, bytes - budget[page]! + RESERVE),
        score[3] + bytes,
      ],
      [0, 0, 0, 0],
    );
  const mayJoin = (a: number[], b: number[]) =>
    !(a.some(isRoute) && b.some(isRoute)) && !a.some(isShell) && !b.some(isShell);

  // 1. Files that the same pages load, together; files no page loads (those only plain HTML
  // pages or on-demand imports use) stay as they are.
  const bySet = new Map<string, number[]>();
  chunks.forEach((_, i) => {
    const key = pagesOf[i]!.join(",");
    if (key === "" || isRoute(i)) setGroup(nextGroup++, [i]);
    else bySet.set(key, [...(bySet.get(key) ?? []), i]);
  });
  for (const list of bySet.values()) setGroup(nextGroup++, list);
  let current = outcome();

  // 2. Joins while a page loads too many files.
  const refused = new Set<string>();
  for (;;) {
    const excess = current.map(({ files }, page) => Math.max(0, files - limit[page]!));
    const weights = current[0]!.weights;
    if (excess.every((n) => n === 0)) break;
    const groups = [...members.keys()];
    const reach = new Map(groups.map((group) => [group, below(group)]));
    let best: { a: number; b: number; score: number } | undefined;
    for (let x = 0; x < groups.length; x++)
      for (let y = x + 1; y < groups.length; y++) {
        const a = groups[x]!;
        const b = groups[y]!;
        if (!current.some(({ load }, page) => excess[page]! > 0 && load.has(a) && load.has(b))) continue;
        if (!mayJoin(members.get(a)!, members.get(b)!)) continue;
        // One reaching the other through a third group would then import it and be imported by it.
        if ([...importsOf(a)].some((next) => next !== b && reach.get(next)!.has(b))) continue;
        if ([...importsOf(b)].some((next) => next !== a && reach.get(next)!.has(a))) continue;
        if (refused.has(`${a}:${b}`)) continue;
        const listA = members.get(a)!;
        const listB = members.get(b)!;
        const sizeA = weights.get(a)!;
        const sizeB = weights.get(b)!;
        // Made, the join's size is measured with its statements; to rank it, its files' join
        // saves as much as it would with their statements as they are.
        const joined =
          sizeA + sizeB + bytesOf([...listA, ...listB].sort((i, j) => i - j)) - bytesOf(listA) - bytesOf(listB);
        let benefit = 0;
        let cost = 0;
        let fits = true;
        current.forEach(({ load, files, bytes }, page) => {
          const hasA = load.has(a);
          const hasB = load.has(b);
          if (!hasA && !hasB) return;
          let change = joined - (hasA ? sizeA : 0) - (hasB ? sizeB : 0);
          let filesAfter = files - (hasA && hasB ? 1 : 0);
          if (hasA !== hasB)
            for (const group of reach.get(hasA ? b : a)!)
              if (!load.has(group)) {
                change += weights.get(group)!;
                filesAfter += 1;
              }
          if (hasA && hasB && excess[page]! > 0) benefit += 1;
          // Bytes added count the more the less room the page has left (per KB of it): spent on
          // a page with room to spare, they do not block the joins that a page near its budget
          // will need later.
          cost += change > 0 ? (change * 1000) / Math.max(50, budget[page]! - bytes) : change;
          const credit = SAVING_PER_JOIN * Math.max(0, filesAfter - limit[page]!);
          if (change > 0 && bytes + change > budget[page]! + credit) fits = false;
        });
        if (benefit === 0 || !fits) continue;
        const score = cost >= 0 ? cost / benefit : cost * benefit;
        if (!best || score < best.score) best = { a, b, score };
      }
    if (!best) break;
    const [listA, listB] = [members.get(best.a)!, members.get(best.b)!];
    setGroup(best.a, [...listA, ...listB]);
    members.delete(best.b);
    const next = outcome();
    // Measured, the join must still leave each page within its budget (and credit).
    const fits =
      !broken([best.a]) &&
      next.every(
        ({ files, bytes }, page) =>
          bytes <= current[page]!.bytes || bytes <= budget[page]! + SAVING_PER_JOIN * Math.max(0, files - limit[page]!),
      );
    if (fits) current = next;
    else {
      setGroup(best.a, listA);
      setGroup(best.b, listB);
      refused.add(`${best.a}:${best.b}`);
    }
  }

  // 3. Local search: each change is kept if it lowers the score.
  let score = scoreOf(current);
  const tryChange = (change: () => void, undo: () => void, touched: number[]) => {
    change();
    const result = broken(touched) ? undefined : outcome();
    const next = result && scoreOf(result);
    if (next && compare(next, score) < 0) {
      current = result!;
      score = next;
      return true;
    }
    undo();
    return false;
  };
  const units = [...bySet.values()].filter((list) => !list.some(isShell));
  // Pages over their budget after a change made for another page: units they load and do not
  // need, moved to files of their own, one at a time while that lowers the score.
  const repair = (start: ReturnType<typeof outcome>) => {
    let result = start;
    let base = scoreOf(result);
    for (;;) {
      const heavy = result.flatMap(({ bytes }, page) => (bytes > budget[page]! ? [page] : []));
      let best: { unit: number[]; score: Score } | undefined;
      for (const unit of units) {
        const from = groupOf[unit[0]!]!;
        const fromList = members.get(from)!;
        if (fromList.length === unit.length) continue;
        if (!heavy.some((page) => result[page]!.load.has(from) && !needs[page]!.has(unit[0]!))) continue;
        setGroup(
          from,
          fromList.filter((i) => !unit.includes(i)),
        );
        setGroup(nextGroup, unit);
        if (!broken([from, nextGroup])) {
          const next = scoreOf(outcome());
          if (compare(next, best?.score ?? base) < 0) best = { unit, score: next };
        }
        members.delete(nextGroup);
        setGroup(from, fromList);
      }
      if (!best) return result;
      const from = groupOf[best.unit[0]!]!;
      setGroup(
        from,
        members.get(from)!.filter((i) => !best.unit.includes(i)),
      );
      setGroup(nextGroup++, best.unit);
      result = outcome();
      base = best.score;
    }
  };
  for (let round = 0; round < LOCAL_SEARCH_ROUNDS; round++) {
    let changed = false;
    // A unit of same-page files elsewhere: into a group a page that needs it loads, or alone.
    for (const unit of units) {
      const from = groupOf[unit[0]!]!;
      const fromList = members.get(from)!;
      const rest = fromList.filter((i) => !unit.includes(i));
      const targets = new Set<number>();
      for (const page of pagesOf[unit[0]!]!) for (const group of current[page]!.load) targets.add(group);
      targets.delete(from);
      for (const to of [...[...targets].sort((a, b) => a - b), -1]) {
        if (to === -1 && rest.length === 0) continue;
        const toList = to === -1 ? [] : members.get(to)!;
        if (to !== -1 && !mayJoin(unit, toList)) continue;
        const target = to === -1 ? nextGroup : to;
        const moved = tryChange(
          () => {
            setGroup(from, rest);
            setGroup(target, [...toList, ...unit]);
          },
          () => {
            members.delete(target);
            if (toList.length > 0) setGroup(target, toList);
            setGroup(from, fromList);
          },
          [from, target],
        );
        if (moved) {
          if (to === -1) nextGroup++;
          changed = true;
          break;
        }
      }
    }
    // Two groups that some page loads both of, joined.
    const groups = [...members.keys()];
    for (let x = 0; x < groups.length; x++)
      for (let y = x + 1; y < groups.length; y++) {
        const a = groups[x]!;
        const b = groups[y]!;
        if (!members.has(a) || !members.has(b)) continue;
        if (!current.some(({ load }) => load.has(a) && load.has(b))) continue;
        const listA = members.get(a)!;
        const listB = members.get(b)!;
        if (!mayJoin(listA, listB)) continue;
        const joined = tryChange(
          () => {
            members.delete(b);
            setGroup(a, [...listA, ...listB]);
          },
          () => {
            setGroup(a, listA);
            setGroup(b, listB);
          },
          [a],
        );
        if (joined) changed = true;
      }
    // A group that a page over its limit loads, dissolved: each of its units moved, in turn, to
    // the group of those the page loads where it scores best. One move at a time never saves the
    // page a file; together they do.
    for (let page = 0; page < pages.length; page++) {
      if (current[page]!.files <= limit[page]!) continue;
      const loaded = [...current[page]!.load];
      for (const group of loaded) {
        const list = members.get(group);
        if (!list || list.some(isRoute) || list.some(isShell)) continue;
        const parts = units.filter((unit) => groupOf[unit[0]!] === group);
        if (parts.reduce((sum, unit) => sum + unit.length, 0) !== list.length) continue;
        const savedMembers = new Map(members);
        const savedGroupOf = groupOf.slice();
        const restore = () => {
          members.clear();
          for (const [key, value] of savedMembers) members.set(key, value);
          groupOf.set(savedGroupOf);
        };
        let moved = true;
        for (const unit of parts) {
          let best: { to: number; score: Score } | undefined;
          for (const to of loaded) {
            const toList = members.get(to);
            if (to === group || !toList || !mayJoin(unit, toList)) continue;
            const fromList = members.get(group)!;
            setGroup(
              group,
              fromList.filter((i) => !unit.includes(i)),
            );
            setGroup(to, [...toList, ...unit]);
            if (!broken([group, to])) {
              const next = scoreOf(outcome());
              if (!best || compare(next, best.score) < 0) best = { to, score: next };
            }
            setGroup(to, toList);
            setGroup(group, fromList);
          }
          if (!best) {
            moved = false;
            break;
          }
          setGroup(
            group,
            members.get(group)!.filter((i) => !unit.includes(i)),
          );
          setGroup(best.to, [...members.get(best.to)!, ...unit]);
        }
        let result = moved ? outcome() : undefined;
        if (result && scoreOf(result)[1] < score[1]) result = repair(result);
        const next = result && scoreOf(result);
        if (next && compare(next, score) < 0) {
          current = result!;
          score = next;
          changed = true;
          if (current[page]!.files <= limit[page]!) break;
        } else restore();
      }
    }
    if (!changed) break;
  }

  const names = new Set<string>();
  const largest = (group: BuiltChunk[]) =>
    group.reduce((most, chunk) => (size(chunk.code) > size(most.code) ? chunk : most));
  const nameOf = (list: number[]) => {
    const group = list.map((i) => chunks[i]!);
    const base =
      group.find((chunk) => chunk.route)?.name ?? (group.some((chunk) => chunk.entry) ? "shell" : largest(group).name);
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}-${n}`;
    names.add(name);
    return name;
  };
  return {
    groups: [...members.values()]
      .sort((a, b) => a[0]! - b[0]!)
      .map((list) => ({ name: nameOf(list), files: list.map((i) => chunks[i]!.file) })),
    pages: pages.map((page, p) => ({
      route: page.route,
      budget: budget[p]!,
      before: { files: page.files.length, bytes: before[p]! },
      after: { files: current[p]!.files, bytes: current[p]!.bytes },
    })),
  };
}

/** Rollup's ES output statements: named, namespace, default or bare imports of a file, and exports. */
const STATEMENT =
  /import\s*(?:\{([^}]*)\}\s*from\s*|(\*\s*as\s+[\w$]+|[\w$]+)\s*from\s*)?"\.\/([^"]+)";?|export\s*\{([^}]*)\};?/g;
const DYNAMIC_IMPORT = /import\(\s*"\.\/([^"]+)"\s*\)/g;
const basename = (file: string) => file.slice(file.lastIndexOf("/") + 1);
/** `a as b` → "b", `a` → "a". */
const exportedName = (specifier: string) =>
  specifier
    .trim()
    .split(/\s+as\s+/)
    .pop()!;

/**
 * For each file, which files import each of its exports by name; "any" where any file may use
 * any export: routes' and the entry's (React Router reads them), and files imported on demand
 * or as a namespace.
 */
export function exportsImported(chunks: BuiltChunk[]): Map<string, Map<string, Set<string> | "any">> {
  const byName = new Map(chunks.map((chunk) => [basename(chunk.file), chunk.file]));
  const result = new Map<string, Map<string, Set<string> | "any">>();
  const anyUse = new Set(
    chunks.filter((chunk) => chunk.route !== undefined || chunk.entry || chunk.lazy).map((c) => c.file),
  );
  for (const chunk of chunks) {
    for (const [, , other, target] of chunk.code.matchAll(STATEMENT))
      if (other?.startsWith("*") && target && byName.has(target)) anyUse.add(byName.get(target)!);
    for (const [, target] of chunk.code.matchAll(DYNAMIC_IMPORT))
      if (byName.has(target!)) anyUse.add(byName.get(target!)!);
  }
  for (const chunk of chunks) {
    const uses = new Map<string, Set<string> | "any">();
    result.set(chunk.file, uses);
    for (const [, , , , exports] of chunk.code.matchAll(STATEMENT))
      if (exports !== undefined)
        for (const specifier of exports.split(","))
          uses.set(exportedName(specifier), anyUse.has(chunk.file) ? "any" : new Set());
  }
  for (const chunk of chunks)
    for (const [, names, , target] of chunk.code.matchAll(STATEMENT)) {
      if (names === undefined || !byName.has(target!)) continue;
      const uses = result.get(byName.get(target!)!)!;
      for (const specifier of names.split(",")) {
        const name = specifier.trim().split(/\s+as\s+/)[0]!;
        const users = uses.get(name);
        if (users instanceof Set) users.add(chunk.file);
      }
    }
  return result;
}

/**
 * The code of a group as the build writes it, as near as text allows: its files' code in turn
 * without their import and export statements, then one import statement per group they import
 * from (named by `groupOf` a file's group), a bare one for each group in `hoisted`, and one
 * export statement with the exports `kept`. The build's code differs in names only.
 */
export function groupCode(
  chunks: BuiltChunk[],
  groupOf: (file: string) => string,
  hoisted: string[],
  kept: (file: string, name: string) => boolean,
): string {
  const { head, body } = groupParts(chunks, groupOf, hoisted, kept);
  return `${head}\n${body}`;
}

/** `groupCode` in two: its import statements, and the rest. */
function groupParts(
  chunks: BuiltChunk[],
  groupOf: (file: string) => string,
  hoisted: string[],
  kept: (file: string, name: string) => boolean,
): { head: string; body: string } {
  const inside = new Set(chunks.map((chunk) => basename(chunk.file)));
  const named = new Map<string, string[]>();
  const bare = new Set<string>(hoisted);
  const exported: string[] = [];
  const dir = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);
  const bodies = chunks.map((chunk) =>
    chunk.code.replace(STATEMENT, (text, names?: string, other?: string, file?: string, exports?: string) => {
      if (exports !== undefined) {
        exported.push(...exports.split(",").filter((specifier) => kept(chunk.file, exportedName(specifier))));
        return "";
      }
      if (inside.has(file!)) return "";
      const target = groupOf(dir(chunk.file) + file!);
      if (other !== undefined) return text.replace(file!, target);
      if (names === undefined) bare.add(target);
      else named.set(target, [...(named.get(target) ?? []), names]);
      return "";
    }),
  );
  const head = [
    ...[...named].map(([file, names]) => `import{${names.join(",")}}from"./${file}";`),
    ...[...bare].filter((file) => !named.has(file)).map((file) => `import"./${file}";`),
  ];
  const tail = exported.length > 0 ? [`export{${exported.join(",")}};`] : [];
  return { head: head.join(""), body: [...bodies, ...tail].join("\n") };
}

/**
 * The code of files joined into one, as near as text allows: each file's code in turn without
 * the statements by which they import each other, one import statement per other file they
 * import, and one export statement with the exports `kept` (all by default). The build's join
 * differs in names only.
 */
export function joinedCode(chunks: BuiltChunk[], kept: (file: string, name: string) => boolean = () => true): string {
  if (chunks.length === 1) return chunks[0]!.code;
  const inside = new Set(chunks.map((chunk) => basename(chunk.file)));
  const named = new Map<string, string[]>();
  const bare = new Set<string>();
  const exported: string[] = [];
  const bodies = chunks.map((chunk) =>
    chunk.code.replace(STATEMENT, (text, names?: string, other?: string, file?: string, exports?: string) => {
      if (exports !== undefined) {
        exported.push(...exports.split(",").filter((specifier) => kept(chunk.file, exportedName(specifier))));
        return "";
      }
      if (inside.has(file!)) return "";
      if (other !== undefined) return text;
      if (names === undefined) bare.add(file!);
      else named.set(file!, [...(named.get(file!) ?? []), names]);
      return "";
    }),
  );
  const head = [
    ...[...named].map(([file, names]) => `import{${names.join(",")}}from"./${file}";`),
    ...[...bare].filter((file) => !named.has(file)).map((file) => `import"./${file}";`),
  ];
  const tail = exported.length > 0 ? [`export{${exported.join(",")}};`] : [];
  return [...head, ...bodies, ...tail].join("\n");
}

import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type BuiltChunk, type PageFiles, exportsImported, groupCode, planGroups } from "./chunk-groups.ts";

/** Code that compresses like minified code: words drawn from a fixed sequence. */
function codeOf(seed: number, words: number): string {
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(`v${(state >> 8).toString(36)}`);
  }
  return `const x${seed}=[${out.join(",")}];`;
}

/** A first-generation file that imports `imports` (by name) and weighs about `words` words. */
function chunk(name: string, words: number, imports: string[] = [], extra: Partial<BuiltChunk> = {}): BuiltChunk {
  const statements = imports.map((target) => `import{a as ${target.replace(/\W/g, "")}}from"./${target}.js";`);
  const seed = [...name].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) % 100000;
  return {
    file: `assets/${name}.js`,
    name,
    code: `${statements.join("")}${codeOf(seed, words)}export{x${seed} as a};`,
    imports: imports.map((target) => `assets/${target}.js`),
    ...extra,
  };
}

const page = (route: string, names: string[], extra: Partial<PageFiles> = {}): PageFiles => ({
  route,
  files: names.map((name) => `assets/${name}.js`),
  ...extra,
});

/** The shell, the entry, the root and a layout: what every page below loads. */
const base = [
  chunk("shell", 400),
  chunk("entry", 10, ["shell"], { entry: true }),
  chunk("root", 60, ["shell"], { route: "root.tsx" }),
  chunk("layout", 40, ["shell"], { route: "routes/layout.tsx" }),
];
const everyPage = ["entry", "shell", "root", "layout"];

const groupsOf = (plan: ReturnType<typeof planGroups>) =>
  plan.groups.map((group) => group.files.map((file) => file.slice("assets/".length, -".js".length)).sort());
const groupWith = (plan: ReturnType<typeof planGroups>, name: string) =>
  groupsOf(plan).find((group) => group.includes(name));

describe("planGroups", () => {
  const shared = [chunk("a", 80, ["shell"]), chunk("b", 90), chunk("c", 70), chunk("d", 60)];
  const routes = ["p1", "p2", "p3"].map((name) => chunk(name, 50, ["shell"], { route: `routes/${name}.tsx` }));
  const pages = [
    page("routes/p1.tsx", [...everyPage, "p1", "a", "b", "d"]),
    page("routes/p2.tsx", [...everyPage, "p2", "a", "b", "c"]),
    page("routes/p3.tsx", [...everyPage, "p3", "c", "d"]),
  ];
  const chunks = [...base, ...shared, ...routes];

  it("joins the files that the same pages load, and the shell with the entry", () => {
    const plan = planGroups(chunks, pages, { maxFiles: 20 });
    expect(groupWith(plan, "a")).toEqual(["a", "b"]);
    expect(groupWith(plan, "shell")).toEqual(["entry", "shell"]);
    expect(plan.groups.find((group) => group.files.includes("assets/shell.js"))!.name).toBe("shell");
    // Within the limit, nothing that costs a page bytes: c and d (two pages each, not the same).
    expect(groupWith(plan, "c")).toEqual(["c"]);
    expect(groupWith(plan, "d")).toEqual(["d"]);
    for (const outcome of plan.pages) expect(outcome.after.bytes).toBeLessThanOrEqual(outcome.before.bytes);
  });

  it("keeps every route in a file of its own, named after it", () => {
    const plan = planGroups(chunks, pages, { maxFiles: 5, compressedSize: () => 100 });
    for (const group of groupsOf(plan))
      expect(group.filter((name) => ["root", "layout", "p1", "p2", "p3"].includes(name)).length).toBeLessThanOrEqual(1);
    expect(plan.groups.find((group) => group.files.includes("assets/p1.js"))!.name).toBe("p1");
  });

  it("joins groups until every page is within the limit, when the budgets allow it", () => {
    const generous = pages.map((each) => ({ ...each, budget: 1_000_000 }));
    const plan = planGroups(chunks, generous, { maxFiles: 5 });
    for (const outcome of plan.pages) expect(outcome.after.files).toBeLessThanOrEqual(5);
    expect(plan.pages.map((outcome) => outcome.before.files)).toEqual([8, 8, 7]);
    // The shell takes in nothing more.
    expect(groupWith(plan, "shell")).toEqual(["entry", "shell"]);
  });

  it("never leaves a page heavier than its budget, even over the limit", () => {
    // No page may load a byte more than now, so joins pay for themselves or are not made.
    const plan = planGroups(chunks, pages, { maxFiles: 5 });
    const p3 = plan.pages.find((outcome) => outcome.route === "routes/p3.tsx")!;
    expect(p3.after.bytes).toBeLessThanOrEqual(p3.budget);
    expect(p3.budget).toBe(p3.before.bytes);
  });

  it("holds a page to its own limit when it has one", () => {
    const plan = planGroups(
      chunks,
      pages.map((each) => ({ ...each, budget: 1_000_000, maxFiles: each.route === "routes/p1.tsx" ? 6 : 20 })),
      { maxFiles: 20 },
    );
    expect(plan.pages[0]!.after.files).toBeLessThanOrEqual(6);
  });

  it("keeps what loads on demand off the file with the stylesheet", () => {
    const withStyles = chunks.map((each) => (each.name === "root" ? { ...each, css: true } : each));
    // A form loaded on demand imports a: the root may not take in a.
    const lazy = chunk("form", 40, ["a"], { lazy: true });
    const plan = planGroups([...withStyles, lazy], pages, { maxFiles: 5, compressedSize: () => 100 });
    expect(groupWith(plan, "root")).not.toContain("a");
    expect(groupWith(plan, "form")).toEqual(["form"]);
  });

  it("spends the bytes a join adds on pages with room to spare, not on one near its budget", () => {
    // The page of p1 loads one file too many. Joining a and b adds fewest bytes, but some of
    // them to the page of p2, near its budget; joining b and c adds more, to pages with room.
    const shared = [chunk("a", 60), chunk("b", 60), chunk("c", 60)];
    const routeFiles = ["p1", "p2", "p3", "p4", "p5"].map((name) =>
      chunk(name, 300, ["shell"], { route: `routes/${name}.tsx` }),
    );
    const all = [...base, ...shared, ...routeFiles];
    const weight = (names: string[]) =>
      names.reduce((sum, name) => sum + all.find((each) => each.name === name)!.code.length, 0);
    const room = 1_000_000;
    const plan = planGroups(
      all,
      [
        page("routes/p1.tsx", [...everyPage, "p1", "a", "b", "c"], { budget: room, maxFiles: 6 }),
        page("routes/p2.tsx", [...everyPage, "p2", "a"], { budget: weight([...everyPage, "p2", "a", "b"]) + 200 }),
        page("routes/p3.tsx", [...everyPage, "p3", "c"], { budget: room }),
        page("routes/p4.tsx", [...everyPage, "p4", "c"], { budget: room }),
        page("routes/p5.tsx", [...everyPage, "p5", "b"], { budget: room }),
      ],
      { maxFiles: 12, compressedSize: (code) => code.length },
    );
    expect(groupWith(plan, "b")).toEqual(["b", "c"]);
    expect(plan.pages[0]!.after.files).toBe(6);
    expect(plan.pages[1]!.after.bytes).toBeLessThanOrEqual(plan.pages[1]!.budget);
  });

  it("names a file a page loads that the build does not have", () => {
    expect(() => planGroups(base, [page("routes/p1.tsx", ["nowhere"])], { maxFiles: 12 })).toThrow(
      "routes/p1.tsx loads assets/nowhere.js, which is not in the build",
    );
  });
});

describe("groupCode", () => {
  const files = [
    {
      file: "assets/a-1.js",
      name: "a",
      code: 'import{s as t}from"./shell-9.js";import{b as c}from"./b-2.js";import"./far-3.js";const a=t+c;export{a as x,a as y};',
      imports: ["assets/shell-9.js", "assets/b-2.js", "assets/far-3.js"],
    },
    {
      file: "assets/b-2.js",
      name: "b",
      code: 'import{u as v}from"./shell-9.js";const b=v;export{b};',
      imports: ["assets/shell-9.js"],
    },
  ];

  it("writes one import statement per group imported, the hoisted ones, and the exports kept", () => {
    const code = groupCode(
      files,
      (file) => (file.includes("shell") ? "shell-9.js" : "far-3.js"),
      ["deep-4.js"],
      (_, name) => name !== "y",
    );
    expect(code).toBe(
      'import{s as t,u as v}from"./shell-9.js";import"./deep-4.js";import"./far-3.js";\nconst a=t+c;\nconst b=v;\nexport{a as x,b};',
    );
  });

  it("is within a few bytes of the file the build writes", () => {
    // Rollup's own join of the two files above, minified: one statement for the shell.
    const built = 'import{s as t,u as v}from"./shell-9.js";import"./far-3.js";const b=v,a=t+b;export{a as x};';
    const planned = groupCode(
      files,
      (file) => (file.includes("shell") ? "shell-9.js" : "far-3.js"),
      [],
      (_, name) => name === "x",
    );
    const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
    expect(Math.abs(gzip(planned) - gzip(built))).toBeLessThan(16);
  });
});

describe("exportsImported", () => {
  it("tells which files import each export, and 'any' where any file may use any export", () => {
    const uses = exportsImported([
      { file: "assets/a-1.js", name: "a", code: "const a=1,b=2;export{a,b as c};", imports: [] },
      {
        file: "assets/r-2.js",
        name: "r",
        code: 'import{c as d}from"./a-1.js";export{d as default};',
        imports: ["assets/a-1.js"],
        route: "routes/r.tsx",
      },
      { file: "assets/l-3.js", name: "l", code: "const z=1;export{z};", imports: [], lazy: true },
    ]);
    expect(uses.get("assets/a-1.js")).toEqual(
      new Map([
        ["a", new Set()],
        ["c", new Set(["assets/r-2.js"])],
      ]),
    );
    expect(uses.get("assets/r-2.js")).toEqual(new Map([["default", "any"]]));
    expect(uses.get("assets/l-3.js")).toEqual(new Map([["z", "any"]]));
  });
});

import { describe, expect, it } from "vitest";
import { type ChunkGroupOptions, type ModuleGraph, pageChains, planGroups } from "./chunk-groups.ts";

const APP = "/w/app";
const Q = "?__react-router-build-client-route";

/**
 * A small app: the entry and root (the shell: the router, the session helpers, which import
 * zod), a layout with three pages and a page of its own. Shared modules: `both` (pages a1, a2),
 * `forms` (a2, a3, with zod), `layoutPart` (the layout), `wide` (a1, b1).
 */
const imports: Record<string, string[]> = {
  [`${APP}/entry.client.tsx`]: ["/node_modules/react-router/index.js"],
  [`${APP}/root.tsx${Q}`]: [`${APP}/root.tsx`],
  [`${APP}/root.tsx`]: [`${APP}/lib/session.ts`, `${APP}/app.css`],
  [`${APP}/lib/session.ts`]: ["/node_modules/zod/mini.js"],
  [`${APP}/routes/a/layout.tsx${Q}`]: [`${APP}/routes/a/layout.tsx`],
  [`${APP}/routes/a/layout.tsx`]: [`${APP}/lib/layout-part.ts`, "/node_modules/react-router/index.js"],
  [`${APP}/routes/a/a1.tsx${Q}`]: [`${APP}/lib/both.ts`, `${APP}/lib/wide.ts`, `${APP}/lib/a1-only.ts`],
  [`${APP}/routes/a/a2.tsx${Q}`]: [`${APP}/lib/both.ts`, `${APP}/lib/forms.ts`, `${APP}/lib/session.ts`],
  [`${APP}/routes/a/a3.tsx${Q}`]: [`${APP}/lib/forms.ts`],
  [`${APP}/routes/b1.tsx${Q}`]: [`${APP}/lib/wide.ts`],
  [`${APP}/lib/forms.ts`]: ["/node_modules/zod/mini.js"],
};
const graph: ModuleGraph = {
  ids: [...new Set([...Object.keys(imports), ...Object.values(imports).flat()])],
  imports: (id) => imports[id] ?? [],
  bytes: (id) => (id.includes("zod") ? 5000 : 500),
};
const options = (maxRequests: number): ChunkGroupOptions => ({
  appDirectory: APP,
  rootFile: "root.tsx",
  entryFile: "entry.client.tsx",
  routes: [
    {
      file: "routes/a/layout.tsx",
      children: [{ file: "routes/a/a1.tsx" }, { file: "routes/a/a2.tsx" }, { file: "routes/a/a3.tsx" }],
    },
    { file: "routes/b1.tsx" },
  ],
  maxRequests,
  mergeSaving: 100,
});
const groupOf = (plan: Map<string, string>, id: string) => plan.get(`${APP}/${id}`);

describe("pageChains", () => {
  it("lists each page with the routes from the root down", () => {
    expect(pageChains("root.tsx", options(12).routes)).toEqual([
      ["root.tsx", "routes/a/layout.tsx", "routes/a/a1.tsx"],
      ["root.tsx", "routes/a/layout.tsx", "routes/a/a2.tsx"],
      ["root.tsx", "routes/a/layout.tsx", "routes/a/a3.tsx"],
      ["root.tsx", "routes/b1.tsx"],
    ]);
  });
});

describe("planGroups", () => {
  it("puts what the entry and root import in the shell, but not them, styles or zod", () => {
    const plan = planGroups(options(12), graph);
    expect(plan.get("/node_modules/react-router/index.js")).toBe("shell");
    expect(groupOf(plan, "lib/session.ts")).toBe("shell");
    for (const id of ["entry.client.tsx", `root.tsx${Q}`, "root.tsx", "app.css"])
      expect(groupOf(plan, id)).toBeUndefined();
    expect(plan.get("/node_modules/zod/mini.js")).not.toBe("shell");
  });

  it("without a tight limit, groups modules by the pages that load them, a layout's with the layout", () => {
    const plan = planGroups(options(12), graph);
    expect(groupOf(plan, `routes/a/layout.tsx${Q}`)).toBe("a-layout");
    expect(groupOf(plan, "lib/layout-part.ts")).toBe("a-layout");
    expect(plan.get("/node_modules/zod/mini.js")).toBe("mini");
    expect(groupOf(plan, "lib/forms.ts")).toBe("forms");
    expect(
      new Set([groupOf(plan, "lib/both.ts"), groupOf(plan, "lib/wide.ts"), groupOf(plan, "lib/forms.ts")]).size,
    ).toBe(3);
    // A page's own modules follow its route; each route is named so that none shares a file.
    expect(groupOf(plan, "lib/a1-only.ts")).toBeUndefined();
    expect(groupOf(plan, `routes/a/a1.tsx${Q}`)).toBe("a-a1");
  });

  it("merges the cheapest groups until every page fits", () => {
    // a1 loads manifest, entry, root, shell, layout, a1, both and wide: 8; a2 the same with
    // forms and zod for wide: 9. At 8, both goes with the layout, which adds 500 bytes to a3
    // alone; wide, which b1 loads too, cannot, and zod is merged with nothing.
    const plan = planGroups(options(8), graph);
    expect(groupOf(plan, "lib/both.ts")).toBe("a-layout");
    expect(groupOf(plan, "lib/forms.ts")).toBe("forms");
    expect(groupOf(plan, "lib/wide.ts")).toBe("wide");
    expect(plan.get("/node_modules/zod/mini.js")).toBe("mini");
  });

  it("says so when no merge can bring a page to the limit", () => {
    // At 7 forms would have to join the layout too, which would bring zod to a1.
    expect(() => planGroups(options(7), graph)).toThrow("no merge brings every page to 7 scripts");
  });
});

describe("planGroups with plain HTML pages", () => {
  it("leaves them out: what only they share is not grouped", () => {
    const plan = planGroups({ ...options(12), isPlain: (file) => file === "routes/b1.tsx" }, graph);
    // wide.ts is loaded by a1 and b1; with b1 plain, a1 alone needs it, so it goes with a1.
    expect(groupOf(plan, "lib/wide.ts")).toBeUndefined();
    expect(groupOf(plan, "lib/both.ts")).toBeDefined();
  });
});

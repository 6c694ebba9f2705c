import { describe, expect, it } from "vitest";
import { PLAIN_HTML_PAGE, pageHydrates } from "./page-scripts.ts";

describe("pageHydrates", () => {
  it("hydrates pages whose routes say nothing", () => {
    expect(pageHydrates([{ handle: undefined }, { handle: { other: 1 } }])).toBe(true);
    expect(pageHydrates([])).toBe(true);
  });

  it("serves a page as plain HTML when any matched route asks for it", () => {
    expect(pageHydrates([{ handle: undefined }, { handle: PLAIN_HTML_PAGE }])).toBe(false);
  });

  it("treats an explicit hydrate: true like no handle", () => {
    expect(pageHydrates([{ handle: { hydrate: true } }])).toBe(true);
  });
});

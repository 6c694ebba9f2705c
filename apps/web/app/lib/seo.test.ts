import { describe, expect, it } from "vitest";
import { absoluteUrl, pageMeta } from "./seo.ts";

const find = (tags: ReturnType<typeof pageMeta>, key: string) =>
  tags.find(
    (t) => ("property" in t && t.property === key) || ("name" in t && t.name === key) || ("rel" in t && t.rel === key),
  );

describe("pageMeta", () => {
  it("gives every page a title, description, Open Graph tags and a canonical link", () => {
    const tags = pageMeta(
      { path: "/about", title: "About", description: "What Touchline does." },
      "https://touchline.app",
    );
    expect(tags[0]).toEqual({ title: "About | Touchline" });
    expect(find(tags, "description")).toMatchObject({ content: "What Touchline does." });
    expect(find(tags, "og:title")).toMatchObject({ content: "About | Touchline" });
    expect(find(tags, "og:type")).toMatchObject({ content: "website" });
    expect(find(tags, "og:url")).toMatchObject({ content: "https://touchline.app/about" });
    expect(find(tags, "og:image")).toMatchObject({ content: "https://touchline.app/og-image.png" });
    expect(find(tags, "canonical")).toMatchObject({ tagName: "link", href: "https://touchline.app/about" });
  });

  it("does not repeat the product name already in the title", () => {
    expect(pageMeta({ path: "/", title: "Touchline: live scores", description: "d" }, "")[0]).toEqual({
      title: "Touchline: live scores",
    });
  });

  it("keeps URLs root-relative when no public origin was given at build time", () => {
    expect(absoluteUrl("/privacy", "")).toBe("/privacy");
  });

  it("marks pages that must not be indexed and gives them no canonical link", () => {
    const tags = pageMeta({ path: "/x", title: "Page not found", description: "d", noindex: true }, "");
    expect(find(tags, "robots")).toMatchObject({ content: "noindex" });
    expect(find(tags, "canonical")).toBeUndefined();
  });
});

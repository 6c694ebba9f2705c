import { describe, expect, it } from "vitest";
import { absolutizeMetaUrls } from "./serve-web.ts";

describe("absolutizeMetaUrls", () => {
  it("completes root-relative canonical and Open Graph URLs with the origin", () => {
    const html = `<meta property="og:url" content="/about"/><meta property="og:image" content="/og-image.png"/><link rel="canonical" href="/about"/><a href="/x">x</a>`;
    expect(absolutizeMetaUrls(html, "https://touchline.example")).toBe(
      `<meta property="og:url" content="https://touchline.example/about"/><meta property="og:image" content="https://touchline.example/og-image.png"/><link rel="canonical" href="https://touchline.example/about"/><a href="/x">x</a>`,
    );
  });

  it("leaves absolute URLs alone", () => {
    const html = `<meta property="og:image" content="https://cdn.example/x.png"/>`;
    expect(absolutizeMetaUrls(html, "https://touchline.example")).toBe(html);
  });
});

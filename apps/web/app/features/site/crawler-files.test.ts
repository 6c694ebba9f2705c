import { describe, expect, it } from "vitest";
import { PRERENDERED_PATHS } from "../../prerendered-paths.ts";
import { robotsTxt, SITEMAP_PATHS, sitemapXml } from "./crawler-files.ts";

describe("robots.txt", () => {
  it("points crawlers to the sitemap and keeps them out of account areas", () => {
    const text = robotsTxt("https://touchline.app");
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /player/");
    expect(text).toContain("Disallow: /auth/");
    expect(text).not.toMatch(/Disallow: \/players?$/m);
    expect(text).toContain("Sitemap: https://touchline.app/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("lists every public page with an absolute URL", () => {
    const xml = sitemapXml("https://touchline.app");
    for (const path of SITEMAP_PATHS) expect(xml).toContain(`<loc>https://touchline.app${path}</loc>`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("escapes characters XML does not allow", () => {
    expect(sitemapXml("https://a.test", ["/x?a=1&b=2"])).toContain("<loc>https://a.test/x?a=1&amp;b=2</loc>");
  });

  it("lists only pages that exist as prerendered files, apart from the live talent list", () => {
    for (const path of SITEMAP_PATHS) {
      if (path === "/players") continue;
      expect(PRERENDERED_PATHS).toContain(path);
    }
    expect(PRERENDERED_PATHS).not.toContain("/players");
  });
});

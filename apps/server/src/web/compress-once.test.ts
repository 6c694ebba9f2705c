import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressOnce } from "./compress-once.ts";

const html = `<!DOCTYPE html><html><body>${"<p>Every match, every moment, right in your pocket</p>".repeat(200)}</body></html>`;

describe("compressOnce", () => {
  it("prefers brotli, falls back to gzip, and gives null when the browser takes neither", async () => {
    const key = {};
    const br = await compressOnce(key, html, "gzip, deflate, br");
    expect(br?.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br!.body).toString()).toBe(html);

    const gz = await compressOnce(key, html, "gzip");
    expect(gz?.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz!.body).toString()).toBe(html);

    expect(await compressOnce(key, html, "identity")).toBeNull();
    expect(await compressOnce(key, html, undefined)).toBeNull();
    expect((await compressOnce(key, html, "br;q=0, gzip"))?.encoding).toBe("gzip");
  });

  it("compresses as tightly as brotli goes, smaller than on-the-fly brotli 4", async () => {
    const page = `<html>${Array.from({ length: 400 }, (_, i) => `<li class="card-${i % 7}">Player ${i}, ${i % 30} years</li>`).join("")}</html>`;
    const once = await compressOnce({}, page, "br");
    const quick = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(once!.body.length).toBeLessThan(quick.length);
  });

  it("compresses a key's body once and hands the same bytes to every request", async () => {
    const key = {};
    const first = await compressOnce(key, html, "br");
    const second = await compressOnce(key, "a different body is not looked at again", "br");
    expect(second!.body).toBe(first!.body);
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, pageCsp } from "./security-headers.ts";

describe("pageCsp", () => {
  it("hashes each inline script and ignores external ones", () => {
    const html = `<script>window.a=1</script><script type="module" src="/assets/x.js"></script><script type="module">import "/x"</script>`;
    const expected = ["window.a=1", 'import "/x"'].map(
      (s) => `sha256-${createHash("sha256").update(s).digest("base64")}`,
    );
    expect(inlineScriptHashes(html)).toEqual(expected);
    const csp = pageCsp(html);
    expect(csp).toContain(`'${expected[0]}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { terserPass } from "./terser-pass.ts";

type Handler = (this: unknown, code: string, chunk: { fileName: string }) => Promise<{ code: string } | null>;

/** The plugin's renderChunk, as Rollup calls it in a build of the given environment. */
function render(plugin: ReturnType<typeof terserPass>, environment: string, code: string, fileName: string) {
  const hook = plugin.renderChunk as { handler: Handler };
  return hook.handler.call({ environment: { name: environment } }, code, { fileName });
}

// What esbuild leaves: names it chose before Rollup joined the modules, and code terser folds.
const code = [
  'import{a as useState}from"./shell-!~{001}~.js";',
  'function counterLabel(count){const prefix="Count: ";if(count>0){return prefix+count}else{return prefix+"none"}}',
  "function unused(){return 42}",
  "export{counterLabel as c};",
].join("");

describe("terserPass", () => {
  it("minifies a browser file again, keeping its imports and exports", async () => {
    const plugin = terserPass();
    const result = await render(plugin, "client", code, "assets/page-!~{002}~.js");
    expect(result!.code.length).toBeLessThan(code.length);
    expect(result!.code).toContain('from"./shell-!~{001}~.js"');
    expect(result!.code).toMatch(/export\{\w+ as c\}/);
    expect(result!.code).not.toContain("unused");
  });

  it("remembers what each file weighed before, by the name it has while rendering", async () => {
    const plugin = terserPass();
    await render(plugin, "client", code, "assets/page-!~{002}~.js");
    expect(plugin.api!.bytesBefore("assets/page-!~{002}~.js")).toBe(gzipSync(code, { level: 9 }).length);
    expect(plugin.api!.bytesBefore("assets/other-!~{003}~.js")).toBeUndefined();
  });

  it("leaves the server build alone", async () => {
    const plugin = terserPass();
    expect(await render(plugin, "ssr", code, "index.js")).toBeNull();
    expect(plugin.api!.bytesBefore("index.js")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { shellChunk, staticImportsOf } from "./shell-chunk.ts";

const graph: Record<string, string[]> = {
  "/app/entry.client.tsx": ["/node_modules/react-router/index.mjs"],
  "/app/root.tsx?client-route": ["/app/root.tsx"],
  "/app/root.tsx": ["/app/lib/session.ts", "/app/app.css"],
  "/app/lib/session.ts": ["/node_modules/zod/mini.js"],
  "/node_modules/react-router/index.mjs": ["/node_modules/react-router/chunk.mjs"],
  "/node_modules/react-router/chunk.mjs": ["/node_modules/react-router/index.mjs"],
  "/app/routes/login.tsx": ["/app/lib/session.ts", "/app/features/login-form.tsx"],
  "/app/features/login-form.tsx": ["/node_modules/zod/mini.js"],
};
const meta = {
  getModuleIds: () => Object.keys(graph).values(),
  getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [] }),
} as never;

describe("shellChunk", () => {
  it("puts what the entry and root import in the shell, but neither of them, nor styles", () => {
    const chunkOf = shellChunk();
    expect(chunkOf("/app/lib/session.ts", meta)).toBe("shell");
    expect(chunkOf("/node_modules/react-router/chunk.mjs", meta)).toBe("shell");
    expect(chunkOf("/app/entry.client.tsx", meta)).toBeUndefined();
    expect(chunkOf("/app/root.tsx", meta)).toBeUndefined();
    expect(chunkOf("/app/app.css", meta)).toBeUndefined();
  });

  it("leaves what only a page imports to the default splitting, and gives zod its own file", () => {
    const chunkOf = shellChunk();
    expect(chunkOf("/app/features/login-form.tsx", meta)).toBeUndefined();
    expect(chunkOf("/node_modules/zod/mini.js", meta)).toBe("zod");
  });
});

describe("staticImportsOf", () => {
  it("follows imports through cycles without looping", () => {
    const found = staticImportsOf(["/app/entry.client.tsx"], (id) => graph[id] ?? []);
    expect([...found].sort()).toEqual(["/node_modules/react-router/chunk.mjs", "/node_modules/react-router/index.mjs"]);
  });
});

// Bundles the server into dist/main.js. Our workspace packages (TypeScript sources) are
// bundled in; every npm dependency stays external and is loaded from node_modules.
import { build } from "esbuild";
import fs from "node:fs";

const pkg = JSON.parse(fs.readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith("@touchline/"),
);

const entries = fs.existsSync("scripts")
  ? fs
      .readdirSync("scripts")
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => `scripts/${f}`)
  : [];
// dist/main.js, and each scripts/<name>.ts as dist/scripts/<name>.js (run without tsx in production).
await build({
  entryPoints: [
    { in: "src/main.ts", out: "main" },
    ...entries.map((file) => ({ in: file, out: file.replace(/\.ts$/, "") })),
  ],
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.log("server built: dist/main.js");

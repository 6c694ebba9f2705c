// `npm run build -w @touchline/web`: the production build of the web app, then a brotli and a gzip
// copy of each asset. NODE_ENV is production here whatever the shell says (build-tools/production-build.ts
// explains why); set from Node so that it works in every shell.
import { spawnSync } from "node:child_process";
import path from "node:path";

const web = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NODE_ENV: "production" };

function run(command, args) {
  // npm puts node_modules/.bin on PATH; Windows finds react-router.cmd through a shell.
  const result = spawnSync(command, args, { cwd: web, env, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("react-router", ["build"]);
run(process.execPath, [path.join(web, "../../scripts/precompress-assets.mjs"), "build/client"]);

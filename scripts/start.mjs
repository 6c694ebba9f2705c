// `npm start`: builds the web app and the server when a build is missing, then runs the
// server, which serves the API and the web app from one process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const needed = ["apps/web/build/server/index.js", "apps/server/dist/main.js"];
const missing = needed.filter((file) => !fs.existsSync(path.join(root, file)));

if (missing.length > 0) {
  console.log(`Building first (missing: ${missing.join(", ")}) ...`);
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ["--enable-source-maps", path.join(root, "apps/server/dist/main.js"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(server.status ?? 1);

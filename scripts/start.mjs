// `npm start`: builds the web app and the server when a build is missing, then runs the
// server, which serves the API and the web app from one process.
import { spawn, spawnSync } from "node:child_process";
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

const server = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "apps/server/dist/main.js"), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
// A supervisor's SIGTERM reaches this process, not the server: pass it on, so the server drains
// its requests and closes its database before exiting (apps/server/src/ops/shutdown.ts).
for (const signal of ["SIGTERM", "SIGINT", "SIGUSR2"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

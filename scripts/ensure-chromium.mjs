// Browser journeys drive Debian's Chromium (Playwright's own browser download cannot run here).
// Installs it when missing and we are root; otherwise says exactly what to run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (fs.existsSync(chromium)) process.exit(0);

if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
  console.log("Chromium is missing: installing Debian's chromium package ...");
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  process.exit(0);
}
console.error(
  `Browser tests need Chromium at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
);
process.exit(1);

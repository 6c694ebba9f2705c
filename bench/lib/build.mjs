// The benchmark measures a private copy of the build: apps/web/build and apps/server/dist are
// shared by everyone working in this tree and rebuilt at any time, so they are copied (under the
// shared build lock, building first when missing) into bench/.tmp/snapshot, with links to the
// real node_modules folders so the copy resolves its dependencies exactly as the original does.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server.mjs";

export const LOCK = "/tmp/touchline-build.lock";

const q = (value) => `'${value.replace(/'/g, "'\\''")}'`;

/**
 * Copies the build into dir (building it first when missing, or always with rebuild), holding
 * the build lock. Returns paths to the copy's server entry and web build.
 */
export function snapshotBuild(dir, { rebuild = false, log = console.log } = {}) {
  const web = path.join(ROOT, "apps/web/build");
  const dist = path.join(ROOT, "apps/server/dist");
  const check = `[ -f ${q(path.join(web, "server/index.js"))} ] && [ -f ${q(path.join(dist, "main.js"))} ]`;
  const build = rebuild ? "npm run build" : `${check} || npm run build`;
  const copy = [
    `rm -rf ${q(dir)}`,
    `mkdir -p ${q(path.join(dir, "apps/server"))} ${q(path.join(dir, "apps/web"))}`,
    `cp -a ${q(dist)} ${q(path.join(dir, "apps/server/dist"))}`,
    `cp -a ${q(web)} ${q(path.join(dir, "apps/web/build"))}`,
  ].join(" && ");
  log(`  waiting for the build lock (${LOCK}) ...`);
  const result = spawnSync("flock", [LOCK, "sh", "-c", `cd ${q(ROOT)} && (${build}) && ${copy}`], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) throw new Error(`building or copying the build failed (exit ${result.status})`);
  for (const [link, target] of [
    ["node_modules", "node_modules"],
    ["apps/server/node_modules", "apps/server/node_modules"],
    ["apps/web/node_modules", "apps/web/node_modules"],
  ]) {
    if (fs.existsSync(path.join(ROOT, target))) fs.symlinkSync(path.join(ROOT, target), path.join(dir, link));
  }
  return { main: path.join(dir, "apps/server/dist/main.js"), webBuild: path.join(dir, "apps/web/build"), root: dir };
}

/**
 * Exports a commit (git archive: exactly what it holds, none of the work tree's changes in
 * progress) into dir and builds it there, for measuring one commit apart from others' work.
 * node_modules is a folder of links to the real one's entries, except @touchline/*, which point
 * at the exported workspaces.
 */
export function buildCommit(commit, dir, { log = console.log } = {}) {
  const rev = execFileSync("git", ["rev-parse", "--short", commit], { cwd: ROOT, encoding: "utf8" }).trim();
  const src = path.join(dir, `src-${rev}`);
  const done = path.join(src, ".built");
  if (!fs.existsSync(done)) {
    fs.rmSync(src, { recursive: true, force: true });
    fs.mkdirSync(src, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${q(rev)} | tar -x -C ${q(src)}`], { cwd: ROOT });
    const modules = path.join(src, "node_modules");
    fs.mkdirSync(modules);
    for (const name of fs.readdirSync(path.join(ROOT, "node_modules"))) {
      if (name === "@touchline") continue;
      fs.symlinkSync(path.join(ROOT, "node_modules", name), path.join(modules, name));
    }
    fs.mkdirSync(path.join(modules, "@touchline"));
    for (const [name, target] of [
      ["contract", "packages/contract"],
      ["server", "apps/server"],
      ["web", "apps/web"],
      ["e2e", "e2e"],
    ]) {
      fs.symlinkSync(path.join(src, target), path.join(modules, "@touchline", name));
    }
    for (const workspace of ["apps/server", "apps/web", "packages/contract", "e2e"]) {
      const own = path.join(ROOT, workspace, "node_modules");
      if (fs.existsSync(own) && fs.existsSync(path.join(src, workspace)))
        fs.symlinkSync(own, path.join(src, workspace, "node_modules"));
    }
    log(`  building commit ${rev} in ${path.relative(ROOT, src)} (holding ${LOCK}) ...`);
    const result = spawnSync("flock", [LOCK, "npm", "run", "build"], {
      cwd: src,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (result.status !== 0) throw new Error(`building commit ${rev} failed (exit ${result.status})`);
    fs.writeFileSync(done, new Date().toISOString());
  }
  return {
    main: path.join(src, "apps/server/dist/main.js"),
    webBuild: path.join(src, "apps/web/build"),
    root: src,
    revision: rev,
  };
}

/** The commit measured, with "+ local changes" when the work tree differs from it. */
export function gitRevision() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty =
      execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim() !==
      "";
    return dirty ? `${head} + local changes` : head;
  } catch {
    return "unknown";
  }
}

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseVideoTools,
  isStale,
  logVideoTools,
  readBuild,
  toolLimits,
  VideoToolSettingError,
  type VideoToolsChoice,
} from "./choose-video-tools.ts";
import { freePort, runScript, SCRIPTS } from "../test/server-process.ts";
import { runTool } from "./video-tools.ts";

const require = createRequire(import.meta.url);
const NPM = {
  ffmpeg: (require("@ffmpeg-installer/ffmpeg") as { path: string }).path,
  ffprobe: (require("@ffprobe-installer/ffprobe") as { path: string }).path,
};

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-tools-"));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** A folder standing for a machine's PATH, holding ffmpeg and ffprobe that say they are this build. */
async function machineWith(name: string, version: string, year: number, libavformat: string): Promise<string> {
  const bin = path.join(dir, name);
  await fs.mkdir(bin);
  for (const tool of ["ffmpeg", "ffprobe"]) {
    const banner = `${tool} version ${version} Copyright (c) 2000-${year} the FFmpeg developers\nlibavformat    ${libavformat} / ${libavformat}\n`;
    await fs.writeFile(path.join(bin, tool), `#!/bin/sh\nprintf '%s' '${banner}'\n`, { mode: 0o755 });
  }
  return bin;
}

/** A log that keeps what it is told. */
function collectingLog() {
  const lines: { level: "info" | "warn"; object: object; message: string }[] = [];
  return {
    lines,
    info: (object: object, message: string) => lines.push({ level: "info", object, message }),
    warn: (object: object, message: string) => lines.push({ level: "warn", object, message }),
  };
}

describe("the ffmpeg and ffprobe that run", () => {
  it("are the operator's when FFMPEG_PATH and FFPROBE_PATH name them", async () => {
    const choice = await chooseVideoTools({ FFMPEG_PATH: NPM.ffmpeg, FFPROBE_PATH: NPM.ffprobe });
    expect(choice.tools).toMatchObject({ ffmpeg: NPM.ffmpeg, ffprobe: NPM.ffprobe });
    expect(choice.ffmpeg).toMatchObject({ source: "configured", build: { year: 2018, libavformat: [58, 24, 100] } });
  });

  it("are the machine's when they are newer than the npm ones, else the npm ones", async () => {
    const newer = await machineWith("newer", "7.1.1-1+b1", 2099, "61.  7.100");
    expect((await chooseVideoTools({}, { searchPath: newer })).tools).toMatchObject({
      ffmpeg: path.join(newer, "ffmpeg"),
      ffprobe: path.join(newer, "ffprobe"),
    });
    const older = await machineWith("older", "3.4.11", 2017, "57. 83.100");
    expect((await chooseVideoTools({}, { searchPath: older })).tools).toMatchObject({
      ffmpeg: NPM.ffmpeg,
      ffprobe: NPM.ffprobe,
    });
    const none = await fs.mkdtemp(path.join(dir, "empty-"));
    const alone = await chooseVideoTools({}, { searchPath: none });
    expect(alone.tools).toMatchObject({ ffmpeg: NPM.ffmpeg, ffprobe: NPM.ffprobe, prlimit: null });
    expect(alone.ffmpeg.source).toBe("npm");
  });

  it("stop the start, naming the setting, when FFMPEG_PATH names something that does not run", async () => {
    const notATool = path.join(dir, "not-ffmpeg");
    await fs.writeFile(notATool, "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    for (const missing of [notATool, path.join(dir, "nothing-here")]) {
      const failure = chooseVideoTools({ FFMPEG_PATH: missing });
      await expect(failure).rejects.toBeInstanceOf(VideoToolSettingError);
      await expect(failure).rejects.toThrow(/^FFMPEG_PATH: /);
    }
  });

  it(
    "stop the server's start with exit code 1 and the setting named when FFMPEG_PATH does not run",
    { timeout: 120_000 },
    async () => {
      const notATool = path.join(dir, "not-a-tool");
      await fs.writeFile(notATool, "#!/bin/sh\nexit 1\n", { mode: 0o755 });
      const dataDir = await fs.mkdtemp(path.join(dir, "data-"));
      const env = { DATA_DIR: dataDir, PORT: String(await freePort()), WEB_BUILD_DIR: "none" };
      const started = await runScript(SCRIPTS.server, [], { ...env, FFMPEG_PATH: notATool }, 100_000);
      expect(started.code).toBe(1);
      expect(started.stderr).toContain(`FFMPEG_PATH: ${notATool} could not be run`);
    },
  );

  it("are named at start, with a warning for a build older than three years and for no limits", async () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const npm = await chooseVideoTools({ FFMPEG_PATH: NPM.ffmpeg, FFPROBE_PATH: NPM.ffprobe });
    const log = collectingLog();
    logVideoTools(log, { ...npm, tools: { ...npm.tools, prlimit: null } }, now);
    expect(log.lines[0]).toMatchObject({
      level: "info",
      message: "video tools chosen",
      object: { ffmpeg: { path: NPM.ffmpeg, source: "configured", year: 2018 } },
    });
    const warnings = log.lines.filter((line) => line.level === "warn").map((line) => line.message);
    expect(warnings).toEqual([
      expect.stringMatching(/^ffmpeg is older than 3 years .*FFMPEG_PATH$/),
      expect.stringMatching(/^prlimit \(util-linux\) was not found/),
    ]);

    const maintained = await machineWith("maintained", "5.1.6-0+deb12u1", 2026, "59. 27.100");
    const current: VideoToolsChoice = await chooseVideoTools({}, { searchPath: maintained });
    const quiet = collectingLog();
    logVideoTools(quiet, { ...current, tools: { ...current.tools, prlimit: "/usr/bin/prlimit" } }, now);
    expect(quiet.lines.map((line) => line.level)).toEqual(["info"]);
  });

  it("count a build's age from the end of the year its sources are from", () => {
    const build = { path: "ffmpeg", version: "x", libavformat: null };
    expect(isStale({ ...build, year: 2023 }, new Date("2026-12-31T00:00:00Z"))).toBe(false);
    expect(isStale({ ...build, year: 2023 }, new Date("2027-01-02T00:00:00Z"))).toBe(true);
    expect(isStale({ ...build, year: null }, new Date("2026-11-27T00:00:00Z"))).toBe(true);
  });

  it("can make the renditions, whichever is chosen: HEVC decoding, x264 and AAC encoding", async () => {
    const chosen = (await chooseVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH })).tools.ffmpeg;
    for (const ffmpeg of new Set([chosen, NPM.ffmpeg])) {
      const encoders = await runTool(ffmpeg, ["-hide_banner", "-encoders"], { timeoutMs: 10_000 });
      const decoders = await runTool(ffmpeg, ["-hide_banner", "-decoders"], { timeoutMs: 10_000 });
      expect(encoders.stdout, ffmpeg).toMatch(/^ V\S* libx264 /m);
      expect(encoders.stdout, ffmpeg).toMatch(/^ A\S* aac /m);
      expect(decoders.stdout, ffmpeg).toMatch(/^ V\S* hevc /m);
      expect((await readBuild(ffmpeg))?.libavformat, ffmpeg).not.toBeNull();
    }
  });

  it("are limited to 20 CPU seconds per second of the longest video, and memory by the cores", () => {
    const GIB = 1024 ** 3;
    expect(toolLimits(2, 24 * GIB)).toEqual({
      probe: { cpuSeconds: 60, memoryBytes: 2.5 * GIB },
      transcode: { cpuSeconds: 3600, memoryBytes: 2.5 * GIB },
      still: { cpuSeconds: 300, memoryBytes: 2.5 * GIB },
    });
    expect(toolLimits(64, 8 * GIB).transcode.memoryBytes).toBe(8 * GIB);
  });
});

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { VIDEO_MAX_SECONDS } from "@touchline/contract/limits";
import { runTool, type ToolLimits, type VideoTools } from "./video-tools.ts";

const require = createRequire(import.meta.url);

/** Where a binary came from, in the order they are preferred. */
export type ToolSource = "configured" | "system" | "npm";

/** What `<tool> -version` says of a build. */
export interface ToolBuild {
  path: string;
  /** As the build names itself: 5.1.6-0+deb12u1, N-47683-g0e8eb07980-static, ... */
  version: string;
  /** The last year of its copyright line: the year its sources were taken, or null when it says none. */
  year: number | null;
  /** libavformat's version (major, minor, micro): the demuxers that read uploads. */
  libavformat: [number, number, number] | null;
}

export interface ChosenTool {
  source: ToolSource;
  build: ToolBuild;
}

export interface VideoToolsChoice {
  tools: VideoTools;
  ffmpeg: ChosenTool;
  ffprobe: ChosenTool;
}

/** A build whose sources are older than this has missed years of security fixes: the start warns. */
export const STALE_BUILD_YEARS = 3;

/** The setting that names each tool, for messages. */
const SETTING = { ffmpeg: "FFMPEG_PATH", ffprobe: "FFPROBE_PATH" } as const;
type ToolName = keyof typeof SETTING;

/** Reads what a build says of itself; null when it cannot be run. */
export async function readBuild(file: string): Promise<ToolBuild | null> {
  const result = await runTool(file, ["-version"], { timeoutMs: 10_000, maxStdoutBytes: 64 * 1024 }).catch(() => null);
  if (!result || result.code !== 0) return null;
  const version = /\bversion (\S+)/.exec(result.stdout)?.[1] ?? "unknown";
  const year = /Copyright \(c\) (?:\d{4}-)?(\d{4})/.exec(result.stdout)?.[1];
  const lavf = /^libavformat\s+(\d+)\.\s*(\d+)\.\s*(\d+)/m.exec(result.stdout);
  return {
    path: file,
    version,
    year: year ? Number(year) : null,
    libavformat: lavf ? [Number(lavf[1]), Number(lavf[2]), Number(lavf[3])] : null,
  };
}

/** Builds read once per process: every app a test suite starts asks again. */
const builds = new Map<string, Promise<ToolBuild | null>>();
const cachedBuild = (file: string) => {
  if (!builds.has(file)) builds.set(file, readBuild(file));
  return builds.get(file)!;
};

/** The newer build: later sources first, then the later libavformat. */
export function isNewer(a: ToolBuild, b: ToolBuild): boolean {
  const byYear = (a.year ?? 0) - (b.year ?? 0);
  if (byYear !== 0) return byYear > 0;
  const [x, y] = [a.libavformat ?? [0, 0, 0], b.libavformat ?? [0, 0, 0]];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
}

/** Whether a build's sources are more than STALE_BUILD_YEARS old, counting from the end of its year. */
export function isStale(build: ToolBuild, now: Date): boolean {
  if (build.year === null) return true;
  return now.getTime() > Date.UTC(build.year + 1 + STALE_BUILD_YEARS, 0, 1);
}

/** The first executable of this name on PATH (the machine's own, e.g. Debian's /usr/bin/ffmpeg). */
export async function onPath(name: string, searchPath = process.env.PATH ?? ""): Promise<string | null> {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (
      await fs.access(file, fs.constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  return null;
}

const npmPath = (tool: ToolName) =>
  (require(tool === "ffmpeg" ? "@ffmpeg-installer/ffmpeg" : "@ffprobe-installer/ffprobe") as { path: string }).path;

/** A configured binary that cannot be run: the start stops, naming the setting. */
export class VideoToolSettingError extends Error {
  constructor(
    public readonly setting: string,
    file: string,
  ) {
    super(
      `${setting}: ${file} could not be run (\`${file} -version\` failed); point it at an ffmpeg build or unset it`,
    );
    this.name = "VideoToolSettingError";
  }
}

/**
 * One tool: the operator's (FFMPEG_PATH / FFPROBE_PATH), else the machine's on PATH when it is
 * newer than the one npm installed (a distribution's build gets security updates; the npm one
 * never changes), else the npm one.
 */
async function chooseTool(tool: ToolName, configured: string | undefined, searchPath?: string): Promise<ChosenTool> {
  if (configured) {
    const build = await cachedBuild(configured);
    if (!build) throw new VideoToolSettingError(SETTING[tool], configured);
    return { source: "configured", build };
  }
  const npmFile = npmPath(tool);
  const [npm, systemFile] = await Promise.all([cachedBuild(npmFile), onPath(tool, searchPath)]);
  const system =
    systemFile && path.resolve(systemFile) !== path.resolve(npmFile) ? await cachedBuild(systemFile) : null;
  if (system && (!npm || isNewer(system, npm))) return { source: "system", build: system };
  return { source: "npm", build: npm ?? { path: npmFile, version: "unknown", year: null, libavformat: null } };
}

const MIB = 1024 * 1024;

/**
 * Limits of each run, sized from the longest video we accept (VIDEO_MAX_SECONDS, 150 MB) and the
 * machine. Measured on 2 cores, one run making every rendition of a 4K 60 fps 10-bit HEVC clip
 * (about the heaviest a phone records) took 4.2 s of CPU per second of video and at most 0.95 GB of
 * address space (1.8 GB with 8 threads); a probe and a still cost a fraction of that. So: 20 CPU
 * seconds per second of the longest video, and 2 GiB plus 256 MiB a core (the decoder and
 * encoders start threads by the core), never more than the machine has. A file that needs more
 * is treated as unreadable.
 */
export function toolLimits(cores = os.availableParallelism(), totalMemory = os.totalmem()): VideoTools["limits"] {
  const memoryBytes = Math.min(2048 * MIB + 256 * MIB * cores, totalMemory);
  const limit = (cpuSeconds: number): ToolLimits => ({ cpuSeconds, memoryBytes });
  return { probe: limit(60), transcode: limit(VIDEO_MAX_SECONDS * 20), still: limit(300) };
}

/**
 * The ffmpeg and ffprobe this process runs, and prlimit to confine them. Throws
 * VideoToolSettingError when FFMPEG_PATH or FFPROBE_PATH names something that does not run.
 */
export async function chooseVideoTools(
  config: { FFMPEG_PATH?: string; FFPROBE_PATH?: string },
  options: { searchPath?: string } = {},
): Promise<VideoToolsChoice> {
  const [ffmpeg, ffprobe, prlimit] = await Promise.all([
    chooseTool("ffmpeg", config.FFMPEG_PATH, options.searchPath),
    chooseTool("ffprobe", config.FFPROBE_PATH, options.searchPath),
    onPath("prlimit", options.searchPath),
  ]);
  return {
    tools: { ffmpeg: ffmpeg.build.path, ffprobe: ffprobe.build.path, prlimit, limits: toolLimits() },
    ffmpeg,
    ffprobe,
  };
}

interface StartLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Says at start which ffmpeg and ffprobe run, and warns of a stale build or runs without limits. */
export function logVideoTools(log: StartLog, choice: VideoToolsChoice, now = new Date()): void {
  const describe = ({ source, build }: ChosenTool) => ({
    path: build.path,
    version: build.version,
    year: build.year,
    source,
  });
  log.info(
    { ffmpeg: describe(choice.ffmpeg), ffprobe: describe(choice.ffprobe), prlimit: choice.tools.prlimit },
    "video tools chosen",
  );
  for (const tool of ["ffmpeg", "ffprobe"] as const) {
    const { build } = choice[tool];
    if (isStale(build, now))
      log.warn(
        { tool, path: build.path, version: build.version, year: build.year },
        `${tool} is older than ${STALE_BUILD_YEARS} years and reads every uploaded video: install a maintained build (apt-get install ffmpeg) or set ${SETTING[tool]}`,
      );
  }
  if (!choice.tools.prlimit)
    log.warn(
      {},
      "prlimit (util-linux) was not found: ffmpeg and ffprobe run without CPU and memory limits; install util-linux",
    );
}

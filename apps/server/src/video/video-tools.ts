import { spawn } from "node:child_process";
import os from "node:os";
import { UndecodableVideoError, VideoToolError } from "./video-errors.ts";

/** What one run of ffmpeg or ffprobe may use before the kernel stops it (setrlimit, through prlimit). */
export interface ToolLimits {
  /** CPU time of all its threads together (RLIMIT_CPU): SIGXCPU, then SIGKILL HARD_CPU_GRACE_SECONDS later. */
  cpuSeconds: number;
  /** Address space (RLIMIT_AS): an allocation past it fails with ENOMEM. */
  memoryBytes: number;
}

/** The ffmpeg and ffprobe that read uploads, and how each run of them is confined (choose-video-tools.ts). */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
  /** util-linux's prlimit, which applies the limits; null where the machine has none (runs unconfined, warned at start). */
  prlimit: string | null;
  limits: { probe: ToolLimits; transcode: ToolLimits; still: ToolLimits };
}

/**
 * What every ffmpeg and ffprobe run puts before the upload it reads. An upload is an MP4 and is
 * only ever read as one: the format is fixed (the MOV/MP4 demuxer, never guessed from the
 * bytes, so a playlist, a concat script or an AVI is not opened as such), only local files can
 * be opened, and a track whose samples live in another file (a data reference or alias) is not
 * followed. With these no upload can make the tool read anything but itself.
 */
export function uploadInput(file: string): string[] {
  return [
    ...["-f", "mov", "-protocol_whitelist", "file"],
    ...["-enable_drefs", "0", "-use_absolute_path", "0"],
    ...["-i", file],
  ];
}

/** RunOptions.confine for one kind of run with these tools: unconfined where there is no prlimit. */
export function confineFor(tools: VideoTools, run: keyof VideoTools["limits"]): RunOptions["confine"] {
  return tools.prlimit ? { prlimit: tools.prlimit, limits: tools.limits[run] } : undefined;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Niceness (0-19) for the child: video work yields the CPU to the server's requests. */
  niceness?: number;
  /** Killed after this long (a stuck decoder must not hold a job for ever). */
  timeoutMs: number;
  /** Called with each line the tool writes to stdout (ffmpeg's -progress pipe:1). */
  onStdoutLine?: (line: string) => void;
  /** stdout is kept up to this many bytes (ffprobe's JSON); the rest is dropped. */
  maxStdoutBytes?: number;
  /** Run under these limits by this prlimit; without, the tool runs unconfined. */
  confine?: { prlimit: string; limits: ToolLimits };
}

export interface RunResult {
  code: number | null;
  /** The signal that ended the tool (SIGKILL on a timeout, an abort, or the kernel out of memory). */
  signal: NodeJS.Signals | null;
  /** Ended by the timeout of RunOptions. */
  timedOut: boolean;
  /** Ran under the limits of RunOptions.confine. */
  confined: boolean;
  stdout: string;
  /** The last few kilobytes of stderr: enough for an error message, bounded for a chatty tool. */
  stderrTail: string;
}

const STDERR_TAIL_BYTES = 4096;
/**
 * Past its CPU limit a tool gets SIGXCPU, on which ffmpeg stops and closes its outputs; the
 * kernel kills it outright this much CPU time later.
 */
const HARD_CPU_GRACE_SECONDS = 10;

/** prlimit's arguments that run command under limits (prlimit sets them on itself, then execs: same pid). */
function confined(command: string, args: string[], { prlimit, limits }: NonNullable<RunOptions["confine"]>) {
  const cpu = Math.max(1, Math.round(limits.cpuSeconds));
  const memory = Math.round(limits.memoryBytes);
  return {
    command: prlimit,
    args: [`--cpu=${cpu}:${cpu + HARD_CPU_GRACE_SECONDS}`, `--as=${memory}:${memory}`, "--", command, ...args],
  };
}

/** Runs a tool to completion; rejects only when it cannot be started or is aborted. */
export function runTool(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason ?? new Error("aborted"));
    const run = options.confine ? confined(command, args, options.confine) : { command, args };
    const child = spawn(run.command, run.args, { stdio: ["ignore", "pipe", "pipe"] });
    if (options.niceness && child.pid) {
      try {
        os.setPriority(child.pid, options.niceness);
      } catch {
        // Not allowed here (a container without CAP_SYS_NICE): the job still runs, at normal priority.
      }
    }
    let stdout = "";
    let stderrTail = "";
    let pendingLine = "";
    const maxStdout = options.maxStdoutBytes ?? 1024 * 1024;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < maxStdout) stdout += chunk.slice(0, maxStdout - stdout.length);
      if (!options.onStdoutLine) return;
      const lines = (pendingLine + chunk).split("\n");
      pendingLine = lines.pop() ?? "";
      for (const line of lines) options.onStdoutLine(line);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });
    let timedOut = false;
    const kill = () => child.kill("SIGKILL");
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => kill();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (options.signal?.aborted) return reject(options.signal.reason ?? new Error("aborted"));
      resolve({ code, signal, timedOut, confined: Boolean(options.confine), stdout, stderrTail });
    });
  });
}

/** What the machine ran out of, in the words ffmpeg and ffprobe print (strerror). */
const MACHINE_TROUBLE = /No space left on device|Cannot allocate memory|Disk quota exceeded|Too many open files/i;
const OUT_OF_MEMORY = /Cannot allocate memory/i;
/**
 * ffmpeg catches SIGXCPU, closes its outputs and says so ("Exiting normally, received signal
 * 24."), or, sent it more than three times before it is done, exits at once saying that.
 */
const CPU_LIMIT_SIGNAL = new RegExp(
  `received signal ${os.constants.signals.SIGXCPU}\\b|Received > 3 system signals, hard exiting`,
  "i",
);
/** Signals of a tool that crashed on what it read: the same bytes crash it the same way. */
const CRASH_SIGNALS = new Set<NodeJS.Signals>(["SIGSEGV", "SIGBUS", "SIGABRT", "SIGFPE", "SIGILL"]);

/**
 * The error for a tool that did not succeed. A tool that ran to its own end and said no, went
 * over the CPU or memory limit it ran under (limits sized for the longest video we accept), or
 * crashed on the file is the file's fault (UndecodableVideoError: the player is told, no retry).
 * A tool killed (SIGKILL: the worker stopped, the kernel out of memory), out of time, or out of
 * disk or of memory it had no limit on is the machine's (VideoToolError: the job is retried).
 */
export function toolFailure(tool: string, result: RunResult): UndecodableVideoError | VideoToolError {
  const said = result.stderrTail.trim();
  if (result.timedOut) return new VideoToolError(`${tool} ran out of time. ${said}`.trim());
  if (result.signal === "SIGXCPU" || CPU_LIMIT_SIGNAL.test(said))
    return new UndecodableVideoError(`${tool} went over its CPU time limit. ${said}`.trim());
  if (result.signal && CRASH_SIGNALS.has(result.signal))
    return new UndecodableVideoError(`${tool} crashed (${result.signal}). ${said}`.trim());
  if (result.signal) return new VideoToolError(`${tool} was killed (${result.signal}). ${said}`.trim());
  if (result.confined && OUT_OF_MEMORY.test(said))
    return new UndecodableVideoError(`${tool} went over its memory limit. ${said}`);
  if (MACHINE_TROUBLE.test(said)) return new VideoToolError(`${tool}: ${said}`);
  return new UndecodableVideoError(said || `${tool} exited with code ${result.code}`);
}

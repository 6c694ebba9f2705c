import { spawn } from "node:child_process";
import os from "node:os";
import { createRequire } from "node:module";
import { UndecodableVideoError, VideoToolError } from "./video-errors.ts";

const require = createRequire(import.meta.url);

/** The ffmpeg and ffprobe to run: the operator's (FFMPEG_PATH, FFPROBE_PATH) or those npm installed. */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

export function videoTools(config: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): VideoTools {
  return {
    ffmpeg: config.FFMPEG_PATH ?? (require("@ffmpeg-installer/ffmpeg") as { path: string }).path,
    ffprobe: config.FFPROBE_PATH ?? (require("@ffprobe-installer/ffprobe") as { path: string }).path,
  };
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
}

export interface RunResult {
  code: number | null;
  /** The signal that ended the tool (SIGKILL on a timeout, an abort, or the kernel out of memory). */
  signal: NodeJS.Signals | null;
  /** Ended by the timeout of RunOptions. */
  timedOut: boolean;
  stdout: string;
  /** The last few kilobytes of stderr: enough for an error message, bounded for a chatty tool. */
  stderrTail: string;
}

const STDERR_TAIL_BYTES = 4096;

/** Runs a tool to completion; rejects only when it cannot be started or is aborted. */
export function runTool(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason ?? new Error("aborted"));
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
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
      resolve({ code, signal, timedOut, stdout, stderrTail });
    });
  });
}

/** What the machine ran out of, in the words ffmpeg and ffprobe print (strerror). */
const MACHINE_TROUBLE = /No space left on device|Cannot allocate memory|Disk quota exceeded|Too many open files/i;

/**
 * The error for a tool that did not succeed. Only a tool that ran to its own end and said no is
 * the file's fault (UndecodableVideoError: the player is told, no retry); a tool killed, out of
 * time or out of disk or memory is the machine's (VideoToolError: the job is retried).
 */
export function toolFailure(tool: string, result: RunResult): UndecodableVideoError | VideoToolError {
  const said = result.stderrTail.trim();
  if (result.timedOut) return new VideoToolError(`${tool} ran out of time. ${said}`.trim());
  if (result.signal) return new VideoToolError(`${tool} was killed (${result.signal}). ${said}`.trim());
  if (MACHINE_TROUBLE.test(said)) return new VideoToolError(`${tool}: ${said}`);
  return new UndecodableVideoError(said || `${tool} exited with code ${result.code}`);
}

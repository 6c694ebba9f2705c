import { describe, expect, it } from "vitest";
import { onPath } from "./choose-video-tools.ts";
import { UndecodableVideoError, VideoToolError } from "./video-errors.ts";
import { runTool, toolFailure } from "./video-tools.ts";

const GIB = 1024 * 1024 * 1024;

describe("runTool", () => {
  it("runs the tool at the niceness asked for", async () => {
    // Field 19 of /proc/self/stat is the niceness; the shell reads it once it has been lowered.
    const result = await runTool("sh", ["-c", "sleep 0.3; cut -d' ' -f19 /proc/self/stat"], {
      timeoutMs: 10_000,
      niceness: 10,
    });
    expect(result.stdout.trim()).toBe("10");
  });

  it("kills a tool that runs past its time", async () => {
    const started = Date.now();
    const result = await runTool("sleep", ["10"], { timeoutMs: 200 });
    expect(result).toMatchObject({ timedOut: true, signal: "SIGKILL" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("kills a tool when aborted and rejects with the reason", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("shutting down")), 100);
    await expect(runTool("sleep", ["10"], { timeoutMs: 10_000, signal: controller.signal })).rejects.toThrow(
      "shutting down",
    );
  });

  it("stops a tool that goes over its CPU time limit, and the file is blamed", async () => {
    // util-linux is part of every Debian install: prlimit is there wherever this runs.
    const prlimit = await onPath("prlimit");
    expect(prlimit).not.toBeNull();
    const started = Date.now();
    const result = await runTool("sh", ["-c", "while :; do :; done"], {
      timeoutMs: 30_000,
      confine: { prlimit: prlimit!, limits: { cpuSeconds: 1, memoryBytes: GIB } },
    });
    expect(result).toMatchObject({ signal: "SIGXCPU", timedOut: false, confined: true });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(toolFailure("ffprobe", result)).toBeInstanceOf(UndecodableVideoError);
  });

  it("runs a confined tool with the address space it was given", async () => {
    const prlimit = (await onPath("prlimit"))!;
    const result = await runTool("sh", ["-c", "grep -E '^Max (cpu time|address space)' /proc/self/limits"], {
      timeoutMs: 10_000,
      confine: { prlimit, limits: { cpuSeconds: 42, memoryBytes: 3 * GIB } },
    });
    expect(result.stdout).toMatch(/^Max cpu time\s+42\s+52\s+seconds/m);
    expect(result.stdout).toMatch(new RegExp(`^Max address space\\s+${3 * GIB}\\s+${3 * GIB}\\s+bytes`, "m"));
  });

  it("keeps at most the bytes asked for of stdout and the last 4 KiB of stderr", async () => {
    const result = await runTool("sh", ["-c", "head -c 100000 /dev/zero | tr '\\0' a; head -c 100000 /dev/zero >&2"], {
      timeoutMs: 10_000,
      maxStdoutBytes: 1000,
    });
    expect(result.stdout).toHaveLength(1000);
    expect(result.stderrTail).toHaveLength(4096);
  });
});

describe("toolFailure", () => {
  const ran = { code: 1, signal: null, timedOut: false, confined: true, stdout: "" };

  it("blames the file when the tool ends by itself and says no", () => {
    const error = toolFailure("ffprobe", { ...ran, stderrTail: "moov atom not found\n" });
    expect(error).toBeInstanceOf(UndecodableVideoError);
    expect(error.message).toBe("The file is not a video that can be read.");
    expect(error.detail).toBe("moov atom not found");
  });

  it("blames the machine for a kill, a timeout, a full disk, or memory running out without a limit", () => {
    for (const result of [
      { ...ran, code: null, signal: "SIGKILL" as const, stderrTail: "" },
      { ...ran, code: null, signal: "SIGKILL" as const, timedOut: true, stderrTail: "" },
      { ...ran, stderrTail: "av_interleaved_write_frame(): No space left on device" },
      { ...ran, confined: false, stderrTail: "Cannot allocate memory" },
    ])
      expect(toolFailure("ffmpeg", result)).toBeInstanceOf(VideoToolError);
  });

  it("blames the file when the tool goes over its CPU or memory limit, or crashes on it", () => {
    for (const result of [
      { ...ran, code: null, signal: "SIGXCPU" as const, stderrTail: "" },
      { ...ran, code: 255, stderrTail: "kb/s:1471.05\nExiting normally, received signal 24.\n" },
      { ...ran, code: 123, stderrTail: "Received > 3 system signals, hard exiting\n" },
      { ...ran, stderrTail: "Error while filtering: Cannot allocate memory" },
      { ...ran, code: null, signal: "SIGSEGV" as const, stderrTail: "" },
    ])
      expect(toolFailure("ffmpeg", result), result.stderrTail || result.signal!).toBeInstanceOf(UndecodableVideoError);
  });
});

import { describe, expect, it } from "vitest";
import { UndecodableVideoError, VideoToolError } from "./video-errors.ts";
import { runTool, toolFailure, videoTools } from "./video-tools.ts";

describe("videoTools", () => {
  it("runs the ffmpeg and ffprobe npm installed unless the operator names their own", async () => {
    const bundled = videoTools({});
    for (const tool of [bundled.ffmpeg, bundled.ffprobe]) {
      const result = await runTool(tool, ["-hide_banner", "-version"], { timeoutMs: 10_000 });
      expect(result.code, tool).toBe(0);
    }
    expect(videoTools({ FFMPEG_PATH: "/opt/ffmpeg", FFPROBE_PATH: "/opt/ffprobe" })).toEqual({
      ffmpeg: "/opt/ffmpeg",
      ffprobe: "/opt/ffprobe",
    });
  });

  it("has what the renditions need in the bundled ffmpeg: HEVC decoding, x264 and AAC encoding", async () => {
    const { ffmpeg } = videoTools({});
    const encoders = await runTool(ffmpeg, ["-hide_banner", "-encoders"], { timeoutMs: 10_000 });
    const decoders = await runTool(ffmpeg, ["-hide_banner", "-decoders"], { timeoutMs: 10_000 });
    expect(encoders.stdout).toMatch(/^ V\S* libx264 /m);
    expect(encoders.stdout).toMatch(/^ A\S* aac /m);
    expect(decoders.stdout).toMatch(/^ V\S* hevc /m);
  });
});

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
  const ran = { code: 1, signal: null, timedOut: false, stdout: "" };

  it("blames the file when the tool ends by itself and says no", () => {
    const error = toolFailure("ffprobe", { ...ran, stderrTail: "moov atom not found\n" });
    expect(error).toBeInstanceOf(UndecodableVideoError);
    expect(error.message).toBe("The file is not a video that can be read.");
    expect(error.detail).toBe("moov atom not found");
  });

  it("blames the machine for a kill, a timeout, a full disk or no memory", () => {
    for (const result of [
      { ...ran, code: null, signal: "SIGKILL" as const, stderrTail: "" },
      { ...ran, code: null, signal: "SIGKILL" as const, timedOut: true, stderrTail: "" },
      { ...ran, stderrTail: "av_interleaved_write_frame(): No space left on device" },
      { ...ran, stderrTail: "Cannot allocate memory" },
    ])
      expect(toolFailure("ffmpeg", result)).toBeInstanceOf(VideoToolError);
  });
});

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { VIDEO_KEYFRAME_SECONDS } from "@touchline/contract/video";
import { probeVideo } from "./probe-video.ts";
import { encoderThreads, outputFrameRate, type PlannedRendition } from "./rendition-plan.ts";
import { cleanCopies, type RenditionFile, WITHOUT_METADATA, x264Options } from "./transcode-video.ts";
import { confineFor, runTool, toolFailure, uploadInput, type VideoTools } from "./video-tools.ts";

export interface LaterRenditionsOptions {
  tools: VideoTools;
  /** The video's top rendition, already published: upright, H.264 + AAC, at most 30 fps. */
  topPath: string;
  /** The sound the top rendition carries, as planned: copied into renditions planned with the same. */
  topSound: Pick<PlannedRendition, "audioKbps" | "audioChannels">;
  renditions: PlannedRendition[];
  /** A directory of this attempt: files appear there complete (renamed into place) or not at all. */
  outputDir: string;
  signal?: AbortSignal;
  niceness?: number;
}

const TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Makes renditions left for after a video is public (publishingOrder) from its top rendition, not
 * from the source: the top is already upright, at a constant frame rate and at most 720p, so it
 * costs less to decode than a phone's 1080p, and its sound is already what these renditions carry
 * (64 kbit/s stereo) and is copied. For a clip made small on the phone the top is the source's
 * own picture; otherwise they are made from an encode at 1.8 Mbit/s, four times the rate of
 * the largest of them, which loses next to nothing against the source at their size. The same clean copy as transcodeVideo's
 * follows (no tags, no encoder name, index at the front).
 */
export async function makeLaterRenditions(options: LaterRenditionsOptions): Promise<RenditionFile[]> {
  const { tools, topPath, topSound, renditions, outputDir, signal } = options;
  if (renditions.length === 0) return [];
  const top = await probeVideo(tools, topPath, signal);
  const fps = outputFrameRate(top);
  const gop = fps * VIDEO_KEYFRAME_SECONDS;
  const cores = os.availableParallelism();
  const threads = encoderThreads(renditions, cores);
  const encoded = renditions.map((r) => path.join(outputDir, `${r.label}.encoded.mp4.part`));
  const partial = renditions.map((r) => path.join(outputDir, `${r.label}.mp4.part`));

  const args = ["-hide_banner", "-nostdin", "-y", "-nostats", "-threads", String(cores), ...uploadInput(topPath)];
  const splits = renditions.map((_, i) => `[s${i}]`).join("");
  const scales = renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[o${i}]`);
  args.push(
    "-filter_complex",
    `[0:v:0]fps=${fps},format=yuv420p,split=${renditions.length}${splits};${scales.join(";")}`,
  );
  renditions.forEach((r, i) => {
    const sameSound = r.audioKbps === topSound.audioKbps && r.audioChannels === topSound.audioChannels;
    const sound =
      top.audioCodec && sameSound
        ? ["-map", "0:a:0", "-c:a", "copy"]
        : top.audioCodec
          ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", `${r.audioKbps}k`, "-ac", String(r.audioChannels)]
          : [];
    args.push("-map", `[o${i}]`, ...x264Options(r, gop, threads[i]!), ...sound);
    args.push(...WITHOUT_METADATA, "-f", "mp4", encoded[i]!);
  });
  try {
    const result = await runTool(tools.ffmpeg, args, {
      signal,
      niceness: options.niceness,
      timeoutMs: TIMEOUT_MS,
      confine: confineFor(tools, "transcode"),
    });
    if (result.code !== 0) throw toolFailure("ffmpeg", result);
    await cleanCopies(
      options,
      encoded.map((file, i) => ({ encoded: file, audioFrom: i, final: partial[i]! })),
    );
    const made: RenditionFile[] = [];
    for (const [i, r] of renditions.entries()) {
      const final = path.join(outputDir, `${r.label}.mp4`);
      await fs.rename(partial[i]!, final);
      made.push({ ...r, path: final, bytes: (await fs.stat(final)).size });
    }
    return made;
  } finally {
    await Promise.all([...encoded, ...partial].map((file) => fs.rm(file, { force: true })));
  }
}

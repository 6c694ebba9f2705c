import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { withDataReferenceTo } from "./mp4-edits.ts";
import { fixture } from "./upload-client.ts";
import { SOURCE_FFMPEG } from "./video-sources.ts";

const run = promisify(execFile);

/**
 * Files of this machine that a hostile upload points at. Each is a real video (a reader that
 * follows a pointer gets something it can play), and each can tell whether anything read it:
 * its access time is set to 1970, before its modification time, so the first read moves it
 * (Linux updates it then even under relatime, the default mount option).
 */
export interface Canaries {
  files: string[];
  /** Sets every canary back to unread. */
  reset(): Promise<void>;
  /** The canaries something has read since the last reset. */
  read(): Promise<string[]>;
}

export async function plantCanaries(dir: string): Promise<Canaries> {
  const segment = path.join(dir, "secret.ts");
  await run(SOURCE_FFMPEG, [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10"],
    ...["-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-f", "mpegts", segment],
  ]);
  const movie = path.join(dir, "secret.mp4");
  await fs.writeFile(movie, fixture("short.mp4"));
  const files = [segment, movie];
  const reset = async () => {
    for (const file of files) await fs.utimes(file, 0, new Date());
  };
  await reset();
  return {
    files,
    reset,
    read: async () => {
      const read: string[] = [];
      for (const file of files) if ((await fs.stat(file)).atimeMs > 0) read.push(file);
      return read;
    },
  };
}

/**
 * The known ways to make a video tool read files of the machine it runs on, each as an upload
 * beside the canaries: an HLS playlist naming one by file:// URL and one by path, a concat script,
 * and an MP4 whose video track's data reference is an alias to a file in the same directory.
 * Named .mp4, as an upload is stored.
 */
export async function hostileVideos(dir: string): Promise<{ name: string; file: string }[]> {
  const segment = path.join(dir, "secret.ts");
  const files = {
    "HLS playlist": `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1.0,\nfile://${segment}\n#EXTINF:1.0,\n${segment}\n#EXT-X-ENDLIST\n`,
    "concat script": "ffconcat version 1.0\nfile secret.mp4\n",
  };
  const made: { name: string; file: string }[] = [];
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, `${name.replace(/ /g, "-")}.mp4`);
    await fs.writeFile(file, text);
    made.push({ name, file });
  }
  const alias = path.join(dir, "data-reference.mp4");
  await fs.writeFile(alias, withDataReferenceTo(fixture("short.mp4"), "secret.mp4"));
  made.push({ name: "MP4 with a data reference to another file", file: alias });
  return made;
}

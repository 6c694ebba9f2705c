/**
 * The file is not a video ffmpeg can read (corrupt, truncated, not a video at all, or a codec
 * it does not know). Never retried: the same bytes fail the same way. `detail` is for the log.
 */
export class UndecodableVideoError extends Error {
  constructor(public readonly detail: string) {
    super("The file is not a video that can be read.");
    this.name = "UndecodableVideoError";
  }
}

/**
 * ffmpeg or ffprobe stopped for a reason that is not the file's fault: killed (out of memory, a
 * worker shut down), out of time on a busy machine, out of disk space. Worth retrying, and never a
 * reason to tell a player their video is broken. `detail` is for the log.
 */
export class VideoToolError extends Error {
  constructor(public readonly detail: string) {
    super(`Video tool failed: ${detail}`);
    this.name = "VideoToolError";
  }
}

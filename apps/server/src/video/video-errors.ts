/**
 * The file is not a video ffmpeg can read (corrupt, truncated, not a video at all, or a codec
 * it does not know). Never retried: the same bytes fail the same way. `detail` is for the log.
 */
export class UndecodableVideoError extends Error {
  constructor(public readonly detail: string) {
    super(`Undecodable video: ${detail}`);
    this.name = "UndecodableVideoError";
  }
}

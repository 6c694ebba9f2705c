import { countOf } from "@touchline/contract/plural";
/**
 * Sizes and durations as the upload fields show them. Binary units, so "150 MB" here is the same 150 MB the limit means.
 */
const KB = 1024;
const MB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 KB";
  if (bytes < MB) return `${trim(bytes / KB)} KB`;
  return `${trim(bytes / MB)} MB`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "0 seconds";
  const whole = Math.round(seconds);
  return countOf(whole, "second");
}

/** One decimal below 10 (2.4 MB), whole numbers above (148 MB): precise where it matters. */
function trim(value: number): string {
  if (value >= 10) return String(Math.round(value));
  const rounded = Math.round(value * 10) / 10;
  return String(rounded);
}

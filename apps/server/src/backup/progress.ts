/** Where the commands print: stdout and stderr on their own, the control socket through a server. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Lines about a long step, at most one every intervalMs (and always the last one). */
export function progressLine(output: Output, intervalMs = 2_000) {
  let last = Date.now();
  return (line: string, final = false) => {
    const now = Date.now();
    if (!final && now - last < intervalMs) return;
    last = now;
    output.out(line);
  };
}

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** An error of the file system in words an operator acts on; other errors as they are. */
export function describeFailure(error: unknown, where: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? wasiCode(error);
  if (code === "ENOSPC") return `the disk holding ${where} is full (ENOSPC): free some space or choose another place`;
  if (code === "EACCES" || code === "EPERM") return `no permission to write in ${where} (${code})`;
  if (code === "ECONNREFUSED")
    return `nothing answers at ${(error as { address?: string }).address ?? "the target"} (ECONNREFUSED)`;
  const message = (error as Error | null)?.message;
  return message ?? `${(error as Error | null)?.name ?? "error"} ${JSON.stringify(error)}`;
}

/**
 * PGlite's file system reports errors as WASI errno numbers without a message (an ErrnoError
 * of errno 51 when the disk is full).
 */
function wasiCode(error: unknown): string | undefined {
  const { name, errno } = (error ?? {}) as { name?: string; errno?: number };
  if (name !== "ErrnoError") return undefined;
  return { 2: "EACCES", 51: "ENOSPC", 63: "EPERM" }[errno ?? -1];
}

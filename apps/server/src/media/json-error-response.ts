import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * Makes every 4xx/5xx answer written to res a JSON { message } with a JSON content type.
 *
 * @tus/server writes its answers to the Node response itself (we hand it reply.raw), and some of
 * its refusals (a missing Tus-Resumable header, an invalid header) are plain text that no hook
 * can change. Our API promises JSON errors everywhere, so error answers are held back here and
 * rewritten: a body that is already { message } JSON passes unchanged, text becomes the message.
 * Success answers stream through untouched.
 */
export function sendErrorsAsJson(res: ServerResponse): void {
  const originalWriteHead = res.writeHead;
  const originalWrite = res.write;
  const originalEnd = res.end;
  let held: { status: number; statusText?: string; headers: [string, string][] } | null = null;
  const chunks: Buffer[] = [];

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status < 400) return (originalWriteHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    const statusText = typeof rest[0] === "string" ? rest[0] : undefined;
    held = { status, statusText, headers: headerPairs(rest[rest.length - 1]) };
    return this;
  } as ServerResponse["writeHead"];

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!held) return (originalWrite as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    chunks.push(toBuffer(chunk, rest[0]));
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    callback?.();
    return true;
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (!held) return (originalEnd as (...a: unknown[]) => ServerResponse).apply(this, args);
    if (args.length > 0 && typeof args[0] !== "function" && args[0] != null) chunks.push(toBuffer(args[0], args[1]));
    const body = Buffer.from(
      JSON.stringify({ message: messageOf(Buffer.concat(chunks).toString("utf8"), held.status) }),
    );
    const headers = held.headers.filter(([name]) => !/^content-(type|length)$/i.test(name));
    headers.push(["Content-Type", "application/json; charset=utf-8"], ["Content-Length", String(body.length)]);
    const flat = headers.flat();
    const writeHead = originalWriteHead as (...args: unknown[]) => ServerResponse;
    if (held.statusText) writeHead.call(this, held.status, held.statusText, flat);
    else writeHead.call(this, held.status, flat);
    return (originalEnd as (...args: unknown[]) => ServerResponse).call(this, body, callback);
  } as ServerResponse["end"];
}

function messageOf(text: string, status: number): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    // plain text from tus: used as the message below
  }
  return text.trim() || `Request failed (${status})`;
}

function headerPairs(value: unknown): [string, string][] {
  if (Array.isArray(value)) {
    // Either a flat [name, value, name, value] list or a list of [name, value] pairs.
    if (value.every((item) => Array.isArray(item)))
      return (value as [string, unknown][]).map(([k, v]) => [k, String(v)]);
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < value.length; i += 2) pairs.push([String(value[i]), String(value[i + 1])]);
    return pairs;
  }
  if (value && typeof value === "object") {
    return Object.entries(value as OutgoingHttpHeaders).flatMap(([k, v]) =>
      v === undefined
        ? []
        : Array.isArray(v)
          ? v.map((item) => [k, String(item)] as [string, string])
          : [[k, String(v)] as [string, string]],
    );
  }
  return [];
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}

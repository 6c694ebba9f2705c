import fs from "node:fs";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@touchline/contract/limits";
import type { UploadedMedia } from "@touchline/contract/media";
import type { App } from "../app.ts";

/**
 * A minimal tus 1.0 client for the tests, speaking HTTP to a real listening socket (tus reads the
 * raw request stream, which inject() does not provide faithfully). It sends what tus-js-client
 * sends: POST with Upload-Length and Upload-Metadata, then PATCH chunks from the stored offset.
 */

export const fixture = (name: string): Buffer =>
  fs.readFileSync(path.join(import.meta.dirname, "../media/fixtures", name));

const listening = new WeakMap<App, Promise<string>>();

/**
 * The base URL of app on a loopback port, started on first use (app.close() stops it); a URL
 * string is a server in another process, already listening.
 */
export function serverUrl(app: App | string): Promise<string> {
  if (typeof app === "string") return Promise.resolve(app);
  let url = listening.get(app);
  if (!url) {
    url = app.listen({ port: 0, host: "127.0.0.1" }).then((address) => address.replace("[::1]", "127.0.0.1"));
    listening.set(app, url);
  }
  return url;
}

export interface UploadMeta {
  kind?: string;
  filename?: string;
  filetype?: string;
}

export function encodeMetadata(meta: Record<string, string | undefined>): string {
  return Object.entries(meta)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(value!).toString("base64")}`)
    .join(",");
}

const tusHeaders = (cookie?: string): Record<string, string> => ({
  "Tus-Resumable": "1.0.0",
  ...(cookie ? { cookie } : {}),
});

export async function tusCreate(
  app: App | string,
  cookie: string | undefined,
  size: number | null,
  meta: UploadMeta,
): Promise<Response> {
  return fetch(`${await serverUrl(app)}/api/uploads`, {
    method: "POST",
    headers: {
      ...tusHeaders(cookie),
      ...(size === null ? { "Upload-Defer-Length": "1" } : { "Upload-Length": String(size) }),
      ...(Object.keys(meta).length > 0 ? { "Upload-Metadata": encodeMetadata({ ...meta }) } : {}),
    },
  });
}

export async function tusHead(app: App | string, cookie: string | undefined, location: string): Promise<Response> {
  return fetch(`${await serverUrl(app)}${location}`, { method: "HEAD", headers: tusHeaders(cookie) });
}

export async function tusPatch(
  app: App | string,
  cookie: string | undefined,
  location: string,
  offset: number,
  bytes: Uint8Array,
): Promise<Response> {
  return fetch(`${await serverUrl(app)}${location}`, {
    method: "PATCH",
    headers: {
      ...tusHeaders(cookie),
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    },
    // Node's fetch sends any Uint8Array; the DOM typings only name ArrayBuffer-backed ones.
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

export async function tusDelete(app: App | string, cookie: string | undefined, location: string): Promise<Response> {
  return fetch(`${await serverUrl(app)}${location}`, { method: "DELETE", headers: tusHeaders(cookie) });
}

/** Creates an upload and sends bytes in chunks; returns the last response and its JSON body. */
export async function uploadBytes(
  app: App | string,
  cookie: string,
  bytes: Buffer,
  meta: UploadMeta,
  chunkSize = UPLOAD_CHUNK_BYTES,
): Promise<{ status: number; body: { message?: string } & Partial<UploadedMedia>; location: string }> {
  const created = await tusCreate(app, cookie, bytes.length, meta);
  if (created.status !== 201) return { status: created.status, body: await created.json(), location: "" };
  const location = created.headers.get("location")!;
  let offset = 0;
  for (;;) {
    const res = await tusPatch(app, cookie, location, offset, bytes.subarray(offset, offset + chunkSize));
    const text = await res.text();
    if (res.status !== 204) return { status: res.status, body: text ? JSON.parse(text) : {}, location };
    offset = Number(res.headers.get("upload-offset"));
  }
}

/** Uploads one fixture file as the player with cookie; the body of a successful upload. */
export async function uploadFixture(
  app: App | string,
  cookie: string,
  name: string,
  kind: "image" | "video",
): Promise<UploadedMedia> {
  const filetype =
    { ".mp4": "video/mp4", ".jpg": "image/jpeg", ".gif": "image/gif", ".png": "image/png" }[path.extname(name)] ?? "";
  const result = await uploadBytes(app, cookie, fixture(name), { kind, filename: name, filetype });
  if (result.status !== 200)
    throw new Error(`upload of ${name} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body as UploadedMedia;
}

/** An MP4 of more than one 5 MB chunk: a real clip followed by a "free" box of padding. */
export function largeMp4(totalBytes = Math.round(UPLOAD_CHUNK_BYTES * 1.3)): Buffer {
  const clip = fixture("short.mp4");
  const padding = Buffer.alloc(totalBytes - clip.length);
  padding.writeUInt32BE(padding.length, 0);
  padding.write("free", 4, "latin1");
  for (let i = 8; i < padding.length; i++) padding[i] = (i * 31) & 0xff;
  return Buffer.concat([clip, padding]);
}

// A tus 1.0 client over node:http for the benchmark: it streams each chunk from the file (never
// the whole file in memory, as a phone would not), counts every byte it puts on the wire, and can
// cut its own connection in the middle of a chunk to measure what a resume sends again. It
// follows what tus-js-client does: POST with Upload-Length, PATCH chunks from the stored offset,
// HEAD after a failure to learn the offset, then continue.
import fs from "node:fs";
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(url, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { "Tus-Resumable": "1.0.0", ...headers }, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body) body(req);
    else req.end();
  });
}

export async function tusCreate(baseUrl, cookie, size, metadata) {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
  const res = await request(`${baseUrl}/api/uploads`, {
    method: "POST",
    headers: { cookie, "Upload-Length": String(size), "Upload-Metadata": encoded },
  });
  if (res.status !== 201) throw new Error(`tus creation answered ${res.status}: ${res.text}`);
  return new URL(res.headers.location, baseUrl).toString();
}

export async function tusOffset(location, cookie) {
  const res = await request(location, { method: "HEAD", headers: { cookie } });
  if (res.status !== 200) throw new Error(`tus HEAD answered ${res.status}`);
  return Number(res.headers["upload-offset"]);
}

/**
 * Sends file bytes [offset, offset + length) in one PATCH. With cutAfter, destroys the socket
 * once that many bytes of this chunk are written (a dropped mobile connection) and rejects.
 * Returns the server's answer; sent counts the bytes handed to the socket.
 */
function patch(location, cookie, file, offset, length, counter, cutAfter) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      location,
      {
        method: "PATCH",
        agent: cutAfter === undefined ? agent : false,
        headers: {
          "Tus-Resumable": "1.0.0",
          cookie,
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(length),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    let written = 0;
    const stream = fs.createReadStream(file, { start: offset, end: offset + length - 1, highWaterMark: 256 * 1024 });
    stream.on("data", (chunk) => {
      let piece = chunk;
      if (cutAfter !== undefined && written + piece.length >= cutAfter) {
        piece = piece.subarray(0, cutAfter - written);
        req.write(piece);
        counter.sent += piece.length;
        written += piece.length;
        stream.destroy();
        // Let the bytes reach the server before the line goes dead, as on a real network.
        setTimeout(() => {
          req.destroy(new Error("connection cut by the benchmark"));
        }, 50);
        return;
      }
      counter.sent += piece.length;
      written += piece.length;
      if (!req.write(piece)) {
        stream.pause();
        req.once("drain", () => stream.resume());
      }
    });
    stream.on("end", () => req.end());
    stream.on("error", reject);
  });
}

/**
 * Uploads a file in chunks of chunkSize. cutAt (a byte position of the file) cuts the connection
 * once, mid-chunk, when the upload reaches it; the client then asks HEAD for the offset and
 * resumes. onLastChunk is called as the last chunk starts. Returns the final answer's JSON, the
 * bytes sent and how often it resumed.
 */
export async function tusUpload(baseUrl, cookie, file, { chunkSize, metadata, cutAt, onLastChunk } = {}) {
  const size = fs.statSync(file).size;
  const location = await tusCreate(baseUrl, cookie, size, metadata);
  const counter = { sent: 0 };
  let offset = 0;
  let cut = cutAt;
  let resumes = 0;
  let retries = 0;
  for (;;) {
    const length = Math.min(chunkSize, size - offset);
    const cutAfter = cut !== undefined && cut >= offset && cut < offset + length ? cut - offset : undefined;
    if (offset + length >= size) onLastChunk?.();
    let res;
    try {
      res = await patch(location, cookie, file, offset, length, counter, cutAfter);
    } catch (error) {
      if (cutAfter === undefined) throw error;
      cut = undefined;
      resumes += 1;
      // The server may still be finishing the broken request; tus-js-client waits before retrying too.
      await new Promise((resolve) => setTimeout(resolve, 200));
      offset = await tusOffset(location, cookie);
      continue;
    }
    if (res.status === 204) {
      offset = Number(res.headers["upload-offset"]);
      // Complete without a body: tus's plain answer (our server answers the last PATCH with 200 JSON).
      if (offset >= size) return { media: null, sent: counter.sent, size, resumes, location };
      continue;
    }
    // 423: the cut request still holds the upload's lock; 409: the offset moved. Ask and retry.
    if ((res.status === 423 || res.status === 409) && resumes > 0 && retries++ < 20) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      offset = await tusOffset(location, cookie);
      continue;
    }
    if (res.status !== 200) throw new Error(`tus PATCH answered ${res.status}: ${res.text}`);
    return { media: JSON.parse(res.text), sent: counter.sent, size, resumes, location };
  }
}

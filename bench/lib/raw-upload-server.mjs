// The ceiling of HTTP on this machine, as a second reference for the upload benchmark: the least a
// server can do with the same requests (tus's creation, HEAD and PATCH, no checks, no session, no
// database), each PATCH body piped into the file. Run as its own process, like the real server:
//   node bench/lib/raw-upload-server.mjs <folder>   (prints the port it listens on)
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const dir = process.argv[2];
fs.mkdirSync(dir, { recursive: true });
const uploads = new Map();
let next = 0;

const server = http.createServer(async (req, res) => {
  try {
    if (req.method === "POST") {
      next += 1;
      const file = path.join(dir, `upload-${next}`);
      fs.writeFileSync(file, "");
      uploads.set(String(next), { file, size: Number(req.headers["upload-length"]) });
      res.writeHead(201, { location: `/uploads/${next}`, "tus-resumable": "1.0.0" });
      return res.end();
    }
    const upload = uploads.get(req.url.split("/").pop());
    if (!upload) {
      res.writeHead(404);
      return res.end();
    }
    const offset = fs.statSync(upload.file).size;
    if (req.method === "HEAD") {
      res.writeHead(200, { "upload-offset": String(offset), "upload-length": String(upload.size) });
      return res.end();
    }
    if (Number(req.headers["upload-offset"]) !== offset) {
      res.writeHead(409);
      return res.end();
    }
    await pipeline(req, fs.createWriteStream(upload.file, { flags: "a" }));
    const now = fs.statSync(upload.file).size;
    if (now >= upload.size) {
      fs.rmSync(upload.file);
      res.writeHead(200, { "content-type": "application/json", "upload-offset": String(now) });
      return res.end(JSON.stringify({ kind: "video" }));
    }
    res.writeHead(204, { "upload-offset": String(now) });
    res.end();
  } catch {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

// A large, valid MP4 for the upload benchmark, made from the 4-second test clip the server's
// tests use (apps/server/src/media/fixtures/short.mp4: ftyp, free, mdat, moov). Its media data
// box is grown with padding to reach the wanted size; the padding comes after the clip's own
// samples, so the moov box, at the end as phones write it, still points at the right bytes. The
// server must skip the whole media data box to find the duration, as with a real phone video.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const CLIP = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures/short.mp4");

function boxes(bytes) {
  const list = [];
  for (let offset = 0; offset < bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (size < 8) throw new Error(`unexpected box size ${size} in ${CLIP}`);
    list.push({ type, offset, size });
    offset += size;
  }
  return list;
}

/** Writes (once) an MP4 of exactly totalBytes to file; returns the file's path. */
export function makeLargeMp4(file, totalBytes) {
  if (fs.existsSync(file) && fs.statSync(file).size === totalBytes) return file;
  const clip = fs.readFileSync(CLIP);
  const list = boxes(clip);
  const mdat = list.find((box) => box.type === "mdat");
  const moov = list.find((box) => box.type === "moov");
  if (!mdat || !moov || moov.offset < mdat.offset) throw new Error(`${CLIP} must hold mdat before moov`);
  const padding = totalBytes - clip.length;
  if (padding < 0 || mdat.size + padding >= 2 ** 32) throw new Error(`cannot make an MP4 of ${totalBytes} bytes`);

  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, "w");
  try {
    const header = Buffer.from(clip.subarray(0, mdat.offset + mdat.size));
    header.writeUInt32BE(mdat.size + padding, mdat.offset);
    fs.writeSync(fd, header);
    // Incompressible filler, like encoded video: a random block repeated.
    const block = randomBytes(1024 * 1024);
    for (let left = padding; left > 0; left -= block.length) fs.writeSync(fd, block, 0, Math.min(block.length, left));
    fs.writeSync(fd, clip.subarray(moov.offset));
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  return file;
}

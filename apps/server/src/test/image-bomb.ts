import zlib from "node:zlib";

/**
 * A real PNG decompression bomb for the tests, made in memory instead of kept as a file: every
 * pixel is zero, so deflate packs 7990 × 7990 pixels of 16-bit RGBA (510 MB once decoded) into
 * about 500 KB. Decoding it is exactly what the server must never do. Takes about a second; the
 * result is cached per size for the rest of the test file.
 */
const made = new Map<string, Promise<Buffer>>();

export function pngBomb(width = 7990, height = 7990, bitDepth: 8 | 16 = 16): Promise<Buffer> {
  const key = `${width}x${height}x${bitDepth}`;
  let bomb = made.get(key);
  if (!bomb) {
    bomb = makePng(width, height, bitDepth);
    made.set(key, bomb);
  }
  return bomb;
}

async function makePng(width: number, height: number, bitDepth: 8 | 16): Promise<Buffer> {
  const RGBA = 6;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(bitDepth, 8);
  header.writeUInt8(RGBA, 9);
  // Each row: filter type 0, then 4 samples of bitDepth bits per pixel, all zero.
  const row = Buffer.alloc(1 + (width * 4 * bitDepth) / 8);
  const deflate = zlib.createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(compressed)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

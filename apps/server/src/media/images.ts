import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "@touchline/contract/media";

/** Longest side of the normalised original we keep; phone photos arrive at 4000 px and more. */
const ORIGINAL_MAX_SIDE = 2048;
const WEBP_QUALITY = 80;

/**
 * The largest picture we decode: 8192 × 6144, what a 50-megapixel phone camera writes. A file
 * of at most 10 MB can still declare far more (a PNG of zeros deflates a thousandfold), so the
 * header is read first and the bytes are never decoded past these limits.
 */
export const MAX_IMAGE_PIXELS = 8192 * 6144;
/**
 * Decoded size allowed: that 50-megapixel photo in 8-bit colour (151 MB). Bit depth and channels
 * count: a 16-bit image with alpha needs 8 bytes a pixel, so 7990 × 7990 of it (510 MB decoded,
 * 500 KB as a file) is refused even though its pixel count alone would pass.
 */
const MAX_DECODED_IMAGE_BYTES = MAX_IMAGE_PIXELS * 3;
const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Images decoded at once in this process, whoever sent them; others wait their turn. Half the
 * cores: decoding is CPU work on libuv's thread pool, which logins (password hashing) share,
 * so image work must never take every core.
 */
export const IMAGE_DECODES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
const decodeSlots = pLimit(IMAGE_DECODES_AT_ONCE);

// Process-wide libvips settings. No operation cache: every upload is new, a cache only holds
// memory. One thread per image: the slots above bound how many images run, this bounds each.
sharp.cache(false);
sharp.concurrency(1);

export interface NormalisedImage {
  original: { data: Buffer; width: number; height: number; contentType: "image/webp" };
  variants: { width: ImageVariantWidth; data: Buffer }[];
}

/** Why a photo was not taken: not a decodable image, or bigger than we decode. detail is for logs. */
export class ImageRefused extends Error {
  constructor(
    public readonly reason: "unreadable" | "too-large",
    public readonly detail: string,
  ) {
    super(`image ${reason}: ${detail}`);
    this.name = "ImageRefused";
  }
}

/**
 * Checks what the image's header declares (width, height, channels, bit depth) against the
 * limits above, without decoding any pixel. Throws ImageRefused.
 */
async function checkImageHeader(data: Buffer): Promise<void> {
  let header: Metadata;
  try {
    header = await sharp(data).metadata();
  } catch (error) {
    throw new ImageRefused("unreadable", String(error));
  }
  const { width, height, channels, depth } = header;
  if (!width || !height || !channels || !depth) throw new ImageRefused("unreadable", "no size in the header");
  const pixels = width * height;
  const decodedBytes = pixels * channels * (BYTES_PER_SAMPLE[depth] ?? 16);
  if (pixels > MAX_IMAGE_PIXELS || decodedBytes > MAX_DECODED_IMAGE_BYTES)
    throw new ImageRefused("too-large", `${width}x${height}, ${channels} channels of ${depth}`);
}

/**
 * Re-encodes an uploaded photo: turned upright from its EXIF orientation, every piece of
 * metadata dropped (GPS position, camera, date: sharp writes none unless asked), and saved as
 * WebP in a bounded original plus one copy per variant width, never enlarged. Animated GIFs keep
 * their first frame.
 *
 * Waits for one of the process's image slots first, and only then reads the bytes (so waiting
 * uploads hold no memory), checks the header, and decodes the photo once, into an upright copy of
 * at most 2048 × 2048 from which every WebP is made one after the other. Throws ImageRefused.
 */
export function normaliseImage(readBytes: () => Promise<Buffer>): Promise<NormalisedImage> {
  return decodeSlots(async () => {
    const data = await readBytes();
    await checkImageHeader(data);

    let upright: { data: Buffer; info: OutputInfo };
    try {
      upright = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true })
        .rotate()
        .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw new ImageRefused("unreadable", String(error));
    }
    const { width, height } = upright.info;
    const channels = upright.info.channels as 1 | 2 | 3 | 4;
    const encode = (maxWidth?: number) =>
      sharp(upright.data, { raw: { width, height, channels } })
        .resize({ width: maxWidth, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();

    const original = await encode();
    const variants: NormalisedImage["variants"] = [];
    for (const variantWidth of IMAGE_VARIANT_WIDTHS)
      variants.push({ width: variantWidth, data: await encode(variantWidth) });
    return { original: { data: original, width, height, contentType: "image/webp" }, variants };
  });
}

/**
 * Longest side kept of an identity document's photo: the small print of a birth certificate stays
 * legible to staff, and nothing more of the camera's resolution is held.
 */
const DOCUMENT_MAX_SIDE = 2400;
const DOCUMENT_WEBP_QUALITY = 85;

/**
 * Re-encodes the photo of an identity document as one WebP: upright, at most 2400 px a side, with
 * no metadata (no GPS position, camera or date: sharp writes none unless asked). Uses the same
 * header checks and decode slots as profile photos. Throws ImageRefused.
 */
export function normaliseDocumentImage(data: Buffer): Promise<{ data: Buffer; contentType: "image/webp" }> {
  return decodeSlots(async () => {
    await checkImageHeader(data);
    try {
      const webp = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true })
        .rotate()
        .resize({ width: DOCUMENT_MAX_SIDE, height: DOCUMENT_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb")
        .webp({ quality: DOCUMENT_WEBP_QUALITY })
        .toBuffer();
      return { data: webp, contentType: "image/webp" as const };
    } catch (error) {
      throw new ImageRefused("unreadable", String(error));
    }
  });
}

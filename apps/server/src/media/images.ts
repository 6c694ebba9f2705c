import type { Readable } from "node:stream";
import sharp from "sharp";
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "@touchline/contract/media";

/** Longest side of the normalised original we keep; phone photos arrive at 4000 px and more. */
const ORIGINAL_MAX_SIDE = 2048;
/** Refuses decompression bombs: 8000 × 8000 is beyond any phone camera. */
const MAX_INPUT_PIXELS = 64_000_000;
const WEBP_QUALITY = 80;

export interface NormalisedImage {
  original: { data: Buffer; width: number; height: number; contentType: "image/webp" };
  variants: { width: ImageVariantWidth; data: Buffer }[];
}

/**
 * Re-encodes an uploaded photo: turned upright from its EXIF orientation, every piece of
 * metadata dropped (GPS position, camera, date: sharp writes none unless asked), and saved as
 * WebP in a bounded original plus one copy per variant width, never enlarged. Animated GIFs keep
 * their first frame. Throws when the bytes are not a decodable image.
 */
export async function normaliseImage(source: Readable): Promise<NormalisedImage> {
  const input = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true });
  source.on("error", (error) => input.destroy(error));
  source.pipe(input);

  const encode = (maxWidth: number, maxHeight?: number) =>
    input
      .clone()
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });

  const [original, ...variants] = await Promise.all([
    encode(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE),
    ...IMAGE_VARIANT_WIDTHS.map((width) => encode(width)),
  ]);
  return {
    original: {
      data: original!.data,
      width: original!.info.width,
      height: original!.info.height,
      contentType: "image/webp",
    },
    variants: variants.map((variant, i) => ({ width: IMAGE_VARIANT_WIDTHS[i]!, data: variant.data })),
  };
}

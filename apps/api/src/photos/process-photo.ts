// heic-decode ships no types; an import cannot bring in an ambient module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./heic-decode.d.ts" />
/**
 * A visitor's photo, made safe to publish: decoded (so the bytes, not the name or the declared
 * type, say what it is), turned upright, resized to the copies the app shows, and written anew
 * as WebP with no metadata at all (no EXIF, no GPS, no camera, no ICC profile beyond sRGB).
 * The original is never kept.
 *
 * HEIC/HEIF: this build of sharp (its prebuilt libvips) reads the HEIF container but decodes
 * only AV1 (AVIF), not the HEVC that iPhones write; such a photo is decoded by libheif compiled
 * to WebAssembly (`heic-decode`) and handed to sharp as pixels.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import decodeHeic from 'heic-decode';

/** Formats accepted, as sharp names them. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * A decompression bomb is refused before it is decoded: at most 50 megapixels. Not lower, although
 * the web app sends at most 2048 px (4 MP): what it cannot decode (HEIC outside Safari) and other
 * clients' uploads arrive at a camera's full size, 48 to 50 MP on today's phones at their highest
 * setting. What a decode may cost is bounded by how many run at once (photo-uploads.ts), not here.
 */
export const MAX_PIXELS = 50_000_000;

/** The copies kept of each photo: the long side in pixels. */
const PHOTO_SIZES = { thumbnail: 320, large: 1280 } as const;
type PhotoSize = keyof typeof PHOTO_SIZES;

interface PhotoCopy {
  body: Buffer;
  width: number;
  height: number;
}

export type ProcessedPhoto = Record<PhotoSize, PhotoCopy>;

/** Why a file is refused: not an image this server reads (415), or one too large to decode safely (413). */
export class PhotoRejectedError extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** Decodes `input` as an image whatever its name or declared type, and makes the copies. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const metadata = await (async () => sharp(input, { limitInputPixels: false }).metadata())().catch(() => {
    throw new PhotoRejectedError(415, 'The file is not an image this server reads (JPEG, PNG, WebP or HEIC).');
  });
  if (!metadata.format || !ACCEPTED.has(metadata.format)) {
    throw new PhotoRejectedError(415, `Images in ${metadata.format ?? 'this'} format are not accepted: send JPEG, PNG, WebP or HEIC.`);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) {
    throw new PhotoRejectedError(413, `The image has more than ${MAX_PIXELS / 1_000_000} megapixels.`);
  }
  const source = await decoded(input, metadata);
  const copies = await Promise.all(
    Object.entries(PHOTO_SIZES).map(async ([size, longSide]) => {
      const { data, info } = await source
        .clone()
        .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          // A truncated or corrupt file fails here, as it is decoded: the sender's fault, not ours.
          throw new PhotoRejectedError(415, 'The image could not be decoded: the file is damaged or not what it claims to be.');
        });
      return [size, { body: data, width: info.width, height: info.height }] as const;
    }),
  );
  return Object.fromEntries(copies) as ProcessedPhoto;
}

/** The image as a sharp pipeline, upright: turned by its EXIF orientation before anything else. */
async function decoded(input: Buffer, metadata: Metadata): Promise<Sharp> {
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    const image = await decodeHeic({ buffer: input }).catch(() => {
      throw new PhotoRejectedError(415, 'The HEIC file could not be decoded.');
    });
    return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      ...options,
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
  return sharp(input, options).rotate();
}

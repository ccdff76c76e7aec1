/**
 * A phone's photo made small before it is sent: decoded by the browser (upright, as its EXIF
 * says), drawn at most MAX_LONG_SIDE px on its long side and written anew as JPEG, without
 * metadata. A 12-megapixel photo of 4–6 MB leaves as a few hundred kB. What the browser cannot
 * decode (HEIC outside Safari) is sent as it is: the server decodes it.
 */

/** The long side of what is sent, in pixels (the server keeps at most 1280 of it). */
export const MAX_LONG_SIDE = 2048;
/** What the server takes at most, before any downsizing. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const QUALITY = 0.85;

/** The size a `width`×`height` image is drawn at: its long side at most `max`, its proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_LONG_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface Downsized {
  blob: Blob;
  /** False when the browser could not decode it: sent as chosen, without a preview. */
  decoded: boolean;
}

export async function downsizePhoto(file: Blob): Promise<Downsized> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, decoded: false };
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const blob = await encode(bitmap, width, height);
    return { blob, decoded: true };
  } finally {
    bitmap.close();
  }
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'), bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  draw(canvas.getContext('2d'), bitmap, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))), 'image/jpeg', QUALITY),
  );
}

function draw(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null, bitmap: ImageBitmap, width: number, height: number) {
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

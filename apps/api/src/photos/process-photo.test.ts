import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifReader from 'exif-reader';
import { MAX_PIXELS, PhotoRejectedError, processPhoto } from './process-photo.ts';

const BLUE = { r: 20, g: 60, b: 200 };
const ORANGE = { r: 230, g: 130, b: 30 };

/** A photo `width` × `height`, orange with its top-left quarter blue. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: ORANGE } }).composite([
    { input: { create: { width: width / 2, height: height / 2, channels: 3, background: BLUE } }, left: 0, top: 0 },
  ]);

/** A phone's JPEG: taken sideways (EXIF orientation 6, "turn 90° clockwise to view"), with the place it was taken. */
async function phoneJpeg(): Promise<Buffer> {
  const raw = await picture(1600, 1200).jpeg().toBuffer();
  return sharp(raw)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 3/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '19/1 56/1 4321/100' },
    })
    .jpeg()
    .toBuffer();
}

async function colourAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b) < 40;

async function rejected(input: Buffer): Promise<PhotoRejectedError> {
  const error = await processPhoto(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PhotoRejectedError);
  return error as PhotoRejectedError;
}

describe('processPhoto', () => {
  it('turns a sideways phone photo upright before resizing, and keeps no metadata: no GPS, no camera', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(exifReader(before.exif!)).toMatchObject({ Image: { Make: 'PhoneMaker' }, GPSInfo: { GPSLatitude: [50, 3, 12.34] } });

    const { large, thumbnail } = await processPhoto(input);
    // Upright, the 1600 × 1200 picture is 1200 × 1600: its long side becomes 1280 and 320.
    expect([large.width, large.height, thumbnail.width, thumbnail.height]).toEqual([960, 1280, 240, 320]);
    for (const copy of [large, thumbnail]) {
      const after = await sharp(copy.body).metadata();
      expect(after.format).toBe('webp');
      expect([after.width, after.height]).toEqual([copy.width, copy.height]);
      expect({ exif: after.exif, xmp: after.xmp, iptc: after.iptc, icc: after.icc, orientation: after.orientation }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
        orientation: undefined,
      });
      expect(copy.body.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    // Turned clockwise: the blue top-left quarter of the sensor's picture is now top right.
    expect(near(await colourAt(large.body, 900, 60), BLUE)).toBe(true);
    expect(near(await colourAt(large.body, 60, 60), ORANGE)).toBe(true);
  });

  it('takes PNG and WebP, whatever a file is called, and never enlarges a small photo', async () => {
    for (const input of [await picture(800, 600).png().toBuffer(), await picture(800, 600).webp().toBuffer()]) {
      const { large, thumbnail } = await processPhoto(input);
      expect([large.width, large.height, thumbnail.width, thumbnail.height]).toEqual([800, 600, 320, 240]);
    }
  });

  it("decodes an iPhone's HEIC (HEVC), which this build of sharp cannot", async () => {
    const heic = fs.readFileSync(new URL('../../test/fixtures/sample.heic', import.meta.url));
    expect(await sharp(heic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc' });
    await expect(sharp(heic).webp().toBuffer()).rejects.toThrow();
    const { large } = await processPhoto(heic);
    expect([large.width, large.height]).toEqual([640, 480]);
    expect(near(await colourAt(large.body, 40, 40), BLUE)).toBe(true);
    expect(near(await colourAt(large.body, 600, 440), { r: 200, g: 120, b: 40 })).toBe(true);
  });

  it('refuses what is not a photo it reads with 415: text, SVG, GIF, a damaged JPEG', async () => {
    const jpeg = await picture(800, 600).jpeg().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const input of [
      Buffer.from('Dzik na ulicy, ale to nie jest zdjęcie.'),
      svg,
      await picture(80, 60).gif().toBuffer(),
      jpeg.subarray(0, jpeg.length / 2),
      Buffer.alloc(0),
    ]) {
      expect((await rejected(input)).status).toBe(415);
    }
  });

  it('refuses a decompression bomb with 413 before decoding it: a small file of too many pixels', async () => {
    const side = Math.ceil(Math.sqrt(MAX_PIXELS)) + 100;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: 'black' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const error = await rejected(bomb);
    expect(error.status).toBe(413);
  });
});

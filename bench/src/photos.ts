/**
 * The photo pipeline's cost (apps/api/src/photos/process-photo.ts) on a 12-megapixel phone
 * JPEG (4000 × 3000, noisy like a real photo): photos per second one after another and two at
 * a time, and the process's peak memory. Run in a process of its own (`tsx src/photos.ts`) so
 * that the peak is the pipeline's; prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { processPhoto } from '../../apps/api/src/photos/process-photo.ts';

const ROUNDS = Number(process.argv[2] ?? 8);

// Random pixels, softened: about as hard to compress as a phone's photo (some megabytes).
const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
  .blur(0.8)
  .withMetadata({ orientation: 6 })
  .jpeg({ quality: 90 })
  .toBuffer();
const rssBefore = process.memoryUsage().rss;

// Once first, unmeasured: sharp's and libvips' start.
await processPhoto(photo);
const times: number[] = [];
let t = performance.now();
for (let i = 0; i < ROUNDS; i++) {
  const start = performance.now();
  await processPhoto(photo);
  times.push(performance.now() - start);
}
const sequentialSeconds = (performance.now() - t) / 1000;

t = performance.now();
await Promise.all([0, 1].map(async () => {
  for (let i = 0; i < ROUNDS / 2; i++) await processPhoto(photo);
}));
const pairedSeconds = (performance.now() - t) / 1000;

times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    input_kb: photo.length / 1024,
    p50_ms: times[Math.floor(times.length / 2)],
    per_s: ROUNDS / sequentialSeconds,
    per_s_two_at_once: ROUNDS / pairedSeconds,
    rss_before_mb: rssBefore / 1024 / 1024,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);

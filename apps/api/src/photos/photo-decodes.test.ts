/**
 * Photos decoded a few at a time (PHOTO_DECODES, PHOTO_DECODE_QUEUE): more at once are answered
 * 503 before they cost memory. About the process, not the database: it runs on one engine.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Photo } from '@wildalert/shared';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** A PNG of its own, large enough to take a while to decode (copies are kept by content). */
const png = () =>
  sharp({ create: { width: 2500, height: 2500, channels: 3, background: { r: 40, g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) } } })
    .png()
    .toBuffer();

const keysOf = (photos: Photo[]) => photos.flatMap((p) => [p.url, p.thumbnailUrl].map((url) => url.split('/').at(-1)!)).sort();

function storedKeys(t: TestApp): string[] {
  const { photos } = t.config;
  if (!('dir' in photos) || !fs.existsSync(photos.dir)) return [];
  return fs
    .readdirSync(photos.dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

it('decodes a few photos at a time: more at once than the turns and their queue are answered 503 with Retry-After, storing nothing, and go through when sent again', async () => {
  const t = await createTestApp({ PHOTO_DECODES: '1', PHOTO_DECODE_QUEUE: '1' });
  try {
    const alerts = await Promise.all(
      Array.from({ length: 2 }, async () => {
        const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 50.06, longitude: 19.94, animal: 'fox' } });
        return { id: res.json().data.id as string, key: res.headers['alert-key'] as string };
      }),
    );
    // Four at once find one turn and one place in the queue.
    const uploads = await Promise.all(alerts.flatMap((alert) => Array.from({ length: 2 }, async () => ({ alert, key: randomUUID(), body: await png() }))));
    const send = ({ alert, key, body }: (typeof uploads)[number]) =>
      t.app.inject({
        method: 'POST',
        url: `/Alerts/${alert.id}/photos`,
        headers: { 'content-type': 'image/png', 'alert-key': alert.key, 'idempotency-key': key },
        payload: body,
      });
    const answers = await Promise.all(uploads.map(send));
    const busy = answers.flatMap((res, i) => (res.statusCode === 503 ? [uploads[i]!] : []));
    expect(answers.filter((res) => res.statusCode !== 201 && res.statusCode !== 503).map((res) => res.body)).toEqual([]);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of answers.filter((r) => r.statusCode === 503)) {
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ status: 503, type: '/problems/photo-decodes-busy' });
    }
    const photos = async () => (await Promise.all(alerts.map(async (a) => (await t.app.inject(`/Alerts/${a.id}/photos`)).json().data as Photo[]))).flat();
    expect(storedKeys(t)).toEqual(keysOf(await photos()));
    // Sent again one by one, as a client following Retry-After would: each is taken.
    for (const again of busy) expect((await send(again)).statusCode).toBe(201);
    expect(await photos()).toHaveLength(4);
    expect(storedKeys(t)).toEqual(keysOf(await photos()));
  } finally {
    await t.dispose();
  }
});

/**
 * GET /Alerts/stream against clients that take too much, over real HTTP: open streams are
 * capped per client address and in all, and a client that stops reading is cut off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_CHANNEL } from '../repositories/events-repository.ts';
import { openRawStream, type Answer, type RawStream } from '../../test/from-address.ts';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';
import { openStream } from '@wildalert/test-support';
import { MAX_BUFFERED_BYTES } from './alerts-stream.ts';

const KRAKOW = { latitude: 50.0497, longitude: 19.9445 };
const PATH = `/Alerts/stream?Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}&Radius=15`;

function expectProblem(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

/** An app listening on a port of its own, and streams opened from chosen addresses. */
function serve(env: Record<string, string> = {}) {
  const s = { t: undefined as unknown as TestApp, origin: '', streams: [] as RawStream[] };
  beforeAll(async () => {
    s.t = await createTestApp(env);
    s.origin = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    s.streams.forEach((stream) => stream.socket.destroy());
    await s.t.dispose();
  });
  const open = async (from: string) => {
    const stream = await openRawStream(Number(new URL(s.origin).port), PATH, from);
    if (stream.status === 200) s.streams.push(stream);
    else stream.socket.destroy();
    return stream;
  };
  return { s, open };
}

describe('open streams per client address', () => {
  const { s, open } = serve();

  it('refuses the 101st stream from one address with a 429 problem, while another address still opens one', async () => {
    for (let i = 0; i < 100; i++) expect((await open('127.0.0.1')).status).toBe(200);
    expectProblem(await open('127.0.0.1'), 429);
    expect((await open('127.0.0.2')).status).toBe(200);
  });

  it('gives the place back when one of them closes', async () => {
    s.streams[0]!.socket.destroy();
    await expect.poll(async () => (await open('127.0.0.1')).status, { timeout: 5000 }).toBe(200);
    expectProblem(await open('127.0.0.1'), 429);
  });
});

describe('open streams per network', () => {
  const { open } = serve({ STREAMS_PER_CLIENT: '2', STREAMS_PER_NETWORK: '3' });

  it('refuses a network spread over its addresses once it holds its share, while another network still opens one', async () => {
    // 127.0.0.x: addresses of one /24.
    const ours = [await open('127.0.0.1'), await open('127.0.0.1'), await open('127.0.0.2')];
    expect(ours.map((stream) => stream.status)).toEqual([200, 200, 200]);
    expectProblem(await open('127.0.0.3'), 429);
    expect((await open('127.0.1.1')).status).toBe(200);
  });
});

describe('open streams in all', () => {
  const { s, open } = serve({ STREAMS_MAX: '3', STREAMS_PER_CLIENT: '2' });

  it('refuses a stream over the server-wide cap with a 503 problem; the open ones go on', async () => {
    const [a, , b] = [await open('127.0.0.1'), await open('127.0.0.1'), await open('127.0.0.2')];
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expectProblem(await open('127.0.0.3'), 503);
    const alert = await postAlert(s.t.app, { ...KRAKOW, animal: 'fox' });
    await expect.poll(() => a!.received()).toContain(alert.id);
  });

  it('takes a new stream again once one closes', async () => {
    s.streams.at(-1)!.socket.destroy();
    await expect.poll(async () => (await open('127.0.0.3')).status, { timeout: 5000 }).toBe(200);
  });
});

describe('a client that stops reading', () => {
  const { s } = serve();
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  beforeAll(() => void process.on('warning', onWarning));
  afterAll(() => void process.off('warning', onWarning));

  /** `count` alerts in the area, each ~2 KB as JSON, committed at once with their events, as the API records them. */
  async function addAlerts(count: number) {
    await s.t.app.db.query(
      `WITH a AS (
         INSERT INTO alerts (id, location, public_location, animal, comments)
         SELECT gen_random_uuid(), p, p, 'fox', repeat('ż', 1000)
         FROM (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS p FROM generate_series(1, $3)) s
         RETURNING id
       ), e AS (
         INSERT INTO alert_events (alert_id, kind) SELECT id, 'added' FROM a RETURNING id
       ) SELECT pg_notify($4, max(id)::text) FROM e`,
      [KRAKOW.longitude, KRAKOW.latitude, count, EVENTS_CHANNEL],
    );
  }

  it('is cut off once the server holds too much for it, while a client that reads gets every event', async () => {
    const stalled = await openRawStream(Number(new URL(s.origin).port), PATH, '127.0.0.1');
    expect(stalled.status).toBe(200);
    await expect.poll(() => stalled.received()).toMatch(/event: ready/);
    // From here on it reads nothing (the kernel's buffers, then the server's, fill up).
    stalled.socket.pause();
    const readyId = /id: (\d+)\nevent: ready/.exec(stalled.received())![1]!;
    const reader = await openStream(`${s.origin}${PATH}`);
    await reader.next('ready');
    expect(s.t.app.liveStreams.size).toBe(2);

    // 100 alerts at a time (~200 KB, less than the bound even if the reader's kernel took
    // none of it), the next once the reader has had them, until the stalled stream is cut.
    const chunk = 100;
    let sent = 0;
    while (s.t.app.liveStreams.size === 2) {
      // Loopback buffers hold a few MB; a server that never cuts would go on for ever.
      if (sent * 2000 > 32 * 1024 * 1024) throw new Error(`the stalled stream is still open after ${sent} alerts`);
      await addAlerts(chunk);
      sent += chunk;
      await expect.poll(() => reader.received.filter((e) => e.event === 'alert').length, { timeout: 10_000 }).toBe(sent);
    }
    expect(sent * 2000).toBeGreaterThan(MAX_BUFFERED_BYTES);

    // The server closed it without the client reading: once it reads again, it sees the end.
    stalled.socket.resume();
    await expect(Promise.race([stalled.closed.then(() => 'closed'), new Promise((r) => setTimeout(r, 5000, 'open'))])).resolves.toBe('closed');

    // The reader was never cut and goes on.
    expect(s.t.app.liveStreams.size).toBe(1);
    const next = await postAlert(s.t.app, { ...KRAKOW, animal: 'boar' });
    await expect.poll(() => reader.received.at(-1)?.data ?? '').toContain(next.id);
    reader.close();

    // Reconnecting from where it stopped: far too much to replay, so it reloads its area.
    const again = await openStream(`${s.origin}${PATH}`, readyId);
    const first = await again.next();
    expect(first.event).toBe('reset');
    expect(Number(first.id)).toBeGreaterThan(Number(readyId));
    again.close();

    // @fastify/sse's send() added a 'drain' listener per event while the socket was full.
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('gets exactly what it missed when that fits in one go', async () => {
    const first = await openStream(`${s.origin}${PATH}`);
    const ready = await first.next('ready');
    first.close();
    await addAlerts(20);
    const again = await openStream(`${s.origin}${PATH}`, ready.id);
    for (let i = 0; i < 20; i++) expect((await again.next()).event).toBe('alert');
    expect((await again.next()).event).toBe('ready');
    again.close();
  });
});

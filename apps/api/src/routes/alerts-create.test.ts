import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const valid = { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'Przy Wiśle' };

function post(payload: string | object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/Alerts',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const count = async () => (await t.app.inject({ method: 'GET', url: '/health' })).json().alerts as number;

function expectProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ status, title: expect.any(String), type: expect.any(String), detail: expect.any(String) });
  expect(res.body).not.toMatch(/at .*\.ts:\d+|SELECT|INSERT|stack/i);
  return body;
}

describe('POST /Alerts', () => {
  it('stores an alert and answers 201 with it, its Location, id and createdAt set by the server', async () => {
    const before = Date.now();
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject(valid);
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.location).toBe(`/Alerts/${data.id}`);
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);

    const read = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data });
  });

  it('makes comments optional (stored as empty text) and keeps any Unicode', async () => {
    const bare = await post({ latitude: 0, longitude: 0, animal: 'other' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data.comments).toBe('');
    const text = 'Żółw? 🐗 <b>"x"</b> \'y\' \\ \n\t ok';
    const res = await post({ ...valid, comments: text });
    expect(res.json().data.comments).toBe(text);
  });

  it('accepts exactly 1000 characters of comments, counting an emoji as one', async () => {
    const res = await post({ ...valid, comments: '🐗'.repeat(1000) });
    expect(res.statusCode).toBe(201);
  });

  it('accepts the edges of the coordinate ranges', async () => {
    for (const [latitude, longitude] of [[90, 180], [-90, -180], [0, 0]]) {
      expect((await post({ latitude, longitude, animal: 'wolf' })).statusCode).toBe(201);
    }
  });

  it('ignores id and createdAt only by refusing them: the server sets those', async () => {
    const res = await post({ ...valid, id: '00000000-0000-0000-0000-000000000000' });
    expect(expectProblem(res, 400).errors).toEqual({ id: [{ code: 'unknown_field', message: 'is not a known field' }] });
  });
});

describe('POST /Alerts validation errors', () => {
  const tooLong = { ...valid, comments: 'x'.repeat(1001) };

  it('carry a stable code per field, with its limit, beside an English message by default', async () => {
    const res = await post(tooLong);
    expect(expectProblem(res, 400).errors).toEqual({
      comments: [{ code: 'too_long', limit: 1000, message: 'must be at most 1000 characters long' }],
    });
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['pl-PL,pl;q=0.9,en;q=0.5', 'pl', 'Treść żądania jest nieprawidłowa.', 'może mieć najwyżej 1000 znaków'],
    ['uk', 'uk', 'Тіло запиту некоректне.', 'може містити щонайбільше 1\u00a0000 символів'],
    ['en-GB', 'en', 'The body is not valid.', 'must be at most 1000 characters long'],
    ['fr, de;q=0.5', 'en', 'The body is not valid.', 'must be at most 1000 characters long'],
  ])('speak the language Accept-Language "%s" asks for (%s), English when none matches', async (accept, language, detail, message) => {
    const res = await post(tooLong, { 'accept-language': accept });
    const body = expectProblem(res, 400);
    expect(res.headers['content-language']).toBe(language);
    expect(body.detail).toBe(detail);
    expect(body.errors).toEqual({ comments: [{ code: 'too_long', limit: 1000, message }] });
  });
});

describe('POST /Alerts refuses bad input and stores nothing', () => {
  const cases: Array<[string, string | object, string]> = [
    ['a missing latitude', { longitude: 1, animal: 'fox' }, 'latitude'],
    ['a missing animal', { latitude: 1, longitude: 1 }, 'animal'],
    ['a latitude as text', { ...valid, latitude: '50' }, 'latitude'],
    ['a latitude as null', { ...valid, latitude: null }, 'latitude'],
    ['a latitude over 90', { ...valid, latitude: 90.000001 }, 'latitude'],
    ['a longitude under -180', { ...valid, longitude: -181 }, 'longitude'],
    ['a huge number (1e400)', '{"latitude":1e400,"longitude":1,"animal":"fox"}', 'latitude'],
    ['an unknown animal', { ...valid, animal: 'dragon' }, 'animal'],
    ['an animal in another case', { ...valid, animal: 'Boar' }, 'animal'],
    ['comments of 1001 characters', { ...valid, comments: 'x'.repeat(1001) }, 'comments'],
    ['comments as a number', { ...valid, comments: 5 }, 'comments'],
    ['a NUL character', { ...valid, comments: 'a\u0000b' }, 'comments'],
    ['a lone high surrogate', '{"latitude":1,"longitude":1,"animal":"fox","comments":"\\ud800"}', 'comments'],
    ['a lone low surrogate', '{"latitude":1,"longitude":1,"animal":"fox","comments":"a\\udc00b"}', 'comments'],
    ['an unknown field', { ...valid, color: 'red' }, 'color'],
    ['deep nesting', `{"latitude":1,"longitude":1,"animal":"fox","x":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'x'],
    ['an array body', '[1,2]', 'body'],
    ['a string body', '"boar"', 'body'],
  ];

  it.each(cases)('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const before = await count();
    const body = expectProblem(await post(payload), 400);
    expect(body.type).toBe('/problems/validation');
    expect(Object.keys(body.errors)).toContain(field);
    expect(await count()).toBe(before);
  });

  it.each([
    ['malformed JSON', '{"latitude":'],
    ['trailing garbage', '{"latitude":1,"longitude":1,"animal":"fox"} x'],
    ['a __proto__ key', '{"latitude":1,"longitude":1,"animal":"fox","__proto__":{"admin":true}}'],
    ['a constructor.prototype key', '{"latitude":1,"longitude":1,"animal":"fox","constructor":{"prototype":{"a":1}}}'],
    ['an empty body', ''],
  ])('refuses %s with 400', async (_name, payload) => {
    const before = await count();
    expectProblem(await post(payload), 400);
    expect(await count()).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const before = await count();
    expectProblem(await post({ ...valid, comments: 'x'.repeat(17 * 1024) }), 413);
    expect(await count()).toBe(before);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'refuses content type %s with 415',
    async (type) => {
      const before = await count();
      expectProblem(await post(JSON.stringify(valid), { 'content-type': type }), 415);
      expect(await count()).toBe(before);
    },
  );

  it('accepts JSON with a charset parameter', async () => {
    expect((await post(valid, { 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first alert and stores nothing new', async () => {
    const before = await count();
    const key = crypto.randomUUID();
    const first = await post(valid, { 'idempotency-key': key });
    const second = await post(valid, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers.location).toBe(first.headers.location);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('stores once when the same key arrives concurrently', async () => {
    const before = await count();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(valid, { 'idempotency-key': key })));
    const ids = new Set(answers.map((r) => r.json().data.id));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(ids.size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('treats a quoted key (structured-field string) as the same key', async () => {
    const key = crypto.randomUUID();
    const a = await post(valid, { 'idempotency-key': key });
    const b = await post(valid, { 'idempotency-key': `"${key}"` });
    expect(b.json().data.id).toBe(a.json().data.id);
  });

  it('refuses the same key with a different body (422) and stores nothing', async () => {
    const key = crypto.randomUUID();
    await post(valid, { 'idempotency-key': key });
    const before = await count();
    const body = expectProblem(await post({ ...valid, animal: 'fox' }, { 'idempotency-key': key }), 422);
    expect(body.type).toBe('/problems/idempotency-key-reused');
    expect(await count()).toBe(before);
  });

  it('answers a replay of an alert hidden since with 404, as a read of it would', async () => {
    const key = crypto.randomUUID();
    const first = await post(valid, { 'idempotency-key': key });
    const id = first.json().data.id as string;
    // Hidden by visitors from three networks.
    for (const remoteAddress of ['192.0.2.1', '198.51.100.1', '2001:db8:77::1']) {
      const res = await t.app.inject({ method: 'POST', url: `/Alerts/${id}/reports`, remoteAddress, payload: {} });
      expect(res.statusCode, res.body).toBe(201);
    }
    const read = expectProblem(await t.app.inject({ method: 'GET', url: `/Alerts/${id}` }), 404);
    const before = await count();
    const replay = await post(valid, { 'idempotency-key': key });
    expect(expectProblem(replay, 404)).toEqual(read);
    expect(replay.headers.location).toBeUndefined();
    expect(replay.body).not.toContain(valid.comments);
    expect(await count()).toBe(before);
  });

  it('stores separately under different keys, and without a key', async () => {
    const before = await count();
    await post(valid, { 'idempotency-key': crypto.randomUUID() });
    await post(valid, { 'idempotency-key': crypto.randomUUID() });
    await post(valid);
    await post(valid);
    expect(await count()).toBe(before + 4);
  });

  it.each([['empty', ''], ['too long', 'k'.repeat(201)], ['with spaces', 'a b'], ['non-ASCII', 'zażółć']])(
    'refuses a key that is %s with 400',
    async (_name, key) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/Alerts',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify(valid),
      });
      expect(expectProblem(res, 400).errors).toHaveProperty(['idempotency-key']);
    },
  );
});

describe('Idempotency-Key, within its network', () => {
  /** A POST from a client at `remoteAddress` (IPv4 networks are /24s, IPv6 ones /48s). */
  const postFrom = (remoteAddress: string, payload: object, key: string) =>
    t.app.inject({ method: 'POST', url: '/Alerts', remoteAddress, headers: { 'idempotency-key': key }, payload });
  // A lynx: a sensitive species, published only by its ~1 km cell; the exact point is what must not leak.
  const lynx = { latitude: 50.012345, longitude: 19.912345, animal: 'lynx', comments: 'ryś' };

  it('from another network, makes a new alert for the same key with another body, telling nothing of the first (no 422)', async () => {
    const key = crypto.randomUUID();
    const first = await postFrom('192.0.2.30', lynx, key);
    expect(first.statusCode).toBe(201);
    const before = await count();
    // A stranger who learnt the key probes for the exact point: an alert of its own, not a "no, that is not it".
    const probe = await postFrom('198.51.100.30', { ...lynx, latitude: 50.0124 }, key);
    expect(probe.statusCode, probe.body).toBe(201);
    expect(probe.headers['idempotent-replayed']).toBeUndefined();
    expect(probe.json().data.id).not.toBe(first.json().data.id);
    expect(probe.body).not.toContain('50.012345');
    expect(await count()).toBe(before + 1);
    // Its second probe is a retry of its own first one: the same answer whatever the first client sent.
    expect((await postFrom('198.51.100.31', { ...lynx, latitude: 50.0124 }, key)).json().data.id).toBe(probe.json().data.id);
  });

  it('from its own network, still refuses the same key with another body (422)', async () => {
    const key = crypto.randomUUID();
    expect((await postFrom('192.0.2.40', valid, key)).statusCode).toBe(201);
    const before = await count();
    // Another address of the same /24: the same household or carrier.
    const refused = expectProblem(await postFrom('192.0.2.41', { ...valid, animal: 'fox' }, key), 422);
    expect(refused.type).toBe('/problems/idempotency-key-reused');
    expect(await count()).toBe(before);
  });

  it('from another network, answers the very same request as a retry (a phone that moved from Wi-Fi to mobile data), even several at once', async () => {
    const key = crypto.randomUUID();
    const before = await count();
    const answers = await Promise.all(['192.0.2.50', '198.51.100.50', '2001:db8:50::1', '203.0.113.50'].map((address) => postFrom(address, valid, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await count()).toBe(before + 1);
  });
});

describe('GET /Alerts/{id}', () => {
  it('answers a 404 problem for an unknown or malformed id, 400 for a broken URL', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/Alerts/00000000-0000-4000-8000-000000000000' }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: '/Alerts/not-a-uuid' }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: '/Alerts/%E0%A4%A' }), 400);
  });
});

describe('methods and paths', () => {
  it.each([
    ['PUT', '/Alerts', 'GET, HEAD, POST'],
    ['DELETE', '/Alerts', 'GET, HEAD, POST'],
    ['PATCH', '/Alerts/00000000-0000-4000-8000-000000000000', 'GET, HEAD, DELETE'],
    ['GET', '/Alerts/00000000-0000-4000-8000-000000000000/reports', 'POST'],
    ['DELETE', '/moderation/reports', 'GET, HEAD'],
    ['POST', '/Animals', 'GET, HEAD'],
    ['POST', '/health', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'PUT', url, payload: '{}', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 405);
    expect(res.headers.allow).toBe(allow);
  });

  it('answers an unknown path with a 404 problem', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/nope' }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: '/%' }), 400);
  });
});

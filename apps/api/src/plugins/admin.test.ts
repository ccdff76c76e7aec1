/** The moderator's credential where it is optional: other Authorization schemes are none of ours. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';

const TOKEN = 'moderator-secret-0123456789';
/** What a browser sends to a staging site behind HTTP Basic authentication. */
const BASIC = { authorization: `Basic ${Buffer.from('staging:password').toString('base64')}` };

describe.each([
  ['with ADMIN_TOKEN', { ADMIN_TOKEN: TOKEN }],
  ['without ADMIN_TOKEN', {}],
])('GET /Alerts/{id} %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.dispose());

  it('answers the public view to a request carrying another scheme (Basic, Digest)', async () => {
    const a = await postAlert(t.app, { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'za płotem' });
    for (const authorization of [BASIC.authorization, 'Digest username="staging", realm="x"', 'Negotiate abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/Alerts/${a.id}`, headers: { authorization } });
      expect(res.statusCode, `${authorization}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual(a);
      expect(res.headers['cache-control']).not.toBe('private, no-store');
    }
  });

  it('still refuses a moderator route to another scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/moderation/reports', headers: BASIC });
    expect(res.statusCode).toBe('ADMIN_TOKEN' in env ? 401 : 403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

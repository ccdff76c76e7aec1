/** What the documented schemas refuse, the server refuses: empty query values and JSON `null` bodies, on every operation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@wildalert/shared';
import { createTestApp, postAlert, type TestApp, staffToken } from '../../test/helpers.ts';
import type { OpenApiDocument } from '../../test/contract.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: { type?: string };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}

let t: TestApp;
let operations: Array<{ method: string; path: string; operation: Operation }>;
beforeAll(async () => {
  // With a moderator token: the moderation paths exist only then.
  t = await createTestApp({});
  TOKEN = await staffToken(t.app, 'admin');
  const doc = (await t.app.inject('/openapi.json')).json<OpenApiDocument>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as Operation })),
  );
});
afterAll(() => t.dispose());

/** The path with its parameters filled in: an existing alert's id, a tile's numbers, the OGC API's one collection. */
const concrete = (path: string, id: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (['z', 'x', 'y'].includes(name) ? '3' : name === 'collectionId' ? 'alerts' : id));

/** A valid value for each required query parameter (they are the place). */
const REQUIRED_VALUES: Record<string, string> = { latitude: '50.05', longitude: '19.94' };

describe('an empty query value', () => {
  it('is refused with 400 naming the parameter, on every operation, as its schema refuses it', async () => {
    const alert = await postAlert(t.app, { latitude: 50.05, longitude: 19.94, animal: 'fox' });
    const checked: string[] = [];
    for (const { method, path, operation } of operations.filter((o) => o.method === 'GET')) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const base = query.filter((p) => p.required).map((p) => `${p.name}=${REQUIRED_VALUES[p.name]}`);
      for (const { name } of query) {
        for (const empty of [`${name}=`, name]) {
          const url = `${concrete(path, alert.id)}?${[...base.filter((b) => !b.startsWith(`${name}=`)), empty].join('&')}`;
          // The live stream would stay open once accepted: its HEAD takes the same query.
          const res = await t.app.inject({ method: path === '/Alerts/stream' ? 'HEAD' : method as 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          if (path !== '/Alerts/stream') expect(Object.keys(res.json<Problem>().errors ?? {}), url).toContain(name);
          checked.push(url);
        }
      }
    }
    // Radius and limit of the search, lang of the feed, the tiles' filters, the moderator's limit…
    expect(checked.length).toBeGreaterThan(40);
  });

  it('is refused in a list too', async () => {
    const res = await t.app.inject('/Alerts?Latitude=50&Longitude=19.9&animal=fox&animal=');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<Problem>().errors ?? {})).toEqual(['animal']);
  });
});

describe('a JSON null body', () => {
  it('is refused with 400 on every operation that takes a body or none, and changes nothing', async () => {
    const alert = await postAlert(t.app, { latitude: 50.06, longitude: 19.95, animal: 'boar' });
    const wrong: string[] = [];
    for (const { method, path, operation } of operations.filter((o) => o.method !== 'GET')) {
      const url = concrete(path, alert.id);
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        payload: 'null',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      });
      const name = `${method} ${path}`;
      if (res.statusCode !== 400 || !String(res.headers['content-type']).startsWith('application/problem+json')) {
        wrong.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      // A photo is not JSON: its content type is refused first. Any other answer names the body, or
      // a query parameter the operation requires (the one-click unsubscribe's token), checked first.
      const json = operation.requestBody === undefined || 'application/json' in operation.requestBody.content;
      const named = ['body', ...(operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name)];
      if (json && !Object.keys(res.json<Problem>().errors ?? {}).some((field) => named.includes(field))) wrong.push(`${name}: ${res.body}`);
    }
    expect(wrong).toEqual([]);
    // DELETE /Alerts/{id} did not hide it, nor did the reports.
    expect((await t.app.inject(`/Alerts/${alert.id}`)).statusCode).toBe(200);
    const reported = await t.app.inject({ url: '/moderation/reports', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reported.json<{ data: Array<{ id: string }> }>().data.map((a) => a.id)).not.toContain(alert.id);
  });

  it('leaves a path no route has to its 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/nope', payload: 'null', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(404);
  });

  it('is not the same as no body: a bare report, with no content type, still counts', async () => {
    const alert = await postAlert(t.app, { latitude: 50.07, longitude: 19.96, animal: 'boar' });
    const res = await t.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/reports` });
    expect(res.statusCode, res.body).toBe(201);
  });
});

/** Every documented path answers a method it does not have with 405 and `Allow`, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { rawRequest } from '../../test/raw-http.ts';
import type { OpenApiDocument } from '../../test/contract.ts';

/** The methods of OpenAPI's path item (3.1's eight, 3.2's QUERY) that Node and Fastify route. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'] as const;

interface PathParameter {
  in: string;
  name: string;
  schema: { type?: string; minimum?: number };
}

let t: TestApp;
let port: number;
let doc: OpenApiDocument;
beforeAll(async () => {
  // With a moderator token: the moderation paths exist only then.
  t = await createTestApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  doc = (await t.app.inject('/openapi.json')).json();
});
afterAll(() => t.dispose());

/** A documented path with a valid value in each of its parameters: `/Alerts/{id}` → `/Alerts/1b9d…`. */
function concrete(path: string, parameters: PathParameter[]): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const { schema } = parameters.find((p) => p.in === 'path' && p.name === name)!;
    // Identifiers are UUIDs; the tiles' z/x/y are numbers.
    return schema.type === 'integer' ? String(Math.max(schema.minimum ?? 0, 3)) : '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
  });
}

describe('methods a documented path does not have', () => {
  it('are answered 405 problem+json with Allow naming the documented ones (HEAD with GET); OPTIONS is CORS’s', async () => {
    const paths = Object.entries(doc.paths) as unknown as Array<[string, Record<string, { parameters?: PathParameter[] }>]>;
    expect(paths.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const [path, operations] of paths) {
      const documented = Object.keys(operations).map((m) => m.toUpperCase());
      if (documented.includes('GET') && !documented.includes('HEAD')) documented.push('HEAD');
      const parameters = Object.values(operations).flatMap((op) => op.parameters ?? []);
      const url = concrete(path, parameters);
      for (const method of METHODS) {
        // A documented GET may be a live stream that never ends: its HEAD stands for it.
        if (documented.includes(method) && method !== 'HEAD') continue;
        const res = await rawRequest(port, { method, path: url });
        const name = `${method} ${url}`;
        if (method === 'HEAD' && documented.includes('HEAD')) {
          if (res.status === 405) wrong.push(`${name}: 405 though GET is documented`);
        } else if (method === 'OPTIONS') {
          if (res.status !== 204) wrong.push(`${name}: ${res.status}, not CORS's 204`);
        } else if (res.status !== 405) {
          wrong.push(`${name}: ${res.status}, not 405`);
        } else {
          const allow = (res.headers.allow ?? '').split(/\s*,\s*/).sort();
          if (allow.join() !== [...documented].sort().join()) wrong.push(`${name}: Allow "${res.headers.allow}", documented ${documented.join(', ')}`);
          if (!/^application\/problem\+json/.test(res.headers['content-type'] ?? '')) wrong.push(`${name}: ${res.headers['content-type']}`);
          else if (method !== 'HEAD' && (JSON.parse(res.body) as { status?: number }).status !== 405) wrong.push(`${name}: ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

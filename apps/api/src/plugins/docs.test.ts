/** The OpenAPI document at /openapi.json is valid JSON Schema 2020-12 and says what the server does. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { OpenApiDocument } from '../../test/contract.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

let t: TestApp;
let doc: OpenApiDocument & { servers: unknown[]; components: { schemas: Record<string, unknown> } };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject('/openapi.json')).json();
});
afterAll(() => t.dispose());

/** JSON pointers (without '#') to every schema in the document. */
function schemaPointers(node: unknown, at: string[] = []): string[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const here = [...at, key.replaceAll('~', '~0').replaceAll('/', '~1')];
    const isSchema = key === 'schema' || (at.length === 2 && at[0] === 'components' && at[1] === 'schemas');
    return isSchema ? [`/${here.join('/')}`] : schemaPointers(value, here);
  });
}

type Responses = Record<string, { $ref?: string; content?: Record<string, unknown> }>;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, ...(op as { responses: Responses; security?: unknown }) })),
  );

describe('/openapi.json', () => {
  it('is OpenAPI 3.1, served from where the document is', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('compiles, every schema in it, as JSON Schema 2020-12 (Ajv, strict mode)', () => {
    const ajv = new Ajv2020({ strict: true });
    addFormats(ajv);
    // The document's own fields, so that strict mode accepts the document as the root of its $refs.
    ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components', 'tags', 'security', 'webhooks', 'externalDocs']);
    ajv.addSchema(doc as object, 'openapi.json');
    const pointers = schemaPointers(doc);
    expect(pointers.length).toBeGreaterThan(50);
    for (const pointer of pointers) expect(() => ajv.getSchema(`openapi.json#${pointer}`), pointer).not.toThrow();
  });

  it('declares every error as application/problem+json, and what any request may get on every operation', () => {
    for (const { name, responses } of operations()) {
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const resolved = response.$ref ? doc.components.responses![response.$ref.split('/').pop()!]! : response;
        expect(Object.keys(resolved.content ?? {}), `${name} ${status}`).toContain('application/problem+json');
        // Only /health answers an error (503) with a body of its own, besides a problem when restarting.
        if (name !== 'GET /health') expect(Object.keys(resolved.content ?? {}), `${name} ${status}`).toEqual(['application/problem+json']);
      }
      expect(Object.keys(responses), name).toEqual(expect.arrayContaining(['405', '408', '429', '431', '500', '503']));
    }
  });

  it('leaves out of `required` the query parameters that have a default', () => {
    for (const { name, parameters = [] } of operations() as Array<{ name: string; parameters?: Array<{ name: string; required?: boolean; schema: { default?: unknown } }> }>) {
      for (const p of parameters) {
        if (p.schema.default !== undefined) expect(p.required ?? false, `${name} ${p.name}`).toBe(false);
      }
    }
    const search = doc.paths['/Alerts']!.get as unknown as { parameters: Array<{ name: string; required?: boolean }> };
    expect(search.parameters.filter((p) => p.required).map((p) => p.name)).toEqual(['latitude', 'longitude']);
  });

  it('names who may call each operation: anyone (`security: []`) or staff (signed in, or by API token)', () => {
    for (const { name, security } of operations()) expect(security, name).toBeDefined();
    expect(doc.paths['/Alerts']!.get).toMatchObject({ security: [] });
    expect(doc.paths['/moderation/reports']!.get).toMatchObject({ security: [{ staffSession: [] }, { staffToken: [] }] });
  });

  it('documents the live stream as text/event-stream', () => {
    const stream = doc.paths['/Alerts/stream']!.get!;
    expect(Object.keys(stream.responses['200']!.content!)).toEqual(['text/event-stream']);
  });
});

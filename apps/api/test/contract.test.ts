/** The contract check itself (contract.ts) fails on answers that disagree with the document. */
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, ContractError, holdToContract, type Answer, type OpenApiDocument } from './contract.ts';
import { createTestApp, postAlert, type TestApp } from './helpers.ts';

let t: TestApp;
let contract: Contract;
let search: Answer;
beforeAll(async () => {
  t = await createTestApp();
  contract = new Contract((await t.app.inject('/openapi.json')).json<OpenApiDocument>());
  await postAlert(t.app, { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'Przy Wiśle' });
  const url = '/Alerts?latitude=50.06&longitude=19.94';
  const res = await t.app.inject(url);
  search = { method: 'GET', url, status: res.statusCode, contentType: res.headers['content-type'] as string, body: res.body };
});
afterAll(() => t.dispose());

/** The search answer with its one alert changed. */
const withAlert = (change: (alert: Record<string, unknown>) => void): Answer => {
  const body = JSON.parse(search.body) as { data: Array<Record<string, unknown>> };
  change(body.data[0]!);
  return { ...search, body: JSON.stringify(body) };
};

describe('the contract check', () => {
  it('accepts what the server answered', () => {
    expect(contract.check(search)).toEqual([]);
  });

  it('finds a wrong field, a missing one and an extra one in a body the database wrote', () => {
    expect(contract.check(withAlert((a) => (a.latitude = String(a.latitude)))).join('\n')).toMatch(/latitude must be number/);
    expect(contract.check(withAlert((a) => delete a.createdAt)).join('\n')).toMatch(/must have required property 'createdAt'/);
    expect(contract.check(withAlert((a) => (a.created_at = a.createdAt))).join('\n')).toMatch(/must NOT have additional properties/);
    expect(contract.check({ ...search, body: '{"data": [' }).join('\n')).toMatch(/not JSON/);
  });

  it('finds an undeclared status, an undeclared media type and an error that is not a problem', () => {
    expect(contract.check({ ...search, status: 201 })).toEqual([expect.stringMatching(/201 is not declared for GET \/Alerts/)]);
    expect(contract.check({ ...search, contentType: 'text/plain' })).toEqual([expect.stringMatching(/came as text\/plain/)]);
    const notFound = { method: 'GET', url: '/Alerts/x', status: 404, body: '{"error": "Not Found"}' };
    expect(contract.check({ ...notFound, contentType: 'application/json' })).toEqual([expect.stringMatching(/declared: application\/problem\+json/)]);
    expect(contract.check({ ...notFound, contentType: 'application/problem+json' }).join('\n')).toMatch(/must have required property/);
    // A method the path does not have may only be refused.
    expect(contract.check({ ...notFound, method: 'PUT', url: '/Animals', status: 200, contentType: 'application/json' })).toEqual([
      expect.stringMatching(/no PUT \/Animals/),
    ]);
  });

  it('makes app.inject reject an answer that disagrees with the document', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'lying', version: '0' } } });
    app.get('/count', { schema: { response: { 200: Type.Object({ n: Type.Number() }) } } }, (_request, reply) =>
      reply.type('application/json').send('{"n": "one"}' as never),
    );
    await app.ready();
    holdToContract(app);
    try {
      await expect(app.inject('/count')).rejects.toThrow(ContractError);
      await expect(app.inject('/count')).rejects.toThrow(/GET \/count → 200 disagrees with the OpenAPI document:\n.*n must be number/);
    } finally {
      await app.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@wildalert/shared';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { attemptOutcome, endpointBody, endpointErrorsFromProblem, endpointState } from './webhook-words.ts';

beforeAll(async () => {
  await loadMessages('staff');
  await loadMessages('webhooks');
  await activate('en');
});
afterAll(() => activate('pl'));

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'msg_1',
  type: 'alert.routed',
  status: 'pending',
  attempts: 0,
  lastStatusCode: null,
  lastError: null,
  lastAttemptAt: null,
  nextAttemptAt: null,
  createdAt: '2026-11-28T06:00:00Z',
  deliveredAt: null,
  failedAt: null,
  ...over,
});

describe("an endpoint's state", () => {
  it('is disabled after a 410, whatever its log says', () => {
    expect(endpointState({ enabled: false }, delivery({ status: 'delivered', attempts: 1, lastStatusCode: 204 }))).toBe('disabled');
  });
  it('is failing when its latest message was given up or waits for a retry', () => {
    expect(endpointState({ enabled: true }, delivery({ status: 'failed', attempts: 8, lastStatusCode: 500 }))).toBe('failing');
    expect(endpointState({ enabled: true }, delivery({ status: 'pending', attempts: 1, lastError: 'no answer within 10000 ms' }))).toBe('failing');
  });
  it('is working after a 2xx, and unused with nothing tried yet', () => {
    expect(endpointState({ enabled: true }, delivery({ status: 'delivered', attempts: 1, lastStatusCode: 204 }))).toBe('working');
    expect(endpointState({ enabled: true }, delivery({}))).toBe('unused');
    expect(endpointState({ enabled: true }, undefined)).toBe('unused');
  });
});

describe("an attempt's outcome", () => {
  it('is the HTTP status, else the error, else that nothing was tried', () => {
    expect(attemptOutcome(delivery({ attempts: 1, lastStatusCode: 500 }))).toBe('HTTP 500');
    expect(attemptOutcome(delivery({ attempts: 1, lastError: 'connect ECONNREFUSED' }))).toBe('connect ECONNREFUSED');
    expect(attemptOutcome(delivery({}))).toBe('not tried yet');
  });
});

describe('the add form', () => {
  it('asks for an address, trims, and leaves an empty description out', () => {
    expect(endpointBody({ url: '  ', description: '' })).toEqual({ errors: { url: 'This field is required.' } });
    expect(endpointBody({ url: ' https://hooks.example.org/x ', description: ' ' })).toEqual({ body: { url: 'https://hooks.example.org/x' } });
    expect(endpointBody({ url: 'https://h.example/x', description: 'Dispatch' })).toEqual({ body: { url: 'https://h.example/x', description: 'Dispatch' } });
  });
  it("puts the server's field errors at their fields, in words", () => {
    expect(endpointErrorsFromProblem({ url: [{ code: 'not_public_address', message: 'x' }] })).toEqual({ url: 'This address leads into a private or local network. Give a public address.' });
    expect(endpointErrorsFromProblem({ url: [{ code: 'not_https', message: 'x' }], description: [{ code: 'too_long', limit: 200, message: 'x' }] })).toEqual({
      url: 'Give an address starting with https://.',
      description: 'At most 200 characters.',
    });
    expect(endpointErrorsFromProblem({ secret: [{ code: 'unknown_field', message: 'x' }] })).toEqual({ form: 'Check this value.' });
  });
});

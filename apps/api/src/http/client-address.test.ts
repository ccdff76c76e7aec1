import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { prefixOf } from './client-address.ts';

describe('prefixOf', () => {
  it.each([
    ['192.0.2.77', '192.0.2.77', '192.0.2.0/24'],
    ['::ffff:192.0.2.77', '192.0.2.77', '192.0.2.0/24'],
    ['2001:DB8:0:1:1:1:1:1', '2001:db8:0:1::/64', '2001:db8::/48'],
    ['2001:db8:aa:bb:cc::1', '2001:db8:aa:bb::/64', '2001:db8:aa::/48'],
  ])('cuts %s to its client (%s) and its network (%s)', (ip, client, network) => {
    expect(prefixOf(ip, 32, 64)).toBe(client);
    expect(prefixOf(ip, 24, 48)).toBe(network);
  });

  it('drops an IPv6 zone, so no key is longer than an address', () => {
    expect(prefixOf(`fe80::1%${'a'.repeat(8000)}`, 32, 64)).toBe('fe80::/64');
  });
});

/**
 * Which client the server counts a request as, seen from outside: the read limit's
 * X-RateLimit-Remaining tells how many requests that client has made so far.
 */
const READS = 100_000;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.dispose();
});

async function behind(trustProxy: string) {
  const t = await createTestApp({ TRUST_PROXY: trustProxy, RATE_LIMIT_READS_PER_MINUTE: String(READS) });
  apps.push(t);
  /** How many requests the client this one counts as has made, this one included. */
  return async (remoteAddress: string, forwardedFor?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/Animals',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    expect(res.statusCode).toBe(200);
    return READS - Number(res.headers['x-ratelimit-remaining']);
  };
}

describe('TRUST_PROXY', () => {
  it('with a hop count, counts the address that many hops from the right', async () => {
    const seen = await behind('2');
    // Peer 10.0.0.1 (the second proxy), which got it from 10.0.0.2 (the first), which got it from 1.1.1.1.
    expect(await seen('10.0.0.1', '6.6.6.6, 1.1.1.1, 10.0.0.2')).toBe(1);
    expect(await seen('1.1.1.1')).toBe(2);
    expect(await seen('6.6.6.6')).toBe(1);
    expect(await seen('10.0.0.2')).toBe(1);
    expect(await seen('10.0.0.1')).toBe(1);
  });

  it.each(['1', 'true'])('=%s counts the rightmost forwarded address, never the leftmost', async (value) => {
    const seen = await behind(value);
    expect(await seen('127.0.0.1', '6.6.6.6, 1.1.1.1')).toBe(1);
    expect(await seen('127.0.0.1', '7.7.7.7, 1.1.1.1')).toBe(2);
    expect(await seen('1.1.1.1')).toBe(3);
    expect(await seen('6.6.6.6')).toBe(1);
    // A header sent more than once counts as one list.
    const t = apps.at(-1)!;
    const res = await t.app.inject({
      method: 'GET',
      url: '/Animals',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': ['8.8.8.8', '1.1.1.1'] },
    });
    expect(READS - Number(res.headers['x-ratelimit-remaining'])).toBe(4);
  });

  it('with a list of proxies, counts the first address from the right that is not one of them', async () => {
    const seen = await behind('10.0.0.0/8');
    expect(await seen('10.0.0.5', '6.6.6.6, 1.1.1.1, 10.0.0.7')).toBe(1);
    expect(await seen('1.1.1.1')).toBe(2);
    // A client that reaches the server directly is counted as itself, whatever it forwards.
    expect(await seen('192.0.2.20', '1.1.1.1')).toBe(1);
  });

  it('ignores a forwarded value that is not an IP address: the peer counts, however many are sent', async () => {
    const seen = await behind('1');
    const junk = ['foo', `${'x'.repeat(8000)}`, `unknown-${'y'.repeat(8000)}`, '1.2.3.4.5', '::g'];
    let n = 0;
    for (const value of junk) {
      n += 1;
      expect(await seen('192.0.2.50', value)).toBe(n);
    }
    // Thousands of different long values still make one client (one counter) each: the peer.
    for (let i = 0; i < 500; i++) await seen('192.0.2.50', `${i}-${'z'.repeat(8000)}`);
    expect(await seen('192.0.2.50')).toBe(n + 501);
    // An IPv6 address with a zone counts by its /64, zone dropped.
    expect(await seen('192.0.2.50', `2001:db8:1:2::5%${'q'.repeat(8000)}`)).toBe(1);
    expect(await seen('2001:db8:1:2::99')).toBe(2);
  });
});

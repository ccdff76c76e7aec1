import { describe, expect, it } from 'vitest';
import { canonicalAddress, isPublicAddress, judgeEndpoint, parsePushServices, publicAddressesOf, publicOnlyLookup, type PushServicePolicy } from './push-services.ts';

const policy = (raw: string): PushServicePolicy => {
  const parsed = parsePushServices(raw);
  if (!parsed) throw new Error(`not a policy: ${raw}`);
  return parsed;
};

/** Loopback, as an attacker would spell it in an endpoint. */
const LOOPBACK_SPELLINGS = [
  'https://127.0.0.1/push/1',
  'https://127.0.0.1:8443/push/1',
  'https://127.1/push/1',
  'https://0x7f.0.0.1/push/1',
  'https://0177.0.0.1/push/1',
  'https://2130706433/push/1',
  'https://0x7f000001/push/1',
  'https://[::1]/push/1',
  'https://[0:0:0:0:0:0:0:1]:443/push/1',
  'https://[::ffff:127.0.0.1]/push/1',
  'https://[::ffff:7f00:1]/push/1',
  'https://localhost/push/1',
  'https://LOCALHOST./push/1',
  'https://push.localhost:8443/push/1',
  'https://0.0.0.0/push/1',
  'https://[::]/push/1',
];

const INTERNAL = [
  'https://10.0.0.5/x',
  'https://172.16.0.1/x',
  'https://192.168.1.1/x',
  'https://169.254.169.254/latest/meta-data',
  'https://[fd00::1]/x',
  'https://[fe80::1]/x',
  'https://100.64.0.1/x',
  'https://224.0.0.1/x',
  'https://255.255.255.255/x',
  'https://[64:ff9b::7f00:1]/x',
  'https://[2002:7f00:1::]/x',
  'https://[::a9fe:a9fe]/x',
  'https://[::127.0.0.1]/x',
];

describe('push services', () => {
  it('allows the browsers’ push services by default and nothing else', () => {
    const browsers = policy('browsers');
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGk',
    ]) {
      expect(judgeEndpoint(endpoint, browsers), endpoint).toMatchObject({ allowed: true, trusted: false, known: true });
    }
    for (const endpoint of ['https://push.example.org/x', 'https://fcm.googleapis.com:8443/x', 'https://evilfcm.googleapis.com.example/x', 'https://notify.windows.com/x']) {
      expect(judgeEndpoint(endpoint, browsers), endpoint).toEqual({ allowed: false, reason: 'not-a-push-service' });
    }
    expect(judgeEndpoint('http://fcm.googleapis.com/x', browsers)).toEqual({ allowed: false, reason: 'not-https' });
  });

  it.each(LOOPBACK_SPELLINGS)('refuses loopback spelt %s, even where any public host is allowed', (endpoint) => {
    expect(judgeEndpoint(endpoint, policy('browsers'))).toMatchObject({ allowed: false });
    const verdict = judgeEndpoint(endpoint, policy('*'));
    // A name (localhost) is refused outright; an address is refused as not public.
    expect(verdict).toMatchObject({ allowed: false, reason: 'not-public' });
  });

  it.each(INTERNAL)('refuses the internal address %s', (endpoint) => {
    expect(judgeEndpoint(endpoint, policy('*'))).toEqual({ allowed: false, reason: 'not-public' });
  });

  it('trusts a host the operator named exactly, with its port, and only that', () => {
    const own = policy('browsers, 127.0.0.1:8443 push.internal');
    expect(judgeEndpoint('https://127.0.0.1:8443/push/1', own)).toEqual({ allowed: true, trusted: true, host: '127.0.0.1:8443' });
    expect(judgeEndpoint('https://push.internal/x', own)).toEqual({ allowed: true, trusted: true, host: 'push.internal' });
    expect(judgeEndpoint('https://127.0.0.1:8444/push/1', own)).toMatchObject({ allowed: false });
    expect(judgeEndpoint('https://push.internal:8443/x', own)).toMatchObject({ allowed: false });
    expect(judgeEndpoint('https://user:pw@push.internal/x', own)).toMatchObject({ allowed: false });
  });

  it('allows subdomains of a *.domain entry, to be checked for public addresses', () => {
    const own = policy('*.push.example.org');
    expect(judgeEndpoint('https://eu.push.example.org/x', own)).toEqual({ allowed: true, trusted: false, host: 'eu.push.example.org', known: false });
    expect(judgeEndpoint('https://push.example.org/x', own)).toMatchObject({ allowed: false });
    expect(judgeEndpoint('https://eu.push.example.org.evil.test/x', own)).toMatchObject({ allowed: false });
  });

  it('refuses a configuration it cannot read', () => {
    expect(parsePushServices('')).toBeUndefined();
    expect(parsePushServices('https://push.example.org')).toBeUndefined();
    expect(parsePushServices('push.example.org/path')).toBeUndefined();
    expect(parsePushServices('*.')).toBeUndefined();
    expect(parsePushServices('browsers push.example.org:8443 *.push.example.net *')).toBeDefined();
  });

  it('tells public addresses from every other kind', () => {
    for (const address of ['8.8.8.8', '142.250.74.42', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '169.254.169.254', 'fd12::1', '::ffff:10.0.0.1', '0.0.0.0', '::', '::7f00:1', '::a9fe:a9fe', '::8.8.8.8', 'not an address']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('writes an address one way, however it was spelt', () => {
    expect(['8.8.8.8', '::ffff:8.8.8.8', '::ffff:808:808'].map(canonicalAddress)).toEqual(['8.8.8.8', '8.8.8.8', '8.8.8.8']);
    expect(canonicalAddress('2a00:1450:4001:082b:0000:0000:0000:200a')).toBe('2a00:1450:4001:82b::200a');
  });

  it('refuses at connection time a name that resolves to loopback', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(error?.code).toBe('ENOTPUBLIC');
    expect(await publicAddressesOf('localhost', 2000)).toBeUndefined();
  });
});

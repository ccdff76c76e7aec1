/**
 * Which push services the server may send to (PUSH_SERVICES), and that it never reaches an
 * address of its own network through one. A push subscription names an https URL the server
 * will POST to whenever an alert lands in its area: left open, anyone could aim those POSTs at
 * loopback, a private network or a cloud's metadata address (server-side request forgery), or
 * at someone else's server. So an endpoint must belong to an allowed push service, and unless
 * the operator named that host exactly, every address it resolves to must be public: checked
 * when subscribing and again on every connection (after DNS, every answer). Redirects are never
 * followed (the sender treats a 3xx as a refusal).
 *
 * Loaded by the push sender's worker thread too: plain, erasable TypeScript only.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The push services of the browsers that can subscribe (2026): Chrome, Opera, Samsung Internet
 * and other Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Edge
 * (Windows Push Notification Services), Safari on macOS and iOS (Apple).
 */
const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

export interface PushServicePolicy {
  /** Hosts (`host` or `host:port`, lower case) the operator named exactly: trusted, whatever they resolve to. */
  exact: ReadonlySet<string>;
  /** Domains whose subdomains are allowed (`*.example.org` → `.example.org`). */
  suffixes: readonly string[];
  /** Hosts of the browsers' services, allowed on port 443. */
  browsers: boolean;
  /** Any host with only public addresses (`*`). */
  anyPublic: boolean;
}

/** How an endpoint may be reached, or why not. */
export type EndpointVerdict =
  /** Named exactly by the operator: connect whatever it resolves to. */
  | { allowed: true; trusted: true; host: string }
  /** Allowed by a pattern: every address it resolves to must be public. `known` when a browser's service. */
  | { allowed: true; trusted: false; host: string; known: boolean }
  | { allowed: false; reason: 'not-https' | 'not-a-push-service' | 'not-public' };

/**
 * Reads PUSH_SERVICES: entries separated by commas or spaces, each `browsers` (the list above),
 * `*` (any public host), `*.domain` or an exact `host[:port]` (an IP address too). Undefined when
 * an entry is none of these.
 */
export function parsePushServices(raw: string): PushServicePolicy | undefined {
  const entries = raw.toLowerCase().split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return undefined;
  const exact = new Set<string>();
  const suffixes: string[] = [];
  let browsers = false;
  let anyPublic = false;
  const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
  for (const entry of entries) {
    if (entry === 'browsers') browsers = true;
    else if (entry === '*') anyPublic = true;
    else if (entry.startsWith('*.') && hostname.test(entry.slice(2))) suffixes.push(entry.slice(1));
    else {
      const url = parseUrl(`https://${entry}`);
      if (!url || url.username || url.password || url.href !== `https://${url.host}/`) return undefined;
      const host = hostOf(url);
      if (!hostname.test(host.name) && net.isIP(host.name) === 0) return undefined;
      exact.add(host.key);
    }
  }
  return { exact, suffixes, browsers, anyPublic };
}

/**
 * A URL's host as compared: `name` without IPv6 brackets or a final dot, and `key`, the name
 * with its port when not 443. The WHATWG parser has already lower-cased names and made
 * 0x7f.1, 2130706433 or 127.1 into 127.0.0.1.
 */
function hostOf(url: URL): { name: string; key: string } {
  const hostname = url.hostname.replace(/\.$/, '');
  const name = hostname.replace(/^\[(.*)\]$/, '$1');
  return { name, key: url.port ? `${hostname}:${url.port}` : name };
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const matchesSuffix = (name: string, suffix: string) => name.endsWith(suffix) && name.length > suffix.length;

/** Whether `endpoint` belongs to an allowed push service, and whether its addresses must be checked. */
export function judgeEndpoint(endpoint: string, policy: PushServicePolicy): EndpointVerdict {
  const url = parseUrl(endpoint);
  if (!url) return { allowed: false, reason: 'not-a-push-service' };
  if (url.protocol !== 'https:') return { allowed: false, reason: 'not-https' };
  if (url.username || url.password) return { allowed: false, reason: 'not-a-push-service' };
  const { name, key } = hostOf(url);
  if (policy.exact.has(key)) return { allowed: true, trusted: true, host: key };
  if (net.isIP(name) !== 0) {
    // An address itself: only where any public host is allowed, and only a public one.
    if (!policy.anyPublic) return { allowed: false, reason: 'not-a-push-service' };
    return isPublicAddress(name) ? { allowed: true, trusted: false, host: key, known: false } : { allowed: false, reason: 'not-public' };
  }
  const known =
    url.port === '' &&
    BROWSER_PUSH_SERVICES.some((pattern) => (pattern.startsWith('*.') ? matchesSuffix(name, pattern.slice(1)) : name === pattern));
  if (policy.browsers && known) return { allowed: true, trusted: false, host: key, known: true };
  if (policy.anyPublic || policy.suffixes.some((suffix) => matchesSuffix(name, suffix))) {
    // `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says.
    if (name === 'localhost' || name.endsWith('.localhost')) return { allowed: false, reason: 'not-public' };
    return { allowed: true, trusted: false, host: key, known };
  }
  return { allowed: false, reason: 'not-a-push-service' };
}

/**
 * An address on the public internet: not loopback, private, link-local (cloud metadata),
 * carrier-grade NAT, multicast, unspecified, reserved or documentation ranges. IPv4 written
 * inside IPv6 (mapped, NAT64, 6to4, Teredo) counts as the IPv4 address it carries or is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // A dotted quad inside IPv6 is mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d, refused
  // below); ipaddr.js would read both as mapped.
  if (address.includes(':') && address.includes('.') && !/^::ffff:/i.test(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // ::/96, the deprecated IPv4-compatible addresses (::127.0.0.1, ::a9fe:a9fe), which a tunnel may still route.
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}

/** An address as compared: IPv4 written inside IPv6 (::ffff:8.8.8.8) as the IPv4 address, IPv6 in its short form. */
export function canonicalAddress(address: string): string {
  return ipaddr.process(address).toString();
}

/** Why a connection was refused: the host resolved to an address of our own network. */
class NotPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets (an https.Agent's) that resolves as usual and refuses the host when
 * any of its addresses is not public: the check happens on the addresses the socket will use,
 * at connection time, so a name that changed its answers since subscribing (DNS rebinding) is caught.
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(new NotPublicAddressError(hostname, bad.address), '');
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
}

/**
 * The addresses `hostname` resolves to (every answer, canonical, sorted), when all of them are
 * public; undefined when one is not, or the name does not resolve within `timeoutMs`.
 */
export async function publicAddressesOf(hostname: string, timeoutMs: number): Promise<string[] | undefined> {
  const lookup = dns.promises.lookup(hostname, { all: true }).then(
    (answers) => (answers.length > 0 && answers.every((a) => isPublicAddress(a.address)) ? answers.map((a) => canonicalAddress(a.address)).sort() : undefined),
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([lookup, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

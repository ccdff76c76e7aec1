/**
 * Where webhooks may be sent. An endpoint's URL is written by an admin, but the server is the one
 * that POSTs to it, with every alert routed to the organisation: left open, it could be aimed at
 * loopback, a private network or a cloud's metadata address (server-side request forgery). So a
 * URL must be https and every address its host resolves to public, checked when it is created
 * and again on every connection (push-services.ts's `publicOnlyLookup`, after DNS, every answer).
 * Only hosts the operator names exactly in WEBHOOK_TRUSTED_HOSTS (a receiver on the city's own
 * network; the tests' on 127.0.0.1) are reached whatever they resolve to.
 */
import net from 'node:net';
import type { FieldErrorCode } from '@wildalert/shared';
import { judgeEndpoint, parsePushServices, publicAddressesOf, type PushServicePolicy } from '../push/push-services.ts';

/** How long a create request waits at most for the URL's host name to resolve. */
const RESOLVE_TIMEOUT_MS = 3_000;

/**
 * The policy for WEBHOOK_TRUSTED_HOSTS (exact `host[:port]` entries separated by commas or
 * spaces; empty for none): any public host, and those. Undefined when an entry is not an exact host.
 */
export function webhookPolicy(trustedHosts: string): PushServicePolicy | undefined {
  if (trustedHosts.trim() === '') return { exact: new Set(), suffixes: [], browsers: false, anyPublic: true };
  const parsed = parsePushServices(trustedHosts);
  if (!parsed || parsed.browsers || parsed.anyPublic || parsed.suffixes.length > 0) return undefined;
  return { ...parsed, anyPublic: true };
}

/** Why a URL may not be an endpoint: a field error's code and its message; undefined when it may. */
export async function refusalOf(url: string, policy: PushServicePolicy): Promise<{ code: FieldErrorCode; message: string } | undefined> {
  const parsed = URL.parse(url);
  if (!parsed || !/^https?:$/.test(parsed.protocol)) return { code: 'not_https', message: 'must be an absolute https URL' };
  if (parsed.username || parsed.password) return { code: 'invalid', message: 'must not hold a user name or password' };
  if (parsed.hash) return { code: 'invalid', message: 'must not have a fragment (#…)' };
  const verdict = judgeEndpoint(url, policy);
  if (!verdict.allowed) {
    return verdict.reason === 'not-https'
      ? { code: 'not_https', message: 'must be an https URL' }
      : { code: 'not_public_address', message: 'must not name a host on a private or local network' };
  }
  if (verdict.trusted) return undefined;
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(hostname) !== 0) return undefined; // judged above: public
  // Looked up now, so that an internal name is refused at once rather than failing every delivery.
  const addresses = await publicAddressesOf(hostname, RESOLVE_TIMEOUT_MS);
  return addresses ? undefined : { code: 'not_public_address', message: 'must name a host that resolves, to public addresses only' };
}

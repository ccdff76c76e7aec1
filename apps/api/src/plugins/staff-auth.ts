/**
 * Who a request comes from, when from staff: a signed-in browser (the session cookie) or a script
 * (`Authorization: Bearer wa_…`, a personal API token). `app.requireStaff(role)` guards a route:
 * 401 for nobody, 403 for a role too low, and 403 for a cookie-authenticated write without its
 * CSRF token (X-CSRF-Token). Visitors' requests carry neither and are judged as before.
 */
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { clientNetwork } from '../http/client-address.ts';
import { HttpProblem, PROBLEM_TYPES, rateLimited } from '../http/problem.ts';
import type { Ceremony, SignedIn } from '../repositories/staff-repository.ts';
import { clearCookie, readCookie, setCookie } from '../staff/cookies.ts';
import type { Staff } from '../staff/staff-member.ts';
import type { RelyingParty } from '../staff/passkeys.ts';
import { roleAllows, type StaffRole } from '@wildalert/shared';
import { API_TOKEN_PREFIX, newSecret, secretHash } from '../staff/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook letting in staff of `role` or higher only. */
    requireStaff(role: StaffRole): (request: FastifyRequest) => Promise<void>;
    /** The member of staff the request comes from, or null for a visitor; throws for a wrong API token. */
    staffOf(request: FastifyRequest): Promise<Staff | null>;
    /** Signs `who` in on this browser: a new session id (the old one, if any, ends), its cookie set; the request's staff member from now on. */
    startSession(request: FastifyRequest, reply: FastifyReply, who: SignedIn, method: 'passkey' | 'sso'): Promise<Staff>;
    /**
     * Starts a ceremony (a passkey to make or use, a single sign-on under way) for this browser:
     * kept `minutes` in the database under a new ceremony cookie's hash. Never a session.
     */
    beginCeremony(request: FastifyRequest, reply: FastifyReply, ceremony: Partial<Ceremony> & Pick<Ceremony, 'purpose' | 'challenge'>, minutes: number): Promise<void>;
    /** This browser's ceremony of `purpose`, taken once (a second answer finds none); undefined when none or expired. */
    takeCeremony(request: FastifyRequest, purpose: Ceremony['purpose']): Promise<Ceremony | undefined>;
    /** The passkeys' relying party (PUBLIC_URL's, or this request's origin). */
    relyingParty(request: FastifyRequest): RelyingParty;
    /** The site's origin, for links (PUBLIC_URL, or this request's). */
    publicOrigin(request: FastifyRequest): string;
  }
  interface FastifyRequest {
    /** Set by staffOf: undefined until asked. */
    staffMember: Staff | null | undefined;
  }
}

const REALM = 'Bearer realm="WildAlert staff"';

/**
 * Wrong API tokens a network (IPv4 /24, IPv6 /48) may send in a minute, a person's typing
 * mistakes with room to spare; then every token from there, the right one too, waits out the minute.
 */
const TOKEN_FAILURES_PER_MINUTE = 5;

/** Methods that change nothing: a cookie alone may make them (and a cross-site page learns nothing from them: CORS). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp<{ staff: Config['staff'] }>(
  async (app, { staff: config }) => {
    await app.register(cookie);
    app.decorateRequest('staffMember', undefined);
    const failures = app.createRateLimit({
      max: TOKEN_FAILURES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `staff-token-failures:${clientNetwork(request)}`,
    });

    const unauthorized = (detail: string, error?: string) =>
      new HttpProblem({ status: 401, detail, headers: { 'www-authenticate': error ? `${REALM}, error="${error}"` : REALM } });

    const byToken = async (request: FastifyRequest, header: string): Promise<Staff> => {
      const token = /^Bearer +([\x21-\x7e]+) *$/i.exec(header)?.[1];
      if (!token) throw unauthorized('Send a personal API token as "Authorization: Bearer wa_…".', 'invalid_request');
      // One token of a network at a time (in this instance): a burst cannot all be read against the
      // count before the first wrong one is counted.
      return inTurn(clientNetwork(request), () => compare(request, token));
    };

    /** Runs `task` after every earlier task of `network` (in this instance) has settled. */
    const turns = new Map<string, Promise<unknown>>();
    const inTurn = <T>(network: string, task: () => Promise<T>): Promise<T> => {
      const run = (turns.get(network) ?? Promise.resolve()).catch(() => undefined).then(task);
      const settled = run.catch(() => undefined);
      turns.set(network, settled);
      void settled.then(() => {
        if (turns.get(network) === settled) turns.delete(network);
      });
      return run;
    };

    const compare = async (request: FastifyRequest, token: string): Promise<Staff> => {
      // Checked before the token, so that while it waits a network learns nothing of its guesses.
      const seen = await failures(request, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0) {
        const seconds = Math.max(1, seen.ttlInSeconds);
        throw rateLimited(`Too many wrong API tokens from your network (at most ${TOKEN_FAILURES_PER_MINUTE} a minute). Try again in ${seconds} s.`, seconds);
      }
      const who = token.startsWith(API_TOKEN_PREFIX) ? await app.staff.token(secretHash(token)) : undefined;
      if (!who) {
        await failures(request);
        throw unauthorized(
          token.startsWith(API_TOKEN_PREFIX)
            ? 'This API token is not valid (revoked, or its account disabled).'
            : 'This is not a WildAlert API token (they begin with "wa_"). ADMIN_TOKEN no longer opens moderation: sign in as staff, or make a personal API token (docs/staff-accounts.md).',
          'invalid_token',
        );
      }
      return { ...who, via: 'token' };
    };

    const bySession = async (request: FastifyRequest): Promise<Staff | null> => {
      const id = readCookie(request, 'session');
      if (!id) return null;
      const idHash = secretHash(id);
      const row = await app.staff.session(idHash, config.sessionIdleMinutes);
      if (!row) return null;
      if (row.stale) await app.staff.sessionSeen(idHash);
      return {
        accountId: row.accountId,
        name: row.name,
        role: row.role,
        via: 'session',
        session: { idHash, csrfToken: row.csrfToken, method: row.method },
      };
    };

    app.decorate('staffOf', async (request: FastifyRequest) => {
      if (request.staffMember !== undefined) return request.staffMember;
      const header = request.headers.authorization;
      // Another scheme (a staging site's Basic auth, say) is not ours to judge.
      const member = header !== undefined && /^Bearer(\s|$)/i.test(header) ? await byToken(request, header) : await bySession(request);
      request.staffMember = member;
      return member;
    });

    app.decorate('requireStaff', (role: StaffRole) => async (request: FastifyRequest) => {
      const member = await app.staffOf(request);
      if (!member) throw unauthorized('Sign in as staff (or send a personal API token) to do this.');
      if (member.session && !SAFE_METHODS.has(request.method) && request.headers['x-csrf-token'] !== member.session.csrfToken) {
        throw new HttpProblem({
          status: 403,
          type: PROBLEM_TYPES.csrf,
          detail: 'A signed-in write needs the X-CSRF-Token header (its value comes with GET /staff/me).',
        });
      }
      if (!roleAllows(member.role, role)) throw new HttpProblem({ status: 403, detail: `This needs the ${role} role (you are ${member.role}).` });
    });

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, who: SignedIn, method: 'passkey' | 'sso') => {
      const earlier = readCookie(request, 'session');
      const id = newSecret();
      const session = { idHash: secretHash(id), csrfToken: newSecret(), method };
      await app.staff.startSession(
        { ...session, accountId: who.accountId, hours: config.sessionHours },
        earlier === undefined ? undefined : secretHash(earlier),
        { accountId: who.accountId, name: who.name },
      );
      setCookie(request, reply, 'session', id);
      clearCookie(request, reply, 'ceremony');
      const member: Staff = { ...who, via: 'session', session };
      request.staffMember = member;
      return member;
    });

    app.decorate('beginCeremony', async (request: FastifyRequest, reply: FastifyReply, ceremony: Partial<Ceremony> & Pick<Ceremony, 'purpose' | 'challenge'>, minutes: number) => {
      const id = newSecret();
      await app.staff.startCeremony(secretHash(id), { inviteId: null, accountId: null, data: {}, ...ceremony }, minutes);
      setCookie(request, reply, 'ceremony', id, minutes * 60);
      reply.header('cache-control', 'no-store');
    });
    app.decorate('takeCeremony', async (request: FastifyRequest, purpose: Ceremony['purpose']) => {
      const id = readCookie(request, 'ceremony');
      return id === undefined ? undefined : app.staff.takeCeremony(secretHash(id), purpose);
    });

    app.decorate('publicOrigin', (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`);
    app.decorate('relyingParty', (request: FastifyRequest) => {
      const origin = app.publicOrigin(request);
      return { id: new URL(origin).hostname, origin };
    });
  },
  { name: 'wildalert-staff-auth', dependencies: ['wildalert-errors', 'wildalert-rate-limit', 'wildalert-repositories'] },
);

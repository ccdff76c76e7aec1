/** The server's configuration: read from the environment once, validated, typed. */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_TILE_URL, type Licence } from '@wildalert/shared';
import type { S3StorageOptions } from './photos/photo-storage.ts';
import { STAFF_ROLES, type StaffRole } from '@wildalert/shared';
import { parsePushServices } from './push/push-services.ts';
import { webhookPolicy } from './webhooks/webhook-targets.ts';
import { ConfigError } from './lib/config-error.ts';
import { DEFAULT_AREAS_FILE } from './repositories/areas-file.ts';
import type { GeocoderOptions } from './geocoder/geocoder.ts';

/** OpenStreetMap's public Nominatim (https://operations.osmfoundation.org/policies/nominatim/). */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org';

const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  PHOTOS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  PHOTOS_S3_BUCKET: Type.Optional(Type.String({ minLength: 3 })),
  PHOTOS_S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  PHOTOS_S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  PHOTOS_S3_FORCE_PATH_STYLE: Type.Boolean({ default: true }),
  PHOTOS_S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  PHOTOS_S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  PHOTOS_S3_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  PHOTO_DECODES: Type.Optional(Type.Integer({ minimum: 1 })),
  PHOTO_DECODE_QUEUE: Type.Integer({ minimum: 0, default: 8 }),
  TILE_URL: Type.String({
    pattern: '\\{z\\}.*\\{x\\}.*\\{y\\}',
    default: DEFAULT_TILE_URL,
  }),
  // Retired (staff accounts replaced it): read only to say so at start.
  ADMIN_TOKEN: Type.Optional(Type.String()),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+$' })),
  STAFF_SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, maximum: 24 * 60, default: 30 }),
  STAFF_SESSION_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 30, default: 12 }),
  OIDC_ISSUER: Type.Optional(Type.String({ pattern: '^https?://[^?#\\s]+$' })),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_NAME: Type.String({ minLength: 1, maxLength: 60, default: 'Single sign-on' }),
  OIDC_ROLE_CLAIM: Type.String({ pattern: '^[^\\s]+$', default: 'roles' }),
  OIDC_ROLES: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_ORGANISATION_CLAIM: Type.Optional(Type.String({ pattern: '^[^\\s]+$' })),
  TRUST_PROXY: Type.String({ minLength: 1, default: 'false' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  RATE_LIMIT_POSTS_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
  RATE_LIMIT_POSTS_PER_DAY: Type.Integer({ minimum: 1, default: 100 }),
  RATE_LIMIT_READS_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
  VOTES_PER_NETWORK_PER_DAY: Type.Integer({ minimum: 1, default: 30 }),
  CITY_CENTRE: Type.String({ default: '50.0614,19.9372,1.5' }),
  QUERY_CONCURRENCY_PER_CLIENT: Type.Integer({ minimum: 1, default: 2 }),
  QUERY_TIME_PER_SECOND_MS: Type.Integer({ minimum: 1, default: 200 }),
  QUERY_TIME_BURST_MS: Type.Integer({ minimum: 1, default: 2000 }),
  STREAMS_PER_CLIENT: Type.Integer({ minimum: 1, default: 100 }),
  STREAMS_PER_NETWORK: Type.Integer({ minimum: 1, default: 1000 }),
  STREAMS_MAX: Type.Integer({ minimum: 1, default: 5000 }),
  // base64url, as web-push's generateVAPIDKeys() writes them: a P-256 public point and private scalar.
  VAPID_PUBLIC_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{87}$' })),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
  VAPID_SUBJECT: Type.String({ pattern: '^(mailto:[^\\s@]+@[^\\s@]+|https://[^\\s]+)$', default: 'mailto:wildalert@localhost' }),
  PUSH_CA_FILE: Type.Optional(Type.String({ minLength: 1 })),
  PUSH_SERVICES: Type.String({ minLength: 1, default: 'browsers' }),
  PUSH_SUBSCRIPTIONS_PER_NETWORK: Type.Integer({ minimum: 1, default: 100 }),
  PUSH_SUBSCRIPTIONS_PER_HOST: Type.Integer({ minimum: 1, default: 100 }),
  PUSH_SENDER_THREADS: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  WEBHOOK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1000, default: 32 }),
  WEBHOOK_CONCURRENCY_PER_ENDPOINT: Type.Integer({ minimum: 1, maximum: 10, default: 2 }),
  WEBHOOK_TRUSTED_HOSTS: Type.String({ default: '' }),
  WEBHOOK_CA_FILE: Type.Optional(Type.String({ minLength: 1 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
  EMAIL_BOUNCES_TOKEN: Type.Optional(Type.String({ minLength: 32 })),
  EMAIL_CONFIRMATIONS_PER_CLIENT_PER_DAY: Type.Integer({ minimum: 1, default: 10 }),
  EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: Type.Integer({ minimum: 1, default: 3 }),
  TIME_ZONE: Type.String({ minLength: 1, default: 'Europe/Warsaw' }),
  CONTACTS_FILE: Type.Optional(Type.String({ minLength: 1 })),
  AREAS_FILE: Type.Optional(Type.String({ minLength: 1 })),
  DASHBOARD_PUBLIC: Type.Boolean({ default: false }),
  EMBED_FRAME_ANCESTORS: Type.String({ minLength: 1, default: '*' }),
  GEOCODER_URL: Type.String({ pattern: '^https?://[^?#\\s]+$', default: DEFAULT_GEOCODER_URL }),
  GEOCODER_USER_AGENT: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]+$' })),
  GEOCODER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 30_000, default: 3_000 }),
  GEOCODER_INTERVAL_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1_000 }),
  GEOCODER_SEARCHES_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
  DWCA_TITLE: Type.String({ minLength: 1, maxLength: 300, default: 'WildAlert: wild animals seen in the city' }),
  DWCA_PUBLISHER: Type.String({ minLength: 1, maxLength: 300, default: 'WildAlert' }),
  DWCA_CONTACT_EMAIL: Type.Optional(Type.String({ pattern: '^[^\\s@]+@[^\\s@]+$' })),
  DWCA_LICENCE: Type.Union([Type.Literal('CC-BY-4.0'), Type.Literal('CC0-1.0')], { default: 'CC-BY-4.0' }),
  DWCA_RIGHTS_HOLDER: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database's folder. */
  dataDir: string;
  /** When set, PostgreSQL serves instead of the embedded engine. */
  databaseUrl: string | undefined;
  tileUrl: string;
  /**
   * Where photos' copies are kept: a folder (by default beside the embedded database's, its
   * name + `-photos`), or an S3 bucket when PHOTOS_S3_BUCKET is set.
   */
  photos: { dir: string } | { s3: S3StorageOptions };
  /**
   * Photos decoded at once by this process (the rest of the CPU and memory stays for everyone
   * else), and how many more may wait for a turn before an upload is answered 503.
   */
  photoDecodes: { concurrent: number; queue: number };
  /** ADMIN_TOKEN is set: it no longer lets anyone in (staff accounts replaced it), and the start says so. */
  retiredAdminToken: boolean;
  /**
   * Staff accounts (staff/): the site's public origin (the passkeys' relying party, invite links,
   * the single sign-on's redirect; taken from each request when unset), and how long a session
   * lasts: idle, and at most.
   */
  staff: { publicUrl: string | undefined; sessionIdleMinutes: number; sessionHours: number };
  /** The city's single sign-on (OpenID Connect), when OIDC_ISSUER is set. */
  sso: SsoConfig | undefined;
  /**
   * Whose X-Forwarded-For to believe: nobody (false), a number of proxy hops in front of
   * the server (`true` is one), or the proxies' addresses and subnets. Either way the client
   * is read from the right of the header, never from the left, which the client writes.
   */
  trustProxy: false | number | string[];
  /**
   * Where the rate limits (rateLimit, and wrong moderator tokens) count: a Redis server shared by
   * every instance, or, without one, this process's memory (each instance then allows the full
   * limit, and a restart forgets).
   */
  redisUrl: string | undefined;
  /** Per client address, in the limits' store (redisUrl). */
  rateLimit: { postsPerMinute: number; postsPerDay: number; readsPerMinute: number };
  /**
   * Alerts one network (IPv4 /24, IPv6 /48) may vote on in 24 hours ("still there" / "gone"),
   * counted in the database, so the same in every instance.
   */
  votesPerNetworkPerDay: number;
  /** The city centre of the plausibility checks (issue 35): a circle; null, no such check. */
  cityCentre: { latitude: number; longitude: number; radiusKm: number } | null;
  /**
   * Database reads per client address (plugins/query-budget.ts): how many at once, and the
   * wall time they may take, refilled each second up to a burst. Per instance, in its memory:
   * what it shares out is that instance's own time.
   */
  queryBudget: { concurrent: number; msPerSecond: number; burstMs: number };
  /** Open live streams (GET /Alerts/stream): per client address, per network (IPv4 /24, IPv6 /48), and in all; per instance, as its sockets and memory are. */
  streams: { perClient: number; perNetwork: number; max: number };
  /**
   * Web push (push/): the VAPID key pair (made on first start and kept in the database unless
   * both are given), the contact push services see, and certificate authorities to trust
   * for push services besides the system's (a push service on a private network, as the tests run).
   */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    subject: string;
    caFile: string | undefined;
    /**
     * Which push services subscriptions may name (push/push-services.ts): `browsers` (the
     * browsers' own), exact hosts (trusted even on a private network), `*.domain`, or `*` (any
     * host whose addresses are all public).
     */
    services: string;
    /**
     * Subscriptions one network (IPv4 /24, IPv6 /48) may hold, and one push-service host that is
     * neither a browser's service nor named exactly in PUSH_SERVICES; in the database, so for
     * every instance together.
     */
    limits: { perNetwork: number; perHost: number };
    /** Threads that encrypt and send notifications, per instance. */
    senderThreads: number;
  };
  /**
   * Webhooks per organisation (webhooks/): an attempt's deadline; messages under way at once per
   * instance, and to one endpoint in all instances together (a dead endpoint holds up only its
   * own); hosts reached even on a private network (exact `host[:port]`, like PUSH_SERVICES'
   * exact entries: a receiver on the city's network, the tests' on 127.0.0.1; every other host
   * must resolve to public addresses only); certificate authorities to trust besides the system's.
   */
  webhooks: { timeoutMs: number; concurrency: number; perEndpoint: number; trustedHosts: string; caFile: string | undefined };
  /**
   * Area alerts by e-mail (email/), when SMTP_URL is set: the relay every mail goes through, the
   * From address, the site's public origin the mails' links start with (PUBLIC_URL, required: a
   * background job has no request to take it from, and a request's Host must not choose where a
   * mail's links lead), the secret a mail provider's bounce webhook shows (unset: no webhook),
   * and how many confirmation mails one client address and one recipient may cause a day.
   */
  email: EmailConfig | undefined;
  /** The city's time zone (IANA): what "at dusk" and "in autumn" mean for hotspots. */
  timeZone: string;
  /** The organisations a first start copies into the database (contacts.ts): a JSON file, or the bundled table for Kraków. */
  contactsFile: string;
  /**
   * The city's dashboard (issue 37): the areas it counts alerts in (a GeoJSON FeatureCollection of
   * named polygons: districts; the bundled example by default), and whether everyone may see it,
   * without response times, at /Dashboard (off: staff only).
   */
  dashboard: { areasFile: string; public: boolean };
  /**
   * Which sites may show the embeddable map (/WildAlertApp/embed) in a frame: the sources of its
   * CSP `frame-ancestors` (`*`, `'none'`, or origins). Every other page may be framed by none.
   */
  embedFrameAncestors: string[];
  /**
   * The Nominatim-compatible geocoder behind the place search and alerts' street names
   * (geocoder/), unless GEOCODER_URL is set empty: its address, the User-Agent it is sent, a
   * request's deadline, the least time between two requests of this instance, and the searches
   * one client address may have sent to it per minute (answers kept are not counted).
   */
  geocoder: (GeocoderOptions & { searchesPerMinute: number }) | undefined;
  /** The Darwin Core Archive (GET /exports/dwca.zip): its dataset's metadata. */
  dwca: DwcaConfig;
  logLevel: string;
}

export interface DwcaConfig {
  /** The site's public origin, which every record's occurrenceID starts with (taken from the request when unset). */
  publicUrl: string | undefined;
  title: string;
  /** The organisation that publishes the dataset: EML's creator, contact and publisher. */
  publisher: string;
  contactEmail: string | undefined;
  /**
   * The dataset's licence: only records under it or a more open one are in the archive (under
   * CC0, the CC0 records alone), since GBIF holds a dataset to one licence.
   */
  licence: Licence;
  /** Who is credited for CC BY records (dcterms:rightsHolder); the publisher by default. */
  rightsHolder: string;
}

export interface EmailConfig {
  smtpUrl: string;
  from: string;
  publicUrl: string;
  bouncesToken: string | undefined;
  limits: { perClientPerDay: number; perAddressPerDay: number };
}

export interface SsoConfig {
  /** The provider's issuer URL (https:, or http: on this machine only, for tests). */
  issuer: string;
  clientId: string;
  /** Undefined for a public client, which proves itself with PKCE alone. */
  clientSecret: string | undefined;
  /** What the sign-in button says. */
  name: string;
  /** The claim holding the person's roles at the provider: a name, or a dotted path (`realm_access.roles`). */
  roleClaim: string;
  /** The provider's role values that mean each of ours (highest first when several match). */
  roles: Array<{ value: string; role: StaffRole }>;
  /** Which claim will name a person's organisations: read by the organisations (a later issue), unused now. */
  organisationClaim: string | undefined;
}

export { ConfigError };


/** The table bundled with the API: Kraków's City Guard, and the emergency number everywhere. */
export const DEFAULT_CONTACTS_FILE = fileURLToPath(new URL('../contacts.json', import.meta.url));

const EMBED_HINT =
  "must be *, 'none', or origins separated by spaces or commas (https://news.example, https://*.news.example, http://127.0.0.1:8080)";

/** What to write instead, where the schema's own message would only quote a pattern. */
const HINTS: Record<string, string> = {
  VAPID_PUBLIC_KEY: 'must be a P-256 public key in base64url (87 characters), as `npx web-push generate-vapid-keys` prints it',
  VAPID_PRIVATE_KEY: 'must be a P-256 private key in base64url (43 characters), as `npx web-push generate-vapid-keys` prints it',
  VAPID_SUBJECT: 'must be a mailto: address or an https: URL where push services can reach the operator',
  EMBED_FRAME_ANCESTORS: EMBED_HINT,
  REDIS_URL: 'must be a redis:// or rediss:// URL (redis://[:password@]host[:port][/db])',
  PUBLIC_URL: "must be the site's origin, a scheme and a host (and a port), without a path: https://wildalert.example",
  OIDC_ISSUER: "must be the identity provider's issuer URL, as its /.well-known/openid-configuration says it (https://sso.city.example/realms/staff)",
  OIDC_ROLE_CLAIM: 'must be a claim name, or a dotted path into the claims (realm_access.roles), without spaces',
  OIDC_ORGANISATION_CLAIM: 'must be a claim name, or a dotted path into the claims, without spaces',
  SMTP_URL: 'must be an smtp:// or smtps:// URL (smtp://user:password@relay.example:587)',
  EMAIL_BOUNCES_TOKEN: 'must be a secret of at least 32 characters (openssl rand -hex 32)',
  GEOCODER_URL: 'must be the geocoder\'s http(s) base address without a query (https://nominatim.openstreetmap.org), or empty to turn place search and street names off',
  DWCA_CONTACT_EMAIL: 'must be an e-mail address (opendata@city.example)',
  DWCA_LICENCE: 'must be CC-BY-4.0 or CC0-1.0',
  GEOCODER_USER_AGENT: 'must be up to 200 printable ASCII characters naming the application and a contact (WildAlert Kraków (+https://wildalert.example))',
};

/** CITY_CENTRE: a circle, null for "none", undefined when it is neither. */
function parseCityCentre(value: string): Config['cityCentre'] | undefined {
  if (value.trim().toLowerCase() === 'none') return null;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 3 || parts.some((p) => !Number.isFinite(p))) return undefined;
  const [latitude, longitude, radiusKm] = parts as [number, number, number];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || radiusKm <= 0 || radiusKm > 100) return undefined;
  return { latitude, longitude, radiusKm };
}

/** Validates an environment (normally `process.env`); throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = Object.keys(EnvSchema.properties);
  // Empty variables count as unset, as in most shells' `FOO= cmd`.
  const raw = Object.fromEntries(
    known.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]),
  );
  const value = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  if (!Value.Check(EnvSchema, value)) {
    const problems = [...Value.Errors(EnvSchema, value)].map((e) => {
      const name = e.instancePath.slice(1);
      return `${name || 'environment'} ${HINTS[name] ?? e.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const v = value as Static<typeof EnvSchema>;
  if ((v.VAPID_PUBLIC_KEY === undefined) !== (v.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together (or neither, to have them made and kept in the database)');
  }
  const cityCentre = parseCityCentre(v.CITY_CENTRE);
  if (cityCentre === undefined) {
    throw new ConfigError(`Invalid configuration: CITY_CENTRE must be "latitude,longitude,radius in km" (50.0614,19.9372,1.5) or "none" (got ${JSON.stringify(v.CITY_CENTRE)})`);
  }
  const trustProxy = parseTrustProxy(v.TRUST_PROXY);
  if (trustProxy === undefined) {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY must be false, true (one proxy), a number of proxy hops (1 to 99), or a comma-separated list of proxy addresses and subnets (127.0.0.1, 10.0.0.0/8, loopback, uniquelocal)',
    );
  }
  if (!parsePushServices(v.PUSH_SERVICES)) {
    throw new ConfigError(
      `Invalid configuration: PUSH_SERVICES must be entries separated by commas or spaces, each "browsers" (the browsers' push services), "*" (any host with public addresses only), "*.domain", or an exact host[:port] (got ${JSON.stringify(v.PUSH_SERVICES)})`,
    );
  }
  if (!webhookPolicy(v.WEBHOOK_TRUSTED_HOSTS)) {
    throw new ConfigError(
      `Invalid configuration: WEBHOOK_TRUSTED_HOSTS must be exact hosts (host or host:port, an IP address too) separated by commas or spaces, or empty (got ${JSON.stringify(v.WEBHOOK_TRUSTED_HOSTS)})`,
    );
  }
  if (Boolean(v.PHOTOS_S3_ACCESS_KEY_ID) !== Boolean(v.PHOTOS_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: PHOTOS_S3_ACCESS_KEY_ID and PHOTOS_S3_SECRET_ACCESS_KEY go together (or neither, for the SDK\'s own credentials)');
  }
  if (!Intl.supportedValuesOf('timeZone').includes(v.TIME_ZONE) && v.TIME_ZONE !== 'UTC') {
    throw new ConfigError(`Invalid configuration: TIME_ZONE must be an IANA time zone such as Europe/Warsaw (got ${JSON.stringify(v.TIME_ZONE)})`);
  }
  const embedFrameAncestors = parseFrameAncestors(v.EMBED_FRAME_ANCESTORS);
  if (!embedFrameAncestors) {
    throw new ConfigError(`Invalid configuration: EMBED_FRAME_ANCESTORS ${EMBED_HINT} (got ${JSON.stringify(v.EMBED_FRAME_ANCESTORS)})`);
  }
  const sso = ssoConfig(v);
  const email = emailConfig(v);
  const dataDir = path.resolve(v.DATA_DIR);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    databaseUrl: v.DATABASE_URL,
    tileUrl: v.TILE_URL,
    photos: v.PHOTOS_S3_BUCKET
      ? {
          s3: {
            bucket: v.PHOTOS_S3_BUCKET,
            endpoint: v.PHOTOS_S3_ENDPOINT,
            region: v.PHOTOS_S3_REGION,
            forcePathStyle: v.PHOTOS_S3_FORCE_PATH_STYLE,
            accessKeyId: v.PHOTOS_S3_ACCESS_KEY_ID,
            secretAccessKey: v.PHOTOS_S3_SECRET_ACCESS_KEY,
            timeoutMs: v.PHOTOS_S3_TIMEOUT_MS,
          },
        }
      : { dir: v.PHOTOS_DIR ? path.resolve(v.PHOTOS_DIR) : `${dataDir}-photos` },
    photoDecodes: { concurrent: v.PHOTO_DECODES ?? os.availableParallelism(), queue: v.PHOTO_DECODE_QUEUE },
    retiredAdminToken: v.ADMIN_TOKEN !== undefined,
    staff: { publicUrl: v.PUBLIC_URL, sessionIdleMinutes: v.STAFF_SESSION_IDLE_MINUTES, sessionHours: v.STAFF_SESSION_HOURS },
    sso,
    trustProxy,
    redisUrl: v.REDIS_URL,
    rateLimit: {
      postsPerMinute: v.RATE_LIMIT_POSTS_PER_MINUTE,
      postsPerDay: v.RATE_LIMIT_POSTS_PER_DAY,
      readsPerMinute: v.RATE_LIMIT_READS_PER_MINUTE,
    },
    votesPerNetworkPerDay: v.VOTES_PER_NETWORK_PER_DAY,
    cityCentre,
    queryBudget: {
      concurrent: v.QUERY_CONCURRENCY_PER_CLIENT,
      msPerSecond: v.QUERY_TIME_PER_SECOND_MS,
      burstMs: v.QUERY_TIME_BURST_MS,
    },
    streams: { perClient: v.STREAMS_PER_CLIENT, perNetwork: v.STREAMS_PER_NETWORK, max: v.STREAMS_MAX },
    push: {
      vapidPublicKey: v.VAPID_PUBLIC_KEY,
      vapidPrivateKey: v.VAPID_PRIVATE_KEY,
      subject: v.VAPID_SUBJECT,
      caFile: v.PUSH_CA_FILE && path.resolve(v.PUSH_CA_FILE),
      services: v.PUSH_SERVICES,
      limits: { perNetwork: v.PUSH_SUBSCRIPTIONS_PER_NETWORK, perHost: v.PUSH_SUBSCRIPTIONS_PER_HOST },
      // One a core (at most 4): they run at a lower priority than the API's thread, so they take what it leaves.
      senderThreads: v.PUSH_SENDER_THREADS ?? Math.min(4, os.availableParallelism()),
    },
    webhooks: {
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      concurrency: v.WEBHOOK_CONCURRENCY,
      perEndpoint: v.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
      trustedHosts: v.WEBHOOK_TRUSTED_HOSTS,
      caFile: v.WEBHOOK_CA_FILE && path.resolve(v.WEBHOOK_CA_FILE),
    },
    email,
    timeZone: v.TIME_ZONE,
    contactsFile: v.CONTACTS_FILE ? path.resolve(v.CONTACTS_FILE) : DEFAULT_CONTACTS_FILE,
    dashboard: { areasFile: v.AREAS_FILE ? path.resolve(v.AREAS_FILE) : DEFAULT_AREAS_FILE, public: v.DASHBOARD_PUBLIC },
    embedFrameAncestors,
    // Set but empty: turned off (every other empty variable means its default).
    geocoder:
      env.GEOCODER_URL === ''
        ? undefined
        : {
            url: v.GEOCODER_URL,
            userAgent: v.GEOCODER_USER_AGENT ?? `WildAlert (+${v.PUBLIC_URL ?? v.VAPID_SUBJECT})`,
            timeoutMs: v.GEOCODER_TIMEOUT_MS,
            intervalMs: v.GEOCODER_INTERVAL_MS,
            searchesPerMinute: v.GEOCODER_SEARCHES_PER_MINUTE,
          },
    dwca: {
      publicUrl: v.PUBLIC_URL,
      title: v.DWCA_TITLE,
      publisher: v.DWCA_PUBLISHER,
      contactEmail: v.DWCA_CONTACT_EMAIL,
      licence: v.DWCA_LICENCE,
      rightsHolder: v.DWCA_RIGHTS_HOLDER ?? v.DWCA_PUBLISHER,
    },
    logLevel: v.LOG_LEVEL,
  };
}

/** Hosts an `http:` issuer may have: this machine (the tests' provider). Anywhere else the code and tokens would cross the network in the clear. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const SSO_VARIABLES = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLES', 'OIDC_ORGANISATION_CLAIM'] as const;

function ssoConfig(v: Static<typeof EnvSchema>): SsoConfig | undefined {
  if (v.OIDC_ISSUER === undefined) {
    // Half a configuration is a mistake to show, not a single sign-on to leave silently off.
    const stray = SSO_VARIABLES.filter((name) => v[name] !== undefined);
    if (stray.length > 0) throw new ConfigError(`Invalid configuration: ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but OIDC_ISSUER is not (set it to turn single sign-on on, or unset them)`);
    return undefined;
  }
  const issuer = URL.parse(v.OIDC_ISSUER);
  if (!issuer) throw new ConfigError(`Invalid configuration: OIDC_ISSUER ${HINTS.OIDC_ISSUER}`);
  if (issuer.protocol === 'http:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    throw new ConfigError(`Invalid configuration: OIDC_ISSUER must be an https: URL (http: only on this machine: 127.0.0.1, ::1, localhost; got ${JSON.stringify(v.OIDC_ISSUER)})`);
  }
  if (v.OIDC_CLIENT_ID === undefined) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID must be set with OIDC_ISSUER (the client id the provider gave WildAlert)');
  }
  if (v.OIDC_ROLES === undefined) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ROLES must be set with OIDC_ISSUER: which values of the role claim mean which role, as value=role pairs separated by commas (wildalert-admin=admin,wildalert-moderator=moderator,city-guard=responder)',
    );
  }
  const roles = parseSsoRoles(v.OIDC_ROLES);
  if (typeof roles === 'string') throw new ConfigError(`Invalid configuration: OIDC_ROLES ${roles}`);
  return {
    issuer: v.OIDC_ISSUER,
    clientId: v.OIDC_CLIENT_ID,
    clientSecret: v.OIDC_CLIENT_SECRET,
    name: v.OIDC_NAME,
    roleClaim: v.OIDC_ROLE_CLAIM,
    roles,
    organisationClaim: v.OIDC_ORGANISATION_CLAIM,
  };
}

const EMAIL_VARIABLES = ['MAIL_FROM', 'EMAIL_BOUNCES_TOKEN'] as const;

function emailConfig(v: Static<typeof EnvSchema>): EmailConfig | undefined {
  if (v.SMTP_URL === undefined) {
    const stray = EMAIL_VARIABLES.filter((name) => v[name] !== undefined);
    if (stray.length > 0) throw new ConfigError(`Invalid configuration: ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but SMTP_URL is not (set it to send e-mail alerts, or unset them)`);
    return undefined;
  }
  if (!URL.parse(v.SMTP_URL)) throw new ConfigError(`Invalid configuration: SMTP_URL ${HINTS.SMTP_URL}`);
  if (v.MAIL_FROM === undefined) {
    throw new ConfigError('Invalid configuration: MAIL_FROM must be set with SMTP_URL (the From of every mail: "WildAlert <alerts@wildalert.example>")');
  }
  if (v.PUBLIC_URL === undefined) {
    throw new ConfigError("Invalid configuration: PUBLIC_URL must be set with SMTP_URL (the site's origin the mails' links start with: https://wildalert.example)");
  }
  return {
    smtpUrl: v.SMTP_URL,
    from: v.MAIL_FROM,
    publicUrl: v.PUBLIC_URL,
    bouncesToken: v.EMAIL_BOUNCES_TOKEN,
    limits: { perClientPerDay: v.EMAIL_CONFIRMATIONS_PER_CLIENT_PER_DAY, perAddressPerDay: v.EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY },
  };
}

/** `value=role` pairs separated by commas; what is wrong with them otherwise. */
function parseSsoRoles(raw: string): SsoConfig['roles'] | string {
  const roles: SsoConfig['roles'] = [];
  for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
    // The last `=`: a provider's value may hold one (a group's DN), our role names do not.
    const eq = entry.lastIndexOf('=');
    const value = entry.slice(0, Math.max(eq, 0)).trim();
    const role = entry.slice(eq + 1).trim();
    if (eq < 1 || value === '') return `must be value=role pairs separated by commas (got ${JSON.stringify(entry)})`;
    if (!(STAFF_ROLES as readonly string[]).includes(role)) return `maps ${JSON.stringify(value)} to ${JSON.stringify(role)}, which is not a role (${STAFF_ROLES.join(', ')})`;
    if (roles.some((r) => r.value === value)) return `names ${JSON.stringify(value)} twice`;
    roles.push({ value, role: role as StaffRole });
  }
  return roles.length > 0 ? roles : 'must name at least one value=role pair';
}

/**
 * CSP `frame-ancestors` sources: `*` or `'none'` alone, else `'self'` and origins (a scheme, a
 * host, maybe `*.` before it, maybe a port), lowercased. Nothing else, so that no text of the variable can
 * add a directive to the header.
 */
function parseFrameAncestors(raw: string): string[] | undefined {
  const sources = raw.trim().split(/[\s,]+/).filter(Boolean);
  if (sources.length === 1 && (sources[0] === '*' || sources[0] === "'none'")) return sources;
  const origin = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
  const valid = sources.length > 0 && sources.every((s) => s === "'self'" || origin.test(s));
  return valid ? sources.map((s) => s.toLowerCase()) : undefined;
}

function parseTrustProxy(raw: string): Config['trustProxy'] | undefined {
  const text = raw.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  // Not Fastify's `true`, which believes the leftmost address: anyone can write that one.
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text) || false;
  const entries = text.split(',').map((e) => e.trim());
  const valid = entries.every((entry) => {
    // proxy-addr's names for the loopback, link-local and private ranges.
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries : undefined;
}

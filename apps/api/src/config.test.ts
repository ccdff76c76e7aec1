import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONTACTS_FILE, loadConfig } from './config.ts';
import { DEFAULT_AREAS_FILE } from './repositories/areas-file.ts';

describe('loadConfig', () => {
  it('has defaults for a local run on the embedded database', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      dwca: {
        title: 'WildAlert: wild animals seen in the city',
        publisher: 'WildAlert',
        contactEmail: undefined,
        licence: 'CC-BY-4.0',
        rightsHolder: 'WildAlert',
        publicUrl: undefined,
      },
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      photos: { dir: path.resolve('data-photos') },
      photoDecodes: { concurrent: os.availableParallelism(), queue: 8 },
      retiredAdminToken: false,
      staff: { publicUrl: undefined, sessionIdleMinutes: 30, sessionHours: 12 },
      trustProxy: false,
      redisUrl: undefined,
      rateLimit: { postsPerMinute: 10, postsPerDay: 100, readsPerMinute: 1200 },
      votesPerNetworkPerDay: 30,
      cityCentre: { latitude: 50.0614, longitude: 19.9372, radiusKm: 1.5 },
      queryBudget: { concurrent: 2, msPerSecond: 200, burstMs: 2000 },
      streams: { perClient: 100, perNetwork: 1000, max: 5000 },
      push: {
        vapidPublicKey: undefined,
        vapidPrivateKey: undefined,
        subject: 'mailto:wildalert@localhost',
        caFile: undefined,
        services: 'browsers',
        limits: { perNetwork: 100, perHost: 100 },
        senderThreads: Math.min(4, os.availableParallelism()),
      },
      webhooks: { timeoutMs: 10_000, concurrency: 32, perEndpoint: 2, trustedHosts: '', caFile: undefined },
      timeZone: 'Europe/Warsaw',
      contactsFile: DEFAULT_CONTACTS_FILE,
      dashboard: { areasFile: DEFAULT_AREAS_FILE, public: false },
      embedFrameAncestors: ['*'],
      geocoder: {
        url: 'https://nominatim.openstreetmap.org',
        userAgent: 'WildAlert (+mailto:wildalert@localhost)',
        timeoutMs: 3_000,
        intervalMs: 1_000,
        searchesPerMinute: 10,
      },
      logLevel: 'info',
    });
  });

  it('turns the geocoder off when GEOCODER_URL is set empty, and names the site in its User-Agent', () => {
    expect(loadConfig({ GEOCODER_URL: '' }).geocoder).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://wildalert.example' }).geocoder?.userAgent).toBe('WildAlert (+https://wildalert.example)');
    expect(loadConfig({ GEOCODER_USER_AGENT: 'WildAlert Krakow (ops@krakow.example)' }).geocoder?.userAgent).toBe('WildAlert Krakow (ops@krakow.example)');
    expect(() => loadConfig({ GEOCODER_URL: 'https://nominatim.example/?key=1' })).toThrow(/GEOCODER_URL must be the geocoder's http\(s\) base address/);
    expect(() => loadConfig({ GEOCODER_USER_AGENT: 'bad\r\nheader' })).toThrow(/GEOCODER_USER_AGENT/);
  });

  it('reads which sites may frame the embeddable map, and refuses anything but sources', () => {
    expect(loadConfig({ EMBED_FRAME_ANCESTORS: "'none'" }).embedFrameAncestors).toEqual(["'none'"]);
    expect(loadConfig({ EMBED_FRAME_ANCESTORS: ' https://News.example, https://*.gazeta.example:8443 http://127.0.0.1:3000 ' }).embedFrameAncestors).toEqual([
      'https://news.example',
      'https://*.gazeta.example:8443',
      'http://127.0.0.1:3000',
    ]);
    expect(loadConfig({ EMBED_FRAME_ANCESTORS: "'self' https://news.example" }).embedFrameAncestors).toEqual(["'self'", 'https://news.example']);
    // Another directive smuggled in, a path, a bare host, * among origins, 'none' among origins.
    for (const bad of ["https://news.example; script-src *", 'https://news.example/page', 'news.example', '* https://news.example', "'none' https://news.example", 'javascript:1']) {
      expect(() => loadConfig({ EMBED_FRAME_ANCESTORS: bad }), bad).toThrow(/EMBED_FRAME_ANCESTORS must be \*, 'none', or origins/);
    }
  });

  it('keeps photos in a folder, or in an S3 bucket when one is named, with both keys or neither', () => {
    expect(loadConfig({ DATA_DIR: '/srv/wildalert/db' }).photos).toEqual({ dir: '/srv/wildalert/db-photos' });
    expect(loadConfig({ PHOTOS_DIR: '/srv/photos' }).photos).toEqual({ dir: '/srv/photos' });
    expect(
      loadConfig({ PHOTOS_S3_BUCKET: 'wildalert', PHOTOS_S3_ENDPOINT: 'http://minio:9000', PHOTOS_S3_FORCE_PATH_STYLE: 'false' }).photos,
    ).toEqual({
      s3: { bucket: 'wildalert', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: false, accessKeyId: undefined, secretAccessKey: undefined, timeoutMs: 5_000 },
    });
    expect(() => loadConfig({ PHOTOS_S3_BUCKET: 'wildalert', PHOTOS_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/go together/);
    expect(() => loadConfig({ PHOTOS_S3_ENDPOINT: 'minio:9000' })).toThrow(/PHOTOS_S3_ENDPOINT/);
    expect(loadConfig({ PHOTOS_S3_BUCKET: 'wildalert', PHOTOS_S3_TIMEOUT_MS: '1500' }).photos).toMatchObject({ s3: { timeoutMs: 1500 } });
    expect(() => loadConfig({ PHOTOS_S3_TIMEOUT_MS: '0' })).toThrow(/PHOTOS_S3_TIMEOUT_MS/);
  });

  it('reads how many photos are decoded at once and how many may wait', () => {
    expect(loadConfig({ PHOTO_DECODES: '3', PHOTO_DECODE_QUEUE: '0' }).photoDecodes).toEqual({ concurrent: 3, queue: 0 });
    expect(() => loadConfig({ PHOTO_DECODES: '0' })).toThrow(/PHOTO_DECODES/);
  });

  it('reads the webhooks\' deadline, their bounds, and which hosts they may reach on a private network (exact hosts only)', () => {
    expect(
      loadConfig({ WEBHOOK_TIMEOUT_MS: '2500', WEBHOOK_CONCURRENCY: '8', WEBHOOK_CONCURRENCY_PER_ENDPOINT: '1', WEBHOOK_TRUSTED_HOSTS: 'hooks.city.internal, 10.0.0.7:8443' }).webhooks,
    ).toMatchObject({ timeoutMs: 2500, concurrency: 8, perEndpoint: 1, trustedHosts: 'hooks.city.internal, 10.0.0.7:8443' });
    for (const bad of ['*', 'browsers', '*.city.internal', 'https://hooks.city.internal', 'hooks.city.internal/path']) {
      expect(() => loadConfig({ WEBHOOK_TRUSTED_HOSTS: bad }), bad).toThrow(/WEBHOOK_TRUSTED_HOSTS must be exact hosts/);
    }
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '50' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY_PER_ENDPOINT: '0' })).toThrow(/WEBHOOK_CONCURRENCY_PER_ENDPOINT/);
  });

  it('reads which push services to send to, refusing what is not a host, a *.domain, * or browsers', () => {
    expect(loadConfig({ PUSH_SERVICES: 'browsers, push.internal:8443 *.push.example.org' }).push.services).toBe('browsers, push.internal:8443 *.push.example.org');
    for (const bad of ['https://push.example.org', 'push.example.org/path', '*.', 'user@push.example.org']) {
      expect(() => loadConfig({ PUSH_SERVICES: bad }), bad).toThrow(/PUSH_SERVICES must be/);
    }
    expect(loadConfig({ PUSH_SUBSCRIPTIONS_PER_NETWORK: '5', PUSH_SUBSCRIPTIONS_PER_HOST: '7', PUSH_SENDER_THREADS: '3' }).push).toMatchObject({
      limits: { perNetwork: 5, perHost: 7 },
      senderThreads: 3,
    });
    expect(() => loadConfig({ PUSH_SENDER_THREADS: '0' })).toThrow(/PUSH_SENDER_THREADS/);
  });

  it('reads the database-time budget and the stream caps', () => {
    const config = loadConfig({
      QUERY_CONCURRENCY_PER_CLIENT: '4',
      QUERY_TIME_PER_SECOND_MS: '1000000',
      QUERY_TIME_BURST_MS: '1',
      STREAMS_PER_CLIENT: '3',
      STREAMS_PER_NETWORK: '30',
      STREAMS_MAX: '20000',
    });
    expect(config.queryBudget).toEqual({ concurrent: 4, msPerSecond: 1_000_000, burstMs: 1 });
    expect(config.streams).toEqual({ perClient: 3, perNetwork: 30, max: 20_000 });
  });

  it('reads the abuse limits, which can be raised without bound (benchmarks, tests)', () => {
    expect(
      loadConfig({ RATE_LIMIT_POSTS_PER_MINUTE: '1000000', RATE_LIMIT_POSTS_PER_DAY: '5', RATE_LIMIT_READS_PER_MINUTE: '60' }).rateLimit,
    ).toEqual({ postsPerMinute: 1_000_000, postsPerDay: 5, readsPerMinute: 60 });
    expect(loadConfig({ VOTES_PER_NETWORK_PER_DAY: '3' }).votesPerNetworkPerDay).toBe(3);
    // The plausibility checks' city centre (issue 35): a circle, "none", or a clear error.
    expect(loadConfig({ CITY_CENTRE: '52.2297, 21.0122, 2' }).cityCentre).toEqual({ latitude: 52.2297, longitude: 21.0122, radiusKm: 2 });
    expect(loadConfig({ CITY_CENTRE: 'none' }).cityCentre).toBeNull();
    for (const bad of ['50,19', '91,19,1', '50,19,0', 'Kraków']) expect(() => loadConfig({ CITY_CENTRE: bad })).toThrow(/CITY_CENTRE must be/);
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@limits.internal:6380/2' }).redisUrl).toBe('rediss://:secret@limits.internal:6380/2');
    expect(() => loadConfig({ REDIS_URL: 'limits.internal:6379' })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({ VOTES_PER_NETWORK_PER_DAY: '0' })).toThrow(/VOTES_PER_NETWORK_PER_DAY/);
  });

  it.each([
    ['false', false],
    ['0', false],
    // One proxy: the rightmost forwarded address, never the leftmost (which the client writes).
    ['true', 1],
    ['TRUE', 1],
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1,::1, fd00::/8', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/wildalert',
      DATABASE_URL: 'postgres://u:p@db:5432/wildalert',
      TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png',
      ADMIN_TOKEN: 'a-long-enough-secret',
      PUBLIC_URL: 'https://wildalert.example',
      STAFF_SESSION_IDLE_MINUTES: '15',
      LOG_LEVEL: 'warn',
      TIME_ZONE: 'America/New_York',
      CONTACTS_FILE: 'city/contacts.json',
      AREAS_FILE: 'city/districts.geojson',
      DASHBOARD_PUBLIC: 'true',
      UNRELATED: 'x',
    });
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/var/lib/wildalert', logLevel: 'warn', timeZone: 'America/New_York' });
    // A retired variable: the start says so, and it opens nothing.
    expect(config).toMatchObject({ retiredAdminToken: true, staff: { publicUrl: 'https://wildalert.example', sessionIdleMinutes: 15, sessionHours: 12 } });
    expect(config.contactsFile).toBe(path.resolve('city/contacts.json'));
    expect(config.dashboard).toEqual({ areasFile: path.resolve('city/districts.geojson'), public: true });
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it("reads the city's single sign-on: issuer, client, button text, and which claim values mean which role", () => {
    const sso = { OIDC_ISSUER: 'https://sso.krakow.example/realms/staff', OIDC_CLIENT_ID: 'wildalert', OIDC_ROLES: ' wildalert-admin=admin, city-guard = responder,' };
    expect(loadConfig({}).sso).toBeUndefined();
    expect(loadConfig(sso).sso).toEqual({
      issuer: 'https://sso.krakow.example/realms/staff',
      clientId: 'wildalert',
      clientSecret: undefined,
      name: 'Single sign-on',
      roleClaim: 'roles',
      roles: [
        { value: 'wildalert-admin', role: 'admin' },
        { value: 'city-guard', role: 'responder' },
      ],
      organisationClaim: undefined,
    });
    expect(
      loadConfig({
        ...sso,
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_NAME: 'Konto miejskie',
        OIDC_ROLE_CLAIM: 'realm_access.roles',
        OIDC_ROLES: 'a=b=moderator',
        OIDC_ORGANISATION_CLAIM: 'groups',
      }).sso,
    ).toMatchObject({ clientSecret: 's3cret', name: 'Konto miejskie', roleClaim: 'realm_access.roles', roles: [{ value: 'a=b', role: 'moderator' }], organisationClaim: 'groups' });
    // http: only on this machine (the tests' provider): elsewhere codes and tokens would cross the network in the clear.
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:9000/realms/x', 'http://[::1]:9000']) {
      expect(loadConfig({ ...sso, OIDC_ISSUER: issuer }).sso?.issuer).toBe(issuer);
    }
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: 'http://sso.krakow.example' })).toThrow(/OIDC_ISSUER must be an https: URL/);
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: 'sso.krakow.example' })).toThrow(/OIDC_ISSUER must be the identity provider's issuer URL/);
    expect(() => loadConfig({ ...sso, OIDC_CLIENT_ID: '' })).toThrow(/OIDC_CLIENT_ID must be set with OIDC_ISSUER/);
    expect(() => loadConfig({ ...sso, OIDC_ROLES: undefined })).toThrow(/OIDC_ROLES must be set with OIDC_ISSUER/);
    expect(() => loadConfig({ ...sso, OIDC_ROLES: 'wildalert-admin=owner' })).toThrow(/OIDC_ROLES maps "wildalert-admin" to "owner", which is not a role/);
    expect(() => loadConfig({ ...sso, OIDC_ROLES: 'wildalert-admin' })).toThrow(/OIDC_ROLES must be value=role pairs/);
    expect(() => loadConfig({ ...sso, OIDC_ROLES: 'x=admin,x=responder' })).toThrow(/OIDC_ROLES names "x" twice/);
    expect(() => loadConfig({ ...sso, OIDC_ROLES: ' , ' })).toThrow(/OIDC_ROLES must name at least one/);
    expect(() => loadConfig({ ...sso, OIDC_ROLE_CLAIM: 'my roles' })).toThrow(/OIDC_ROLE_CLAIM must be a claim name/);
    // Half a configuration is refused rather than leaving single sign-on silently off.
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'wildalert', OIDC_ROLES: 'a=admin' })).toThrow(/OIDC_CLIENT_ID, OIDC_ROLES are set but OIDC_ISSUER is not/);
  });

  it('reads the e-mail alerts: off without SMTP_URL; with it, MAIL_FROM and PUBLIC_URL are required', () => {
    expect(loadConfig({}).email).toBeUndefined();
    const email = { SMTP_URL: 'smtp://wildalert:secret@relay.example:587', MAIL_FROM: 'WildAlert <alerts@wildalert.example>', PUBLIC_URL: 'https://wildalert.example' };
    expect(loadConfig(email).email).toEqual({
      smtpUrl: email.SMTP_URL,
      from: email.MAIL_FROM,
      publicUrl: email.PUBLIC_URL,
      bouncesToken: undefined,
      limits: { perClientPerDay: 10, perAddressPerDay: 3 },
    });
    expect(() => loadConfig({ ...email, MAIL_FROM: undefined })).toThrow(/MAIL_FROM must be set with SMTP_URL/);
    expect(() => loadConfig({ ...email, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL must be set with SMTP_URL/);
    expect(() => loadConfig({ ...email, SMTP_URL: 'http://relay.example' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ ...email, EMAIL_BOUNCES_TOKEN: 'short' })).toThrow(/EMAIL_BOUNCES_TOKEN must be a secret of at least 32 characters/);
    // The relay's password is never repeated in a message.
    expect(() => loadConfig({ ...email, SMTP_URL: 'smtp://u:hunter2@bad host' })).toThrow(/^(?!.*hunter2)/);
    expect(() => loadConfig({ MAIL_FROM: 'a@b.example' })).toThrow(/MAIL_FROM is set but SMTP_URL is not/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['TILE_URL', 'https://tiles.example/tile.png'],
    // An origin: passkeys belong to its host, and links are made from it.
    ['PUBLIC_URL', 'https://wildalert.example/WildAlertApp/'],
    ['PUBLIC_URL', 'wildalert.example'],
    ['STAFF_SESSION_IDLE_MINUTES', '0'],
    ['STAFF_SESSION_HOURS', 'forever'],
    ['LOG_LEVEL', 'loud'],
    ['TIME_ZONE', 'Europe/Kraków'],
    ['TIME_ZONE', 'CET+1'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '1.5'],
    ['TRUST_PROXY', '1000'],
    ['TRUST_PROXY', '2,10.0.0.1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,nginx'],
    ['RATE_LIMIT_POSTS_PER_MINUTE', '0'],
    ['RATE_LIMIT_POSTS_PER_DAY', 'many'],
    ['RATE_LIMIT_READS_PER_MINUTE', '-5'],
    ['QUERY_CONCURRENCY_PER_CLIENT', '0'],
    ['QUERY_TIME_PER_SECOND_MS', '0.5'],
    ['QUERY_TIME_BURST_MS', 'lots'],
    ['STREAMS_PER_CLIENT', '0'],
    ['STREAMS_MAX', '-1'],
    ['VAPID_SUBJECT', 'ops@example.org'],
    ['VAPID_SUBJECT', 'http://example.org/contact'],
    ['VAPID_PUBLIC_KEY', 'not-a-key'],
    // Half a pair: the other half would be made, and would not match.
    ['VAPID_PUBLIC_KEY', 'B'.repeat(87)],
  ])('refuses a bad %s (%s), naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

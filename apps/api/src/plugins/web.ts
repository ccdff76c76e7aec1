/**
 * Serves the built web app under /WildAlertApp/: assets as files, every other path as the
 * app's index.html (client-side routes), with the run-time configuration written into it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { BASE_PATH, isLanguage, LANGUAGES, type Language, type RuntimeConfig } from '@wildalert/shared';
import { negotiateLanguage } from '../i18n/language.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { tileSource } from './security-headers.ts';

interface WebOptions {
  /** The folder `vite build` wrote. */
  webDir: string;
  runtimeConfig: RuntimeConfig;
}

async function web(app: FastifyInstance, { webDir, runtimeConfig }: WebOptions) {
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(BASE_PATH));
  app.get(BASE_PATH.slice(0, -1), { schema: { hide: true } }, (_req, reply) => reply.redirect(BASE_PATH));

  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No web app in ${webDir}: run "npm run build -w apps/web". Serving the API only.`);
    app.get(`${BASE_PATH}*`, { schema: { hide: true } }, (_req, reply) =>
      sendProblem(reply, problem(503, 'The web app is not built on this server.')),
    );
    return;
  }
  const indexHtml = withRuntimeConfig(fs.readFileSync(indexFile, 'utf8'), runtimeConfig);
  const pages = pagesByRoute(indexHtml);

  await app.register(
    async (scope) => {
      // A hashed script or style sheet is not a page: the headers that govern pages (what they
      // may load, frame or open) mean nothing on it, and on a phone's first visit of ~15 such
      // files they cost more bytes than some of the files themselves.
      scope.addHook('onSend', async (request, reply) => {
        if (!request.url.startsWith(`${BASE_PATH}assets/`)) return;
        for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      });
      await scope.register(fastifyStatic, {
        root: webDir,
        prefix: '/',
        index: false,
        wildcard: true,
        schemaHide: true,
        // The .br and .gz files the build wrote beside each text file (apps/web/vite-precompress.ts),
        // as the client's Accept-Encoding allows; the file itself otherwise. Vary: Accept-Encoding either way.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Vite puts a content hash in every name under assets/: they never change.
          const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      const sendApp = (request: FastifyRequest, reply: FastifyReply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language')
          .send(pages.get(pageRoute(request.url, pages))![pageLanguage(request)]);
      scope.route({
        method: 'GET',
        url: '/',
        // Only /WildAlertApp/ itself: /WildAlertApp (no slash) redirects here.
        prefixTrailingSlash: 'slash',
        schema: { hide: true },
        handler: (request, reply) => sendApp(request, reply),
      });
      scope.setNotFoundHandler((request, reply) => {
        const last = request.url.split('?', 1)[0]!.split('/').pop() ?? '';
        // A path with a file extension is a missing asset; anything else is a route of the app.
        if ((request.method === 'GET' || request.method === 'HEAD') && !last.includes('.')) {
          return sendApp(request, reply);
        }
        return sendProblem(reply, problem(404, `No file at ${request.url.split('?', 1)[0]}`));
      });
    },
    { prefix: BASE_PATH.slice(0, -1) },
  );
}

// Encapsulated on purpose: its static files and its not-found handler (the app's index.html
// for client-side routes) concern /WildAlertApp/ only, never the API.
export default fp(web, { name: 'wildalert-web', dependencies: [], encapsulate: true });

/**
 * Headers only a document (or a worker) obeys, and the API's own (rate limits, CORS for its
 * JSON), left off the hashed assets. Kept on them: Strict-Transport-Security,
 * X-Content-Type-Options, Cross-Origin-Resource-Policy, caching and content headers.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'access-control-expose-headers',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/**
 * Fills `<meta name="wildalert-config" content="…">` in index.html. Beside it, a preconnect to
 * the tile server when it is another origin (one host, not `{s}` subdomains): the browser opens
 * that connection while the app's script downloads, and the map's first tiles do not wait for it.
 */
function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const meta = /<meta name="wildalert-config" content="[^"]*"\s*\/?>/;
  if (!meta.test(html)) throw new Error('index.html has no <meta name="wildalert-config"> to fill');
  const preconnect = tileSource(config.tileUrl).filter((origin) => !origin.includes('*'));
  return html.replace(
    meta,
    [
      `<meta name="wildalert-config" content="${escape(JSON.stringify(config))}" />`,
      ...preconnect.map((origin) => `<link rel="preconnect" href="${escape(origin)}" />`),
    ].join('\n    '),
  );
}

/**
 * The language the app will start in, as far as the server can tell: a shared link's `?lang=`,
 * else the browser's languages, else Polish (apps/web/src/i18n/i18n.ts decides for certain; it
 * also knows a choice stored on the device).
 */
function pageLanguage(request: FastifyRequest): Language {
  const fromLink = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  return isLanguage(fromLink) ? fromLink : negotiateLanguage(request.headers['accept-language'], 'pl');
}

/** The page asked for, as index.html's `data-route` links name it (`/addAlert`); '' for the others. */
function pageRoute(url: string, pages: Map<string, unknown>): string {
  const route = `/${url.split('?', 1)[0]!.slice(BASE_PATH.length)}`;
  return pages.has(route) ? route : '';
}

/**
 * index.html for each page and language: of the links the build wrote (apps/web/vite-preload.ts),
 * those of that language and of that page, or of no page in particular; the others left out.
 */
function pagesByRoute(html: string): Map<string, Record<Language, string>> {
  const links = /<link rel="modulepreload"[^>]*>\s*/g;
  const attribute = (link: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(link)?.[1];
  const routes = new Set(['', ...[...html.matchAll(links)].flatMap((m) => attribute(m[0], 'data-route') ?? [])]);
  const pageFor = (route: string, language: Language) =>
    html.replace(links, (link) => {
      const of = { route: attribute(link, 'data-route'), language: attribute(link, 'data-language') };
      return (of.route ?? route) === route && (of.language ?? language) === language ? link : '';
    });
  return new Map(
    [...routes].map((route) => [route, Object.fromEntries(LANGUAGES.map((language) => [language, pageFor(route, language)])) as Record<Language, string>]),
  );
}

/**
 * Security headers (helmet) with a Content-Security-Policy that lets pages load only from
 * this origin, plus map tiles from the configured tile server. No page may be framed, but the
 * embeddable map (/WildAlertApp/embed), which the sites of EMBED_FRAME_ANCESTORS may frame.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { BASE_PATH, EMBED_PAGE } from '@wildalert/shared';

interface SecurityHeadersOptions {
  tileUrl: string;
  /** CSP `frame-ancestors` sources of the embeddable map's page. */
  embedFrameAncestors: readonly string[];
}

const EMBED_PATHS = new Set([`${BASE_PATH}${EMBED_PAGE}`, `${BASE_PATH}${EMBED_PAGE}/`]);

export default fp<SecurityHeadersOptions>(
  async (app, { tileUrl, embedFrameAncestors }) => {
    const tiles = tileSource(tileUrl);
    // The embed's page is the app's index.html like every page; only its framing headers differ.
    // Replaced as the page is sent, whoever sends it, so no other path can come to carry them.
    app.addHook('onSend', async (request, reply) => {
      if (!EMBED_PATHS.has(request.url.split('?', 1)[0]!)) return;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${embedFrameAncestors.join(' ')}`));
      reply.removeHeader('x-frame-options');
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // Emotion (MUI) injects <style> elements and Leaflet and Swagger UI set style
          // attributes; neither can carry a nonce. Styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Tiles are <img>; the self-check may also fetch one. Leaflet and Swagger UI use data: images.
          imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
          connectSrc: ["'self'", ...tiles],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // No upgrade-insecure-requests: a local or LAN deployment serves tiles over http.
        },
      },
      frameguard: { action: 'deny' },
      // The OpenStreetMap tile policy asks browsers to send a Referer; the origin is enough.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Other origins may read the API (CORS); CORP only concerns no-cors embedding.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  },
  { name: 'wildalert-security-headers', dependencies: [] },
);

/**
 * The CSP source for a z/x/y tile URL template: its origin, with Leaflet's `{s}` subdomain
 * placeholder as a wildcard. A relative template is served by this origin: nothing to add.
 */
export function tileSource(tileUrl: string): string[] {
  const match = /^(https?:)\/\/([^/?#]+)/i.exec(tileUrl);
  if (!match) return [];
  const host = match[2]!.replace(/^\{s\}\./, '*.').replace(/\{[^}]*\}/g, '*');
  return [`${match[1]!.toLowerCase()}//${host.toLowerCase()}`];
}

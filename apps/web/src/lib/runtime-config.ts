/**
 * Configuration the server writes into index.html at run time
 * (`<meta name="wildalert-config" content="{…}">`), so deployments change it without a rebuild.
 */
import { DEFAULT_TILE_URL, type RuntimeConfig } from '@wildalert/shared';

export function parseRuntimeConfig(content: string | null | undefined): RuntimeConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(content ?? '{}');
  } catch {
    raw = {};
  }
  const { tileUrl, emailAlerts, placeSearch, publicDashboard } = (raw ?? {}) as { tileUrl?: unknown; emailAlerts?: unknown; placeSearch?: unknown; publicDashboard?: unknown };
  return {
    tileUrl: typeof tileUrl === 'string' && tileUrl.includes('{z}') ? tileUrl : DEFAULT_TILE_URL,
    emailAlerts: emailAlerts === true,
    // Only when the server says so: an older server (or a page without the meta) has no GET /places.
    placeSearch: placeSearch === true,
    publicDashboard: publicDashboard === true,
  };
}

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(
    document.querySelector('meta[name="wildalert-config"]')?.getAttribute('content'),
  );
  return cached;
}

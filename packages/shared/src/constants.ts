/**
 * Facts the web app and the API both need, as plain values: no TypeBox here, so the map's
 * bundle can import them without the schemas.
 */

/** Where the web app is served; the router's basename and Vite's `base`. */
export const BASE_PATH = '/WildAlertApp/';

/** The embeddable, read-only map's page under BASE_PATH: the one page other sites may frame. */
export const EMBED_PAGE = 'embed';

/** GET /Alerts and its stream: the search radius, in kilometres. */
export const RADIUS_DEFAULT_KM = 15;
export const RADIUS_MAX_KM = 100;
/** GET /Alerts: how many alerts one answer holds. */
export const LIMIT_DEFAULT = 1000;
export const LIMIT_MAX = 5000;

export const COMMENTS_MAX_LENGTH = 1000;
/** POST /Alerts/{id}/reports: the longest reason a visitor can give. */
export const REPORT_REASON_MAX_LENGTH = 500;

/** An alert's id (any UUID version), as routes take it in a path. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** OpenStreetMap's standard raster tiles, when the deployment names no other tile server. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The closest zoom OpenStreetMap's standard tiles exist for. */
export const MAX_ZOOM = 19;

/**
 * What the server writes into the web app's index.html at run time
 * (`<meta name="wildalert-config" content="{…}">`), so a deployment changes it without a rebuild.
 */
export interface RuntimeConfig {
  /** A z/x/y raster tile URL template. */
  tileUrl: string;
  /** The server sends area alerts by e-mail (SMTP_URL is set): the area sheet offers them. */
  emailAlerts: boolean;
  /** The server has a geocoder: the map offers place search (GET /places) and shows alerts' streets. */
  placeSearch: boolean;
  /** Everyone may see the city's dashboard (DASHBOARD_PUBLIC), without response times. */
  publicDashboard: boolean;
}

/** How often an e-mail area alert writes: each new report (at most one mail per PUSH_COALESCE_MINUTES), or a digest. */
export const EMAIL_FREQUENCIES = ['instant', 'hourly', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** Area alerts by web push: the radius a subscription may have, in kilometres. */
export const PUSH_RADIUS_MIN_KM = 0.5;
export const PUSH_RADIUS_MAX_KM = 10;
/** At most one notification per subscription in this time; what comes meanwhile is summarised. */
export const PUSH_COALESCE_MINUTES = 10;

/** The languages of the app and of the API's messages; Polish is the app's first. */
export const LANGUAGES = ['pl', 'en', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Every route of the app, relative to the router's basename (/WildAlertApp/). */
export const paths = {
  map: '/',
  addAlert: '/addAlert',
  test: '/test',
  /** The moderator's screen (ADMIN_TOKEN). */
  moderation: '/moderation',
  /** One alert: the map centred on it with its popup open (a shareable link). */
  alert: '/alerts/:id',
} as const;

/** The router's basename, Vite's `base` with its trailing slash: the map's address is /WildAlertApp/. */
export const BASENAME = import.meta.env.BASE_URL;

/** One alert's own address (its permalink), relative to the basename. */
export function alertPath(id: string): string {
  return `/alerts/${encodeURIComponent(id)}`;
}

/** Every route of the app, relative to the router's basename (/WildAlertApp/). */
export const paths = {
  map: '/',
  addAlert: '/addAlert',
  test: '/test',
} as const;

/** The router's basename: Vite's `base` without the trailing slash. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

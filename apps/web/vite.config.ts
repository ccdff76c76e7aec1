import fs from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { VitePWA } from 'vite-plugin-pwa';
import { BASE_PATH } from '@wildalert/shared';
import { precompress } from './vite-precompress.ts';
import { preloadFirstScreen } from './vite-preload.ts';

const API = process.env.WILDALERT_API ?? 'http://127.0.0.1:8080';
/** Modules only the staff's screens load: moderation, the staff feature and its passkey library. */
const STAFF_ONLY = /[\\/](?:src[\\/]features[\\/](?:staff|moderation)[\\/]|src[\\/]app[\\/]routes[\\/]moderation\.tsx$|src[\\/]lib[\\/]staff-session\.ts$|node_modules[\\/]@simplewebauthn[\\/])/;
const BASE = BASE_PATH;

/** The brand colour, from its one home (--wa-primary in global.css), for the browser's own chrome. */
const THEME_COLOR = /--wa-primary:\s*(#[0-9a-f]{6})\s*;/i.exec(
  fs.readFileSync(new URL('src/app/global.css', import.meta.url), 'utf8'),
)?.[1];
if (!THEME_COLOR) throw new Error('src/app/global.css defines no --wa-primary colour');

export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    {
      // The messages of src/i18n/{pl,en,uk}/*.json compiled from ICU MessageFormat into Lingui's
      // form, so that the browser gets no message parser, only the small runtime.
      name: 'wildalert-messages',
      enforce: 'pre',
      transform(code, id) {
        if (!/[\\/]src[\\/]i18n[\\/][a-z]{2}[\\/][\w-]+\.json$/.test(id)) return null;
        const messages = JSON.parse(code) as Record<string, string>;
        const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]));
        return { code: JSON.stringify(compiled), map: null };
      },
    },
    preloadFirstScreen(BASE),
    {
      name: 'wildalert-theme-color',
      transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOR }, injectTo: 'head' }],
    },
    // Our own service worker (src/sw/sw.ts) with Workbox's precache manifest injected: the app
    // shell is fetched network-first, so the server's run-time config in index.html stays current.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by src/lib/register-service-worker.ts, loaded after the page has loaded.
      injectRegister: false,
      // The manifest's icons are the browser's to fetch, when the app is installed (see globPatterns).
      includeManifestIcons: false,
      injectManifest: {
        // Every screen's code, so that the add form opens offline after a first visit online.
        // What the page has just loaded costs nothing more: hashed files are precached without
        // a revision, so the worker's requests are answered by the HTTP cache (immutable).
        // The PNG icons are left to the browser, which fetches them only to install the app.
        globPatterns: ['**/*.{js,css,svg,webmanifest}'],
        // The shell comes from the server, with its run-time config filled in (see sw.ts). The
        // staff's screens (moderation among them) and their messages are a few people's, online:
        // no visitor's device downloads them.
        globIgnores: [
          'index.html',
          'assets/messages-*-moderation-*',
          'assets/staff-*',
          'assets/messages-*-staff-*',
        ],
      },
      manifest: {
        name: 'WildAlert',
        short_name: 'WildAlert',
        // One manifest for every language: the name is the brand, the description says it in all three.
        description: 'Zgłoszenia dzikich zwierząt na mapie · Wild-animal sightings on a map · Повідомлення про диких тварин на мапі',
        id: BASE,
        start_url: BASE,
        scope: BASE,
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
    precompress(),
  ],
  resolve: {
    // Leaflet's ES module build, so that the parts the app never uses are left out.
    alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }],
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (the size budget reads it, bench/src/web-size.ts).
    manifest: true,
    // One stylesheet (~7 kB as sent), loaded with the page: a lazy chunk with a stylesheet of its
    // own makes Vite insert a <link> as it loads, ~15 ms of the main thread each on a phone, in
    // the middle of the map's first tasks, to save the first visit ~3 kB.
    cssCodeSplit: false,
    // A lazy chunk's own imports are fetched as the browser reads it, not announced beforehand by
    // Vite's helper: the helper's <link> insertions cost 10–30 ms of the main thread at each lazy
    // load in the map's first second, and most of those imports are already loaded by then. The
    // add form opened by its address is preloaded by index.html instead (vite-preload.ts), and
    // after a first visit the service worker has every chunk.
    modulePreload: false,
    // Leaflet's stylesheet names three PNGs: the layers control's button (twice) and the default
    // marker, none of which the app shows (its markers are its own). Inlined, they are ~5 kB of
    // base64 in the map's first stylesheet that compression cannot shrink; as files, no page
    // ever asks for them.
    assetsInlineLimit: (file) => (/[\\/]leaflet[\\/]dist[\\/]images[\\/]/.test(file) ? false : undefined),
    rollupOptions: {
      output: {
        // A language's messages named as such (messages-uk-core-….js): told apart from the screens'
        // code, in the network panel, the size bench and the browser tests.
        chunkFileNames: (chunk) => {
          const messages = /[\\/]i18n[\\/]([a-z]{2})[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          if (messages) return `assets/messages-${messages[1]}-${messages[2]}-[hash].js`;
          // The parts only staff screens use (their API calls, the passkey library) named as
          // theirs, so that the service worker leaves them out with the screens (globIgnores).
          // A chunk loaded by a staff module's import() is the staff's too, with whatever library code
          // only it needs (the organisation form's map: react-leaflet's Polygon).
          const staffOnly =
            (chunk.isDynamicEntry && chunk.facadeModuleId !== null && STAFF_ONLY.test(chunk.facadeModuleId)) ||
            (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => STAFF_ONLY.test(id)));
          return staffOnly && !chunk.name.startsWith('staff-') ? 'assets/staff-[name]-[hash].js' : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    // `npm run dev` (scripts/dev.mjs): the API runs beside Vite, which hands it every path outside
    // the app's, so a new route needs nothing here.
    proxy: { [`^/(?!${BASE.slice(1)})`]: API },
  },
});

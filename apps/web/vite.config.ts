import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = process.env.WILDALERT_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/WildAlertApp/',
  plugins: [react()],
  resolve: {
    // Leaflet's ES module build, so that the parts the app never uses are left out.
    alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }],
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (the size budget reads it, bench/src/web-size.ts).
    manifest: true,
  },
  server: {
    // `npm run dev`: the API runs beside Vite (npm run dev -w apps/api).
    proxy: Object.fromEntries(['/Alerts', '/Animals', '/health'].map((p) => [p, API])),
  },
});

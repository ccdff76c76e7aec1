#!/usr/bin/env node
// `npm start`: builds the web app and the API when their build is missing or older than their
// sources, then runs the compiled server (API and web app) in this process, on plain Node.
import { ensureBuilt } from './ensure-build.mjs';

try {
  ensureBuilt('web');
  ensureBuilt('api');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/api/dist/server.js');

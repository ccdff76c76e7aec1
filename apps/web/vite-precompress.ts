/**
 * After the build, writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of
 * dist that a browser downloads, for the server to send as they are (@fastify/static's
 * `preCompressed`): compressed once at their smallest, never on each request.
 *
 * A step of its own rather than a compression plugin of the bundle: the service worker
 * (sw.js) is written by vite-plugin-pwa after the bundle, and the plugins only see the
 * bundle and the public folder. index.html is left out: the server fills in its run-time
 * configuration and compresses the result itself. Source maps too: only developer tools read them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below this, the headers outweigh what compression saves (the server's threshold too). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wildalert-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle, vite-plugin-pwa's (which writes sw.js) included.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && TEXT.test(entry.name) && !entry.parentPath.includes(`${path.sep}.vite`))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const source = await fs.readFile(file);
            if (source.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

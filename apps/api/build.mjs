#!/usr/bin/env node
/**
 * `npm run build -w apps/api`: the server as one JavaScript file, dist/server.js, that plain
 * `node` runs (and dist/prepare-database.js beside it). The shared package, whose package exports TypeScript, is bundled in; every other
 * package stays in node_modules. The push sender's worker thread (src/push/push-sender-worker.ts) is
 * not bundled: Node (24) runs that file from the sources, stripping its types.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('.', import.meta.url));
const outdir = path.join(apiDir, 'dist');

/** Bare imports other than this repository's own packages are left to Node to resolve. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@wildalert/') ? undefined : { path: specifier, external: true },
    );
  },
};

/**
 * Each module keeps its source file's `import.meta.url`, so what it finds from there (the
 * migrations, apps/web/dist, package.json, the database template cache) is the same in the
 * bundle as under tsx, without the modules knowing they are bundled.
 */
const sourceImportMetaUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await fs.readFile(file, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = JSON.stringify(path.relative(outdir, file).split(path.sep).join('/'));
      return { contents: source.replaceAll('import.meta.url', `new URL(${fromBundle}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

await fs.rm(outdir, { recursive: true, force: true });
await build({
  // prepare-database.js: the embedded database's first-start work, which `npm start` runs beside the web build.
  entryPoints: { server: path.join(apiDir, 'src/server.ts'), 'prepare-database': path.join(apiDir, 'src/prepare-database.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceImportMetaUrl],
});

/**
 * What the built web app makes a browser download, from Vite's manifest
 * (apps/web/dist/.vite/manifest.json): the JavaScript the map route needs before its first
 * paint (the entry and everything it imports statically), and what opening the add form
 * adds on top (its lazy chunks and their imports not loaded already). Sizes are gzip, in kB of
 * 1,000 bytes (as Vite prints them; the stricter reading of the budget).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '@wildalert/test-support';

const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The map route's budget for its initial JavaScript. */
export const INITIAL_JS_BUDGET_KB = 150;

/** The lazy modules the add form loads (see apps/web/src/app/router.tsx). */
const ADD_ROUTE = ['src/app/routes/add-alert.tsx', 'src/app/themed.tsx'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface WebSizes {
  initialJsGzipKb: number;
  addChunkGzipKb: number;
  /** The files counted in the initial size, for a message naming them. */
  initialFiles: string[];
}

export function webSizes(dist = WEB_DIST): WebSizes {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The web manifest names no entry chunk');
  const initial = staticClosure(manifest, [entry]);
  const add = staticClosure(manifest, ADD_ROUTE);
  for (const key of initial) add.delete(key);
  const gzipKb = (keys: Set<string>) =>
    [...keys].reduce((kb, key) => kb + zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key]!.file))).length / 1000, 0);
  return {
    initialJsGzipKb: gzipKb(initial),
    addChunkGzipKb: gzipKb(add),
    initialFiles: [...initial].map((key) => manifest[key]!.file),
  };
}

/** The chunks `roots` load before running: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web manifest has no chunk ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

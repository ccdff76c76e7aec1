import { expect, it } from 'vitest';
import { ensureWebBuild } from '@wildalert/test-support';
import { INITIAL_JS_BUDGET_KB, webSizes } from './web-size.ts';

it(`keeps the map route's initial JavaScript within ${INITIAL_JS_BUDGET_KB} KB gzip`, () => {
  ensureWebBuild();
  const sizes = webSizes();
  expect(
    sizes.initialJsGzipKb,
    `The map route loads ${sizes.initialJsGzipKb.toFixed(1)} KB gzip of JavaScript (${sizes.initialFiles.join(', ')}). ` +
      'Load what its first paint does not need on demand (React.lazy, import()).',
  ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  // The add form is loaded on demand: it must not be part of the map's download.
  expect(sizes.addChunkGzipKb).toBeGreaterThan(0);
});

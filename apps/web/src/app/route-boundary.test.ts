import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './route-boundary.tsx';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/WildAlertApp/assets/add-alert-abc.js',
    'error loading dynamically imported module: http://localhost/WildAlertApp/assets/add-alert-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /WildAlertApp/assets/map-extras-abc.css',
  ])('knows a lost chunk: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors to the plain error screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

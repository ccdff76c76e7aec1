/**
 * Around each route: a screen that fails shows a Polish message and "Odśwież" instead of a
 * blank page. A screen whose code did not load (a deploy while the tab was open) reloads the
 * page once by itself; a mark in sessionStorage keeps that from becoming a reload loop.
 */
import { Component, useEffect, type ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Set when the page reloaded itself for a chunk; cleared once a screen has loaded. */
const RELOAD_MARK = 'wildalert.reloaded-for-chunk';

/** An `import()` that failed: the chunk is gone (a new deploy) or the network broke. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    // Chromium, Firefox, Safari; Vite's preload of a chunk's CSS.
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/** Reloads the page unless it has already reloaded itself for a chunk; says whether it did. */
function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_MARK) !== null) return false;
    sessionStorage.setItem(RELOAD_MARK, new Date().toISOString());
  } catch {
    return false; // Without storage a loop could not be told apart: the visitor decides.
  }
  window.location.reload();
  return true;
}

interface RouteBoundaryProps {
  children: ReactNode;
}

export class RouteBoundary extends Component<RouteBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) reloadOnce();
  }

  override render() {
    if (this.state.failed) return <RouteError chunk={isChunkLoadError(this.state.error)} />;
    return (
      <>
        {this.props.children}
        <ScreenLoaded />
      </>
    );
  }
}

/** Mounts together with the screen, once its code has arrived: a later lost chunk may reload again. */
function ScreenLoaded() {
  useEffect(() => {
    try {
      sessionStorage.removeItem(RELOAD_MARK);
    } catch {
      // No storage: no mark either.
    }
  }, []);
  return null;
}

function RouteError({ chunk }: { chunk: boolean }) {
  const title = chunk ? t('routeError.chunkTitle') : t('routeError.title');
  useDocumentTitle(title);
  return (
    <div className="wa-route-error" role="alert">
      <h1>{title}</h1>
      <p>{chunk ? t('routeError.chunkText') : t('routeError.text')}</p>
      <button type="button" className="wa-button" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </div>
  );
}

/**
 * The invite's secret, taken from the address's fragment (never sent to a server) and removed
 * from it at once with history.replaceState: it stays neither in the address bar nor in the
 * history, nor in a bookmark or a screenshot of the page.
 */
import { useState } from 'react';

/**
 * Kept here once taken: React may draw the screen twice (StrictMode) or anew (another
 * language), and by then the address no longer has it. A reload of the page loses it, by design.
 */
let taken: string | null = null;

export function takeInviteToken(location: Location = window.location, history: History = window.history): string | null {
  const token = fragment(location.hash);
  if (token !== '') {
    taken = token;
    // The router's own state (history.state) stays, so going back and forth still works.
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  }
  return taken;
}

function fragment(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim(); // A stray % (a mangled copy): the server will say it is unknown.
  }
}

/** After the invite is used up: a later visit to the screen does not offer it again. */
export function forgetInviteToken(): void {
  taken = null;
}

export function useInviteToken(): string | null {
  const [token] = useState(() => takeInviteToken());
  return token;
}

/** The notices to show now, and the one the visitor opened: a small store the banner, the list and the map's shapes share. */
import { useMemo, useSyncExternalStore } from 'react';
import { LANGUAGES, type Language, type Notice } from '@wildalert/shared';
import { useNow } from '../../../lib/use-now.ts';
import { useNotices } from '../api/get-notices.ts';

/** How often the map checks whether a notice ended: it disappears within this of its end. */
const TICK_MS = 15_000;

/** Those in force at `now`: begun and not ended (the server's answer may be up to a minute old). */
export function inForce(notices: readonly Notice[], now: number): Notice[] {
  return notices.filter((n) => Date.parse(n.startsAt) <= now && now < Date.parse(n.endsAt));
}

/** The language it is read in: `language` when written in it, else the first it was written in. */
export function noticeLanguage(notice: Pick<Notice, 'text'>, language: Language): Language {
  return notice.text[language] !== undefined ? language : (LANGUAGES.find((l) => notice.text[l] !== undefined) ?? language);
}

/** Its text in `language`, else in the first language it was written in. */
export function noticeText(notice: Pick<Notice, 'text'>, language: Language): string {
  return notice.text[noticeLanguage(notice, language)] ?? '';
}

export function useNoticesInForce(): { notices: Notice[]; now: number } {
  const now = useNow(TICK_MS);
  const { data } = useNotices();
  return { notices: useMemo(() => inForce(data ?? [], now), [data, now]), now };
}

let opened: string | null = null;
const listeners = new Set<() => void>();

/** Opens a notice's card (a tap on its chip or its shape), or closes it (null). */
export function openNotice(id: string | null): void {
  opened = id;
  for (const listener of listeners) listener();
}

export function useOpenedNotice(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => opened,
  );
}

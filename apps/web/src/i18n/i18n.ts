/**
 * The app's text by key, in the visitor's language (Lingui's runtime: ICU MessageFormat,
 * plural forms by Intl.PluralRules). Each language's messages are split by screen (./pl/*.json,
 * ./en/*.json, ./uk/*.json, compiled when built) and loaded on demand: the first paint loads
 * `core` of the active language only (the map and what comes with it); another screen loads its
 * own part with its code (`withMessages`). A part the first visit loads anyway belongs in `core`:
 * each file is one more request.
 */
import { i18n, type Messages as Compiled } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { animalByKey, animalName, isLanguage, type Language } from '@wildalert/shared';
import type core from './pl/core.json';
import type addAlert from './pl/add-alert.json';
import type areaAlerts from './pl/area-alerts.json';
import type dashboard from './pl/dashboard.json';
import type email from './pl/email.json';
import type embed from './pl/embed.json';
import type follow from './pl/follow.json';
import type hotspots from './pl/hotspots.json';
import type moderation from './pl/moderation.json';
import type notices from './pl/notices.json';
import type official from './pl/official.json';
import type photos from './pl/photos.json';
import type places from './pl/places.json';
import type report from './pl/report.json';
import type selfCheck from './pl/self-check.json';
import type staff from './pl/staff.json';
import type webhooks from './pl/webhooks.json';
import type whatToDo from './pl/what-to-do.json';

/** Polish is the source: every key of every language is one of its keys (a test checks they match). */
type Messages = typeof core &
  typeof addAlert &
  typeof areaAlerts &
  typeof dashboard &
  typeof email &
  typeof embed &
  typeof follow &
  typeof hotspots &
  typeof moderation &
  typeof notices &
  typeof official &
  typeof photos &
  typeof places &
  typeof report &
  typeof selfCheck &
  typeof staff &
  typeof webhooks &
  typeof whatToDo;
export type MessageKey = keyof Messages;

/** A part of a language's messages: a file name in ./pl, ./en and ./uk. */
export type Namespace =
  | 'core'
  | 'add-alert'
  | 'area-alerts'
  | 'dashboard'
  | 'email'
  | 'embed'
  | 'follow'
  | 'hotspots'
  | 'moderation'
  | 'notices'
  | 'official'
  | 'photos'
  | 'places'
  | 'report'
  | 'self-check'
  | 'staff'
  | 'webhooks'
  | 'what-to-do';

const files = import.meta.glob<Compiled>('./*/*.json', { import: 'default' });

/** The text of `key` in the active language; `values` fill its `{arguments}`. */
export function t(key: MessageKey, values?: Record<string, string | number | boolean>): string {
  return i18n._(key, values);
}

/** The active language ("pl" until one is chosen). */
export function language(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'pl';
}

const loaded = new Set<Namespace>();
const loading = new Map<string, Promise<void>>();

function loadInto(lang: Language, namespace: Namespace): Promise<void> {
  const id = `${lang}/${namespace}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = files[`./${id}.json`]!().then((messages) => i18n.load(lang, messages));
    // A failed load (the connection broke) may be tried again.
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/** The language last asked for (activate), while its messages may still be loading. */
let asked: Language | undefined;
const wanted = (): Language => asked ?? language();

/**
 * Loads a part of the messages of the language in use, or of the one being switched to (on a
 * first visit the page's language loads while the screen's code does): a screen awaits its own
 * before it draws.
 */
export async function loadMessages(namespace: Namespace): Promise<void> {
  // Counted first, so that a switch of language meanwhile loads it in the new language too.
  loaded.add(namespace);
  let lang: Language;
  do {
    lang = wanted();
    await loadInto(lang, namespace);
  } while (lang !== wanted());
}

/** Switches to `lang` once every part loaded so far is there in it too; the screens redraw. */
export async function activate(lang: Language): Promise<void> {
  asked = lang;
  await Promise.all([...new Set<Namespace>(['core', ...loaded])].map((namespace) => loadInto(lang, namespace)));
  // Another language asked for meanwhile: that one's activation follows.
  if (asked !== lang) return;
  loaded.add('core');
  i18n.activate(lang);
  // The language's number format, which every plural uses, takes 20–50 ms to build the first
  // time (ICU's number data): built in a task of its own right away, not in the middle of
  // drawing the map's first markers (the browser is seldom idle before those).
  setTimeout(() => i18n.number(0));
  document.documentElement.lang = lang;
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language, for components that draw again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, language, language);
}

const STORAGE_KEY = 'wildalert-language';

/** The visitor's own choice on this device, if any. */
function chosenLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The switcher's choice: remembered on the device, before any shared link's language. */
export function chooseLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  return activate(lang);
}

/**
 * The language of a first paint: the visitor's own choice, else the address's `?lang=` (a shared
 * link), else the first of the browser's languages the app has, else Polish.
 */
export function initialLanguage(search: string, browserLanguages: readonly string[]): Language {
  const fromLink = new URLSearchParams(search).get('lang');
  if (chosenLanguage()) return chosenLanguage()!;
  if (isLanguage(fromLink)) return fromLink;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'pl';
}

/** An animal's name (by its catalogue key) in the active language. */
export function animalNameOf(key: string): string {
  return animalName(animalByKey(key), language());
}

/** A lazy module and its screen's messages, loaded together: `lazy(withMessages('report', () => import(…)))`. */
export function withMessages<T>(namespace: Namespace, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMessages(namespace)]).then(([module]) => module);
}

/**
 * Before each web test file: the app's first language, Polish, as a first visit without a choice
 * gets it, with every screen's messages (the screens' lazy loading is not what these tests test).
 */
import { activate, loadMessages } from './i18n/i18n.ts';

// Not for the files that run in Node (`@vitest-environment node`: the outbox against a real server): no page, no messages.
if (typeof document !== 'undefined') {
  await activate('pl');
  await Promise.all((['add-alert', 'area-alerts', 'notices', 'official', 'report', 'self-check', 'what-to-do'] as const).map(loadMessages));
}

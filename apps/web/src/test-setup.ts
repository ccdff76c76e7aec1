/**
 * Before each web test file: the app's first language, Polish, as a first visit without a choice
 * gets it, with every screen's messages (the screens' lazy loading is not what these tests test).
 */
import { activate, loadMessages } from './i18n/i18n.ts';

await activate('pl');
await Promise.all((['add-alert', 'area-alerts', 'report', 'self-check', 'what-to-do'] as const).map(loadMessages));

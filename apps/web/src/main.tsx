import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { currentPath, paths } from './config/paths.ts';
import { activate, initialLanguage } from './i18n/i18n.ts';
import { afterFirstPaint } from './lib/later.ts';

// The page's language (the visitor's choice, a shared link's, the browser's) and its messages
// first, and the code of the screen asked for when it has its own (the add form): the header
// index.html painted stays until then, and the screen is drawn without a spinner first.
// In a transition: React draws the first screen in slices, yielding to the browser between them,
// instead of in one long task that a tap or a scroll would wait for.
const render = () => startTransition(() => createRoot(document.getElementById('root')!).render(<App />));
void Promise.all([activate(initialLanguage(window.location.search, navigator.languages)), preloadScreen(currentPath())]).then(render, render);

// After the first paint's work is done: offline support is not needed to show the map. Not in
// the embeddable map (another site's frame): it adds nothing and works online only.
const embedded = currentPath().replace(/\/$/, '') === paths.embed;
if (!embedded) afterFirstPaint(() => {
  const ignore = () => undefined; // Not loadable (offline without the worker): the app works without.
  void import('./lib/register-service-worker.ts').then((m) => m.registerServiceWorker(), ignore);
  // Alerts added without a connection: sent now, and whenever the connection returns.
  void import('./features/offline-queue/api/outbox.ts').then((m) => m.theOutbox().start(), ignore);
});

import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

createRoot(document.getElementById('root')!).render(<App />);

// After the first paint's work is done: offline support is not needed to show the map.
window.addEventListener('load', () => {
  void import('./lib/register-service-worker.ts').then((m) => m.registerServiceWorker());
});

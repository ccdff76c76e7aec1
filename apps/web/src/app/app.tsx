/** The application shell: providers, then the routes inside the frame. */
import './global.css';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BASENAME } from '../config/paths.ts';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // One quiet retry, then the screen says what failed and offers its own retry.
    queries: { retry: 1, retryDelay: 1000, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});

// TanStack Query assumes a connection until an `offline` event says otherwise. Opened without
// one, the searches wait for it (and start when it comes) instead of failing and staying failed.
onlineManager.setOnline(navigator.onLine);

export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={BASENAME}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}

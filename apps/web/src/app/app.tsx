/** The application shell: providers, then the routes inside the frame. */
import './global.css';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BASENAME } from '../config/paths.ts';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // One quiet retry, then the screen says what failed and offers its own retry.
    queries: { retry: 1, retryDelay: 1000, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});

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

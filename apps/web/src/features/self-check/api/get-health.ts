/** GET /health: is the API up, which database engine serves it, how many alerts it holds. */
import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return api<HealthResponse>('/health', { signal, cache: 'no-store' });
}

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: ({ signal }) => getHealth(signal), retry: false, staleTime: 0 });
}

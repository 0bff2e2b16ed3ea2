import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** SPEC §9: 3 retries, 1 s doubling up to 30 s, data kept 5 min, duplicate fetches within 2 s deduped. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failures < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
        staleTime: 2_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

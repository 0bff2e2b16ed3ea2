import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicLinks } from '#common/contracts/meta';
import { publicQueryKeys } from '#common/domain/rooms';
import { api } from './api.ts';

/** Links the server lets the browser see (GET /api/config). */
export const publicConfigQuery = queryOptions({
  queryKey: publicQueryKeys.config,
  queryFn: () => api<{ data: PublicLinks }>('/config').then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(publicConfigQuery).data;

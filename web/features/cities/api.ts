/** The cities with rooms and a city's page (decision 0044). */
import { useQuery } from '@tanstack/react-query';
import type { City, CityPage, CityPageResult } from '#common/contracts/cities';
import type { PageMeta } from '#common/contracts/rooms';
import { publicQueryKeys } from '#common/domain/rooms';
import { ApiError, api } from '#web/lib/api.ts';

export function useCities() {
  return useQuery({
    queryKey: publicQueryKeys.cities,
    queryFn: () => api<{ data: City[] }>('/cities').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/**
 * A page of a city's rooms, its meta inside; null: no published room in that city (the page's 404,
 * drawn by the server from the same null).
 */
export function useCityPage(slug: string, page: number) {
  return useQuery({
    queryKey: publicQueryKeys.city(slug, page),
    queryFn: () =>
      api<{ data: CityPage; meta: PageMeta }>(`/cities/${encodeURIComponent(slug)}?page=${page}`).then(
        (r): CityPageResult | null => ({ ...r.data, meta: r.meta }),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        },
      ),
    staleTime: 60_000,
  });
}

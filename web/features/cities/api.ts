/** The cities with rooms and a city's page (decision 0044). */
import { useQuery } from '@tanstack/react-query';
import type { City, CityPage } from '#common/contracts/cities';
import { publicQueryKeys } from '#common/domain/rooms';
import { ApiError, api } from '#web/lib/api.ts';

export function useCities() {
  return useQuery({
    queryKey: publicQueryKeys.cities,
    queryFn: () => api<{ data: City[] }>('/cities').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** null: no published room in that city (the page's 404, drawn by the server from the same null). */
export function useCityPage(slug: string) {
  return useQuery({
    queryKey: publicQueryKeys.city(slug),
    queryFn: () =>
      api<{ data: CityPage }>(`/cities/${encodeURIComponent(slug)}`).then(
        (r): CityPage | null => r.data,
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        },
      ),
    staleTime: 60_000,
  });
}

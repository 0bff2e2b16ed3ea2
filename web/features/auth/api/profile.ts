import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteDataBody, Council, SpecialistProfile } from '#common/contracts/auth';
import { api } from '#web/lib/api.ts';

export const specialistProfileQuery = queryOptions({
  queryKey: ['customer', 'profile'],
  queryFn: () => api<{ data: SpecialistProfile | null }>('/customer/profile').then((r) => r.data),
});

export const councilsQuery = queryOptions({
  queryKey: ['health-advice'],
  queryFn: () => api<{ data: Council[] }>('/health-advice').then((r) => r.data),
  staleTime: 60 * 60_000,
});

export const useSpecialistProfile = (enabled: boolean) => useQuery({ ...specialistProfileQuery, enabled });
export const useCouncils = () => useQuery(councilsQuery);

export function useCompleteData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteDataBody) =>
      api<{ data: SpecialistProfile }>('/customer/completeData', { method: 'POST', body }).then(
        (r) => r.data,
      ),
    onSuccess: (profile) => {
      queryClient.setQueryData(specialistProfileQuery.queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

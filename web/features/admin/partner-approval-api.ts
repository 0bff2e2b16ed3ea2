/** The operator's list of partners by sign-up state, and the approve / reject calls (decision 0039). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPartner } from '#common/contracts/admin';
import type { PartnerApproval } from '#common/contracts/partner';
import type { PageMeta } from '#common/contracts/rooms';
import { api } from '#web/lib/api.ts';

type Page<T> = { data: T[]; meta: PageMeta };

/** A page of partners, all of them or those whose sign-up is in `approval`. */
export function usePartnersByApproval(page: number, approval: PartnerApproval | null) {
  const query = new URLSearchParams({ page: String(page) });
  if (approval) query.set('approval', approval);
  return useQuery({
    queryKey: ['admin', 'partners', 'approval', approval ?? 'all', page],
    queryFn: () => api<Page<AdminPartner>>(`/fusion/users/partner?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** How many sign-ups wait for a decision (the "Pendentes" badge). */
export function usePendingPartnersCount() {
  return useQuery({
    queryKey: ['admin', 'partners', 'approval', 'pending-count'],
    queryFn: () =>
      api<Page<AdminPartner>>('/fusion/users/partner?approval=pending&per_page=1').then((r) => r.meta.total),
  });
}

function useDecision<B>(call: (uuid: string, body: B) => Promise<AdminPartner>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: B }) => call(uuid, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useApprovePartner = () =>
  useDecision((uuid, _body: undefined) =>
    api<{ data: AdminPartner }>(`/fusion/partner/${uuid}/approve`, { method: 'POST' }).then((r) => r.data),
  );

export const useRejectPartner = () =>
  useDecision((uuid, body: { reason: string }) =>
    api<{ data: AdminPartner }>(`/fusion/partner/${uuid}/reject`, { method: 'POST', body }).then(
      (r) => r.data,
    ),
  );

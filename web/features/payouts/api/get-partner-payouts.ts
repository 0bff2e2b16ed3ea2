/** GET /api/partner/{partner}/payouts: the partner's own payouts, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payout } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { payoutKeys } from './keys.ts';

export const partnerPayoutsQuery = (partner: string) =>
  queryOptions({
    queryKey: payoutKeys.partnerPayouts(partner),
    queryFn: () => api<{ data: Payout[] }>(`/partner/${partner}/payouts`).then((r) => r.data),
  });

export const usePartnerPayouts = (partner: string) => useQuery(partnerPayoutsQuery(partner));

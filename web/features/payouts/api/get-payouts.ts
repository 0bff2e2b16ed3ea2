/** GET /api/fusion/payouts?status=: every partner's payouts, optionally of one status. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Payout, payoutStatuses } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { payoutKeys } from './keys.ts';

export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutsQuery = (status: PayoutStatus | null) =>
  queryOptions({
    queryKey: payoutKeys.list(status),
    queryFn: () =>
      api<{ data: Payout[] }>(`/fusion/payouts${status ? `?${new URLSearchParams({ status })}` : ''}`).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
  });

export const usePayouts = (status: PayoutStatus | null) => useQuery(payoutsQuery(status));

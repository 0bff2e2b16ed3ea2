/** GET /api/fusion/payouts/balances: what each partner has to come, available and paid out. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { payoutKeys } from './keys.ts';

export const balancesQuery = queryOptions({
  queryKey: payoutKeys.balances,
  queryFn: () => api<{ data: Balance[] }>('/fusion/payouts/balances').then((r) => r.data),
});

export const useBalances = () => useQuery(balancesQuery);

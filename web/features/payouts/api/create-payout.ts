/** POST /api/fusion/payouts { partner_uuid }: a payout of everything the partner has available. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { payoutKeys } from './keys.ts';

export const createPayout = (partnerUuid: string) =>
  api<{ data: Payout }>('/fusion/payouts', { method: 'POST', body: { partner_uuid: partnerUuid } }).then(
    (r) => r.data,
  );

export function useCreatePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    // A 422 (nothing available any more) means the balances shown are stale too.
    onSettled: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

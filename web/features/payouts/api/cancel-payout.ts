/** POST /api/fusion/payouts/{uuid}/cancel: a pending payout canceled, its lines available again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { payoutKeys } from './keys.ts';

export const cancelPayout = (uuid: string) =>
  api<{ data: Payout }>(`/fusion/payouts/${uuid}/cancel`, { method: 'POST' }).then((r) => r.data);

export function useCancelPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPayout,
    onSettled: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

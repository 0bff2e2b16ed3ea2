/** POST /api/fusion/payouts/{uuid}/paid { reference }: a pending payout recorded as paid, with its proof. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { payoutKeys } from './keys.ts';

export const payPayout = ({ uuid, reference }: { uuid: string; reference: string }) =>
  api<{ data: Payout }>(`/fusion/payouts/${uuid}/paid`, { method: 'POST', body: { reference } }).then(
    (r) => r.data,
  );

export function usePayPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payPayout,
    // A 409 (paid or canceled meanwhile) leaves the list stale: fetched again either way.
    onSettled: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

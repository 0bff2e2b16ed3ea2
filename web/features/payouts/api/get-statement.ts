/** GET /api/partner/{partner}/statement?dateInit&dateEnd: one month of the partner's statement. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement } from '#common/contracts/payouts';
import { api } from '#web/lib/api.ts';
import { monthRange } from '../month.ts';
import { payoutKeys } from './keys.ts';

export const getStatement = (partner: string, month: string) => {
  const [dateInit, dateEnd] = monthRange(month);
  return api<{ data: Statement }>(
    `/partner/${partner}/statement?${new URLSearchParams({ dateInit, dateEnd })}`,
  ).then((r) => r.data);
};

export const statementQuery = (partner: string, month: string) =>
  queryOptions({
    queryKey: payoutKeys.statement(partner, month),
    queryFn: () => getStatement(partner, month),
    placeholderData: keepPreviousData,
  });

export const useStatement = (partner: string, month: string) => useQuery(statementQuery(partner, month));

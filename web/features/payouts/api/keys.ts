/** Query keys of the statements and payouts: every payout mutation invalidates `payoutKeys.all`. */
export const payoutKeys = {
  all: ['payouts'] as const,
  statement: (partner: string, month: string) => ['payouts', 'statement', partner, month] as const,
  partnerPayouts: (partner: string) => ['payouts', 'partner', partner] as const,
  balances: ['payouts', 'balances'] as const,
  list: (status: string | null) => ['payouts', 'list', status ?? 'all'] as const,
};

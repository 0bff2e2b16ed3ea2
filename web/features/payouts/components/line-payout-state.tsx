import { Anchor, Text } from '@mantine/core';
import type { Payout, StatementLine } from '#common/contracts/payouts';
import { formatShortDate } from '#web/lib/format.ts';
import { payoutStatusLabels, text } from '../messages.ts';
import { HeldBadge, SplitBadge } from './payout-badges.tsx';

/** The id of a payout's row in the partner's list, the target of the lines' links. */
export const payoutAnchor = (uuid: string) => `repasse-${uuid}`;

/**
 * Where a line's net stands: in a payout (linked to it below), paid by Mercado Pago's split, held
 * by a dispute, or available from a day.
 */
export function LinePayoutState({
  line,
  payouts,
  now,
}: {
  line: StatementLine;
  payouts: Map<string, Payout>;
  now: number;
}) {
  if (line.payout_uuid) {
    const payout = payouts.get(line.payout_uuid);
    return (
      <Anchor href={`#${payoutAnchor(line.payout_uuid)}`} size="sm">
        {payout
          ? text.inPayout(
              formatShortDate(payout.created_at),
              payoutStatusLabels[payout.status] ?? payout.status,
            )
          : text.inPayoutUnknown}
      </Anchor>
    );
  }
  if (line.settlement === 'split') return <SplitBadge />;
  if (!line.available_at) return <HeldBadge />;
  return (
    <Text size="sm">
      {Date.parse(line.available_at) > now
        ? text.availableOn(line.available_at)
        : text.availableSince(line.available_at)}
    </Text>
  );
}

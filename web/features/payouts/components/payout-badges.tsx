import { Badge, type BadgeProps } from '@mantine/core';
import type { Payout } from '#common/contracts/payouts';
import { payoutStatusLabels, text } from '../messages.ts';

const dark = { color: 'var(--mantine-color-dark-7)' };
const statusColors: Record<Payout['status'], string> = { pending: 'yellow', paid: 'green', canceled: 'gray' };

/** Pendente / Pago / Cancelado. */
export function PayoutStatusBadge({ status, ...props }: { status: Payout['status'] } & BadgeProps) {
  return (
    <Badge variant="light" color={statusColors[status]} style={dark} {...props}>
      {payoutStatusLabels[status] ?? status}
    </Badge>
  );
}

/** A line whose payment was split at Mercado Pago: the partner already has its net. */
export function SplitBadge() {
  return (
    <Badge variant="light" color="blue" style={dark} title={text.splitHint}>
      {text.split}
    </Badge>
  );
}

/** A line whose payment is in dispute: its net is held. */
export function HeldBadge() {
  return (
    <Badge variant="light" color="orange" style={dark} title={text.heldHint}>
      {text.held}
    </Badge>
  );
}

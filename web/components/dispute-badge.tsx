import { Badge } from '@mantine/core';
import { paymentStatusLabels } from '#common/contracts/payments';

/** "Em disputa" / "Estornado pelo banco" beside an amount whose payment is in dispute; else nothing. */
export function DisputeBadge({ status }: { status: string | null | undefined }) {
  if (status !== 'disputed' && status !== 'charged_back') return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={status === 'charged_back' ? 'red' : 'orange'}
      title="A parte do parceiro fica retida até a disputa terminar."
      style={{ color: 'var(--mantine-color-dark-7)' }}
    >
      {paymentStatusLabels[status]}
    </Badge>
  );
}

import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { paymentStatusLabels } from '#common/contracts/payments';
import { formatBrl } from '#web/lib/format.ts';
import { usePaymentAttention } from '../api.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

const outcomeLabels: Record<string, string> = {
  paid: 'pago lá, não aqui',
  failed: 'recusado lá',
  refunded: 'devolvido pelo painel do provedor',
  disputed: 'disputa aberta lá',
  charged_back: 'estornado lá',
};

function Line({ title, detail }: { title: React.ReactNode; detail: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} component="div" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {detail}
      </Text>
    </Stack>
  );
}

/**
 * Money that needs the operator (DESIGN §9): payments in dispute or charged back (the partner's
 * share held), what the daily comparison with the provider changed here, refunds pending for a day.
 * Nothing when all is in order.
 */
export function PaymentAttention() {
  const query = usePaymentAttention();
  const data = query.data;
  if (!data) return null;
  const { disputes, differences, stuck_refunds: stuck } = data;
  if (disputes.length + differences.length + stuck.length === 0) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Pagamentos que pedem atenção">
      <Stack gap="md">
        {disputes.length > 0 && (
          <Stack gap="xs">
            <Text size="sm">
              Em disputa ou estornados: a parte do parceiro fica retida. Responda pelo painel do Mercado Pago.
            </Text>
            {disputes.map((d) => (
              <Line
                key={d.payment_uuid}
                title={
                  <Group gap="xs" wrap="wrap">
                    <span>
                      {formatBrl(d.amount_cents)} · {d.room.name}
                    </span>
                    <Badge color={d.status === 'charged_back' ? 'red' : 'orange'} variant="light">
                      {paymentStatusLabels[d.status]}
                    </Badge>
                  </Group>
                }
                detail={`${d.customer.name} (${d.customer.email}) · desde ${when(d.since)} · retido do parceiro ${formatBrl(d.net_cents)}${d.provider_ref ? ` · no provedor: ${d.provider_ref}` : ''}`}
              />
            ))}
          </Stack>
        )}
        {differences.length > 0 && (
          <Stack gap="xs">
            <Text size="sm">Acertados pela conferência diária com o provedor (últimos 30 dias):</Text>
            {differences.map((d) => (
              <Line
                key={`${d.payment_uuid}-${d.found_at}`}
                title={`${formatBrl(d.amount_cents)} · ${d.room.name} · ${outcomeLabels[d.outcome] ?? d.outcome}`}
                detail={`${d.customer.name} (${d.customer.email}) · em ${when(d.found_at)} · agora ${paymentStatusLabels[d.payment_status]?.toLowerCase() ?? d.payment_status}`}
              />
            ))}
          </Stack>
        )}
        {stuck.length > 0 && (
          <Stack gap="xs">
            <Text size="sm">
              Reembolsos pendentes há mais de um dia (o Salas continua tentando; confira o saldo e as
              credenciais da conta do Mercado Pago):
            </Text>
            {stuck.map((r) => (
              <Line
                key={r.refund_uuid}
                title={formatBrl(r.amount_cents)}
                detail={`desde ${when(r.created_at)} · ${r.attempts} tentativas${r.last_error ? ` · ${r.last_error}` : ''}`}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}

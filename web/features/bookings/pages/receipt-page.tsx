import {
  Alert,
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatCnpj, formatCpf } from '#common/br/documents';
import type { CustomerBooking } from '#common/contracts/booking';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useMyBooking } from '../api.ts';
import { dateAndTime, daysOf, shortDate } from '../booking-hours.ts';
import { text } from '../messages.ts';
import { bookingPath } from '../paths.ts';
import { addressLine, wasPaid } from './booking-page.tsx';
import './receipt.css';

const t = text.receipt;

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={strong ? 800 : 400} ta="right">
        {value}
      </Text>
    </Group>
  );
}

type ReceiptDocument = NonNullable<CustomerBooking['receipt']>['payer_document'];

/** "CPF 123.456.789-09" / "CNPJ 11.222.333/0001-81", or what says it is not on file. */
const documentLine = (d: ReceiptDocument, missing: string) =>
  d ? t.document(d.type, d.type === 'cpf' ? formatCpf(d.number) : formatCnpj(d.number)) : missing;

function Receipt({ b }: { b: CustomerBooking }) {
  const p = b.payment!;
  const method =
    p.method === 'card' && p.card
      ? `${text.page.method.card} ${p.card.brand.toUpperCase()} •••• ${p.card.last4}`
      : (text.page.method[p.method] ?? p.method);
  const now = new Date();
  const issued = `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
  return (
    <Card
      withBorder
      padding="lg"
      className="salas-receipt"
      maw={760}
      component="article"
      aria-label={t.title}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t.title}
          </Title>
          <Text size="sm">{t.issuer}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t.number(b.uuid)}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <div>
            <Text size="sm" fw={600}>
              {t.receivedFrom}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {b.customer.name}
            </Text>
            <Text size="sm">{documentLine(b.receipt?.payer_document ?? null, t.noPayerDocument)}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {b.customer.email}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              {t.payee}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {b.receipt?.payee.name ?? b.clinic.name}
            </Text>
            <Text size="sm">{documentLine(b.receipt?.payee.document ?? null, t.noPayeeDocument)}</Text>
          </div>
        </SimpleGrid>
        <div>
          <Text size="sm">{t.description(b.room.name, b.clinic.name)}</Text>
          {b.clinic.address && (
            <Text size="sm" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
              {t.address}: {addressLine(b.clinic.address)}
            </Text>
          )}
        </div>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.hour}</Table.Th>
              <Table.Th ta="right">{t.price}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.appointments.map((a) => (
              <Table.Tr key={a.uuid}>
                <Table.Td>
                  {shortDate(a.date_time.slice(0, 10))} · {daysOf([a])[0]!.ranges[0]}
                  {a.status === 'canceled' ? ` (${text.statuses.canceled})` : ''}
                </Table.Td>
                <Table.Td ta="right">{formatBrl(a.price_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4}>
          <Line label={t.paid} value={formatBrl(p.amount_cents)} />
          {p.refunded_cents > 0 && <Line label={t.refunded} value={`− ${formatBrl(p.refunded_cents)}`} />}
          <Divider />
          <Line label={t.net} value={formatBrl(p.amount_cents - p.refunded_cents)} strong />
        </Stack>
        <Stack gap={4}>
          <Line label={t.method} value={method} />
          {p.paid_at && <Line label={t.paidAt} value={dateAndTime(p.paid_at)} />}
        </Stack>
        <Text size="xs" c="dimmed">
          {t.issuedAt(issued)}
        </Text>
        <Group gap="xs" data-no-print>
          <Button leftSection={<IconPrinter size={16} aria-hidden="true" />} onClick={() => window.print()}>
            {t.print}
          </Button>
          <Anchor component={Link} to={bookingPath(b.uuid)} size="sm">
            {t.back}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** /especialista/agendamentos/{uuid}/recibo: the paid booking's receipt, printed with window.print(). */
export function ReceiptPage() {
  const { uuid } = useParams();
  const booking = useMyBooking(uuid);
  const b = booking.data;
  usePageTitle(t.title);
  useBreadcrumbName(uuid, b?.room.name);
  return (
    <QueryState isPending={booking.isPending} error={booking.error} retry={() => booking.refetch()}>
      {b &&
        (wasPaid(b) ? (
          <Receipt b={b} />
        ) : (
          <Stack maw={760}>
            <Alert color="yellow">{t.notPaid}</Alert>
            <Anchor component={Link} to={bookingPath(b.uuid)} size="sm">
              {t.back}
            </Anchor>
          </Stack>
        ))}
    </QueryState>
  );
}

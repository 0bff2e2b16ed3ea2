import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMapPin, IconReceipt } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { Booking, CustomerBooking } from '#common/contracts/booking';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { ReviewLink } from '#web/features/reviews/components/review-link.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { useMyBooking, usePaymentStatus } from '../api.ts';
import { dateAndTime, daysOf, shortDate } from '../booking-hours.ts';
import { useAskCancelBooking } from '../components/cancel-booking.tsx';
import { PixPanel } from '../components/pix-panel.tsx';
import { text } from '../messages.ts';
import { receiptPath, seriesAnchor } from '../paths.ts';

const t = text.page;

/** The clinic's address in one line, as a map search reads it. */
export function addressLine(a: NonNullable<CustomerBooking['clinic']['address']>): string {
  const cep = `${a.zip_code.slice(0, 5)}-${a.zip_code.slice(5)}`;
  return `${a.street}, ${a.number}${a.complement ? ` — ${a.complement}` : ''}, ${a.neighborhood}, ${a.city} - ${a.state}, ${cep}`;
}

/** Google Maps' documented search URL (maps/documentation/urls: `api=1&query=`). */
export const mapUrl = (clinic: string, a: NonNullable<CustomerBooking['clinic']['address']>) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${clinic}, ${a.street}, ${a.number}, ${a.neighborhood}, ${a.city} - ${a.state}, ${a.zip_code}`,
  )}`;

/** The booking as the Pix panel reads it (the one the booking call answered). */
const asBooking = (b: CustomerBooking): Booking => ({
  uuid: b.uuid,
  status: b.status,
  amount_cents: b.amount_cents,
  appointments: b.appointments.map((a) => ({ uuid: a.uuid, date_time: a.date_time, status: a.status })),
  payment: {
    uuid: b.payment!.uuid,
    method: b.payment!.method,
    status: b.payment!.status,
    ...(b.payment?.pix ? { pix: b.payment.pix } : {}),
  },
});

const PAID = ['paid', 'partially_refunded', 'refunded', 'disputed', 'charged_back'];
export const wasPaid = (b: CustomerBooking) => Boolean(b.payment && PAID.includes(b.payment.status));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Where({ b }: { b: CustomerBooking }) {
  const a = b.clinic.address;
  return (
    <Section title={t.where}>
      <Text fw={600}>{b.room.name}</Text>
      <Text size="sm">{b.clinic.name}</Text>
      {a ? (
        <Stack gap={4} mt={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {addressLine(a)}
          </Text>
          <Anchor
            href={mapUrl(b.clinic.name, a)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            aria-label={t.mapLabel(b.clinic.name)}
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconMapPin size={16} aria-hidden="true" />
              {t.map}
              <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          {t.noAddress}
        </Text>
      )}
    </Section>
  );
}

function Hours({ b }: { b: CustomerBooking }) {
  return (
    <Section title={t.hours}>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {b.appointments.map((a) => (
          <Group component="li" key={a.uuid} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              <Text span fw={600}>
                {shortDate(a.date_time.slice(0, 10))}
              </Text>{' '}
              · {daysOf([a])[0]!.ranges[0]}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{formatBrl(a.price_cents)}</Text>
              <Badge variant="light" color="gray" style={{ color: 'var(--mantine-color-dark-7)' }}>
                {text.statuses[a.status] ?? a.status}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}

function Payment({ b }: { b: CustomerBooking }) {
  const p = b.payment;
  if (!p) return null;
  const method =
    p.method === 'card' && p.card
      ? `${t.method.card} · ${p.card.brand.toUpperCase()} •••• ${p.card.last4}`
      : (t.method[p.method] ?? p.method);
  return (
    <Section title={t.payment}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{method}</Text>
          <Badge variant="light" color="gray" style={{ color: 'var(--mantine-color-dark-7)' }}>
            {text.paymentStatuses[p.status] ?? p.status}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t.total}</Text>
          <Text fw={700}>{formatBrl(p.amount_cents)}</Text>
        </Group>
        {p.refunded_cents > 0 && (
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t.refunded}</Text>
            <Text size="sm">{formatBrl(p.refunded_cents)}</Text>
          </Group>
        )}
        {p.paid_at && (
          <Text size="sm" c="dimmed">
            {t.paidAt(dateAndTime(p.paid_at))}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function Refunds({ b }: { b: CustomerBooking }) {
  return (
    <Section title={t.refunds}>
      {b.refunds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noRefunds}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {b.refunds.map((r) => (
            <Group component="li" key={r.uuid} justify="space-between" gap="xs" wrap="wrap">
              <div>
                <Text size="sm" fw={600}>
                  {formatBrl(r.amount_cents)} {text.refundStatuses[r.status] ?? r.status}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.refundLine(text.refundReasons[r.reason] ?? r.reason, dateAndTime(r.created_at))}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * /especialista/agendamentos/{uuid}: one booking — the Pix to pay while it can be paid, where it is
 * (address, map), its hours, payment and refunds, the receipt and the cancel (decision 0037).
 */
export function BookingPage() {
  const { uuid } = useParams();
  const booking = useMyBooking(uuid);
  const b = booking.data;
  usePageTitle(b ? `${t.title} · ${b.room.name}` : t.title);
  useBreadcrumbName(uuid, b?.room.name);
  const { ask } = useAskCancelBooking();
  // The Pix paid (or gone) while the page is open: the booking is read again.
  const payment = usePaymentStatus(b?.payment?.pix ? b.payment.uuid : undefined);
  const settled = payment.data && payment.data.status !== 'pending';
  const { refetch } = booking;
  useEffect(() => {
    if (settled) refetch();
  }, [settled, refetch]);

  return (
    <QueryState isPending={booking.isPending} error={booking.error} retry={() => booking.refetch()}>
      {b && (
        <Stack maw={760}>
          <div>
            <Group gap="xs" align="center">
              <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                {b.room.name}
              </Title>
              <Badge variant="light" color="gray" style={{ color: 'var(--mantine-color-dark-7)' }}>
                {text.statuses[b.status] ?? text.paymentStatuses[b.status] ?? b.status}
              </Badge>
            </Group>
            <Text c="dimmed" size="sm">
              {b.clinic.name} · {t.bookedOn(dateAndTime(b.created_at))}
            </Text>
          </div>
          {b.payment?.pix && (
            <Card withBorder padding="md" component="section" aria-label={t.payPixTitle}>
              <Title order={2} fz="h4" mb="xs">
                {t.payPixTitle}
              </Title>
              <PixPanel booking={asBooking(b)} />
            </Card>
          )}
          {b.status === 'canceled' && <Alert color="gray">{t.canceledNote}</Alert>}
          {b.status === 'expired' && <Alert color="gray">{t.expiredNote}</Alert>}
          {b.series_uuid && (
            <Alert color="blue" variant="light">
              <Stack gap={4} align="flex-start">
                <Text size="sm">{t.seriesMonth}</Text>
                <Anchor
                  component={Link}
                  to={`/especialista/agendamentos#${seriesAnchor(b.series_uuid)}`}
                  size="sm"
                >
                  {t.seriesLink}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <ReviewLink bookingUuid={b.uuid} />
          <Where b={b} />
          <Hours b={b} />
          <Payment b={b} />
          <Refunds b={b} />
          <Group gap="xs">
            {wasPaid(b) ? (
              <Button
                component={Link}
                to={receiptPath(b.uuid)}
                variant="light"
                leftSection={<IconReceipt size={16} aria-hidden="true" />}
              >
                {t.receipt}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t.receiptLater}
              </Text>
            )}
            {b.cancelable && (
              <Button variant="subtle" color="red" onClick={() => ask(b)}>
                {t.cancel}
              </Button>
            )}
          </Group>
          <Anchor component={Link} to="/especialista/agendamentos" size="sm">
            {t.back}
          </Anchor>
        </Stack>
      )}
    </QueryState>
  );
}

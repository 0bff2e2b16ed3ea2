import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { DeskBookingDetail } from '#common/contracts/desk';
import { refundReasonLabels } from '#common/contracts/desk';
import { paymentStatusLabels } from '#common/contracts/payments';
import { appointmentStatusLabels } from '#common/domain/booking';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { DisputeBadge } from '#web/components/dispute-badge.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useDeskBooking } from '../api.ts';
import { cancelableHours, DeskCancelDialog } from '../components/desk-cancel-dialog.tsx';
import { DeskStatusBadge, deskDate, deskHour, deskWhen } from '../components/desk-status-badge.tsx';
import { text } from '../messages.ts';

const t = text.desk;
type Booking = DeskBookingDetail;

/** A titled card that is also a named region (screen readers and journeys find "Horários"). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const line = { borderBottom: '1px solid var(--mantine-color-gray-2)', paddingBottom: 8 } as const;
const wrap = { overflowWrap: 'anywhere' } as const;

function People({ booking: b }: { booking: Booking }) {
  const personPath = b.outside
    ? `/admin/gestao/parceiros/${b.customer.uuid}`
    : `/admin/gestao/especialistas/${b.customer.uuid}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Section title={b.outside ? t.recordedBy : t.customer}>
        <Stack gap={2}>
          {b.outside ? (
            <>
              <Text fw={700} style={wrap}>
                {b.outside.name}
              </Text>
              {b.outside.email && (
                <Text size="sm" style={wrap}>
                  {b.outside.email}
                </Text>
              )}
            </>
          ) : (
            <>
              <Anchor component={Link} to={personPath} fw={700} style={wrap}>
                {b.customer.name}
              </Anchor>
              <Text size="sm" style={wrap}>
                {b.customer.email}
              </Text>
            </>
          )}
          {b.note && (
            <Text size="sm" mt="xs">
              {t.note}: {b.note}
            </Text>
          )}
        </Stack>
      </Section>
      <Section title={t.place}>
        <Stack gap={2}>
          <Text fw={700}>{b.room.name}</Text>
          <Text size="sm">{b.clinic.name}</Text>
          {b.clinic.address && (
            <Text size="sm" c="dark.4" style={wrap}>
              {b.clinic.address}
            </Text>
          )}
          <Text size="sm" mt="xs">
            {t.partner}:{' '}
            <Anchor component={Link} to={`/admin/gestao/parceiros/${b.clinic.partner.uuid}`} size="sm">
              {b.clinic.partner.name}
            </Anchor>
          </Text>
          {b.series_uuid && (
            <Text size="sm" c="dark.4">
              {t.series}
            </Text>
          )}
        </Stack>
      </Section>
    </SimpleGrid>
  );
}

function Hours({ booking: b }: { booking: Booking }) {
  return (
    <Section title={t.hoursTitle}>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {b.appointments.map((a) => (
          <li key={a.uuid} style={line}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={700}>
                  {deskDate(a.date_time)} · {deskHour(a.date_time)}–{deskHour(a.ends_at)}
                </Text>
                <Text size="sm">
                  {formatBrl(a.price_cents)}
                  {a.refund_cents > 0 ? ` · ${t.refundOf(formatBrl(a.refund_cents))}` : ''}
                </Text>
                {a.canceled_at && (
                  <Text size="xs" c="dark.4">
                    {t.hourCanceled(deskWhen(a.canceled_at), a.canceled_by?.name ?? null)}
                  </Text>
                )}
              </div>
              <DeskStatusBadge status={a.status} label={appointmentStatusLabels[a.status]} />
            </Group>
          </li>
        ))}
      </Stack>
    </Section>
  );
}

function Payment({ booking: b }: { booking: Booking }) {
  const p = b.payment;
  return (
    <Section title={t.payment}>
      {!p ? (
        <Text size="sm">{t.noPayment}</Text>
      ) : (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{formatBrl(p.amount_cents)}</Text>
            <Badge size="sm" variant="light" color="gray" style={{ color: 'var(--mantine-color-dark-7)' }}>
              {paymentStatusLabels[p.status] ?? p.status}
            </Badge>
            <DisputeBadge status={p.status} />
          </Group>
          <Text size="sm">
            {p.card ? t.card(p.card.brand, p.card.last4) : (t.methods[p.method] ?? p.method)}
          </Text>
          {p.paid_at && <Text size="sm">{t.paidAt(deskWhen(p.paid_at))}</Text>}
          {p.refunded_cents > 0 && <Text size="sm">{t.refunded(formatBrl(p.refunded_cents))}</Text>}
          {p.provider_ref && (
            <Text size="xs" c="dark.4" style={wrap}>
              {t.providerRef}: {p.provider_ref}
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}

function Refunds({ booking: b }: { booking: Booking }) {
  return (
    <Section title={t.refunds}>
      {b.refunds.length === 0 ? (
        <Text size="sm" c="dark.4">
          {t.noRefunds}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {b.refunds.map((f) => (
            <li key={f.uuid} style={line}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div>
                  <Text fw={700}>{formatBrl(f.amount_cents)}</Text>
                  <Text size="xs" c="dark.4">
                    {deskWhen(f.created_at)} · {refundReasonLabels[f.reason] ?? f.reason}
                  </Text>
                </div>
                <DeskStatusBadge
                  status={
                    f.status === 'succeeded'
                      ? 'confirmed'
                      : f.status === 'failed'
                        ? 'failed'
                        : 'pending_payment'
                  }
                  label={t.refundStatuses[f.status] ?? f.status}
                />
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

type Message = Booking['mails'][number];

/** A list of the outbox's messages about the booking: what, to whom, when, and how it went. */
function Messages(props: {
  title: string;
  hint: string;
  empty: string;
  messages: Message[];
  badge: (m: Message) => { status: string; label: string };
}) {
  return (
    <Section title={props.title}>
      <Text size="xs" c="dark.4" mb="xs">
        {props.hint}
      </Text>
      {props.messages.length === 0 ? (
        <Text size="sm" c="dark.4">
          {props.empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {props.messages.map((m) => (
            <li key={m.uuid} style={line}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={wrap}>
                    {m.subject}
                  </Text>
                  <Text size="xs" c="dark.4" style={wrap}>
                    {m.template && `${t.template(m.template)} · `}
                    {/* A masked number stays on one line: "(11) 9••••-3210" must not break after "(11)". */}
                    <span style={m.channel === 'whatsapp' ? { whiteSpace: 'nowrap' } : undefined}>
                      {t.mailTo(m.recipient)}
                    </span>{' '}
                    · {deskWhen(m.delivery_updated_at ?? m.sent_at ?? m.created_at)}
                  </Text>
                </div>
                <DeskStatusBadge {...props.badge(m)} />
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const badgeColor = (status: string) =>
  status === 'failed' ? 'failed' : status === 'pending' || status === 'skipped' ? 'expired' : 'confirmed';

function Mails({ booking: b }: { booking: Booking }) {
  return (
    <Messages
      title={t.mails}
      hint={t.mailsHint}
      empty={t.noMails}
      messages={b.mails.filter((m) => m.channel === 'email')}
      badge={(m) => ({ status: badgeColor(m.status), label: t.mailStatuses[m.status] ?? m.status })}
    />
  );
}

/** The WhatsApp messages: the provider's news (delivered, read, failed) once it sent them. */
function WhatsApps({ booking: b }: { booking: Booking }) {
  return (
    <Messages
      title={t.whatsapp}
      hint={t.whatsappHint}
      empty={t.noWhatsapp}
      messages={b.mails.filter((m) => m.channel === 'whatsapp')}
      badge={(m) =>
        m.delivery_status
          ? {
              status: badgeColor(m.delivery_status),
              label: t.deliveryStatuses[m.delivery_status] ?? m.delivery_status,
            }
          : { status: badgeColor(m.status), label: t.whatsappStatuses[m.status] ?? m.status }
      }
    />
  );
}

function History({ booking: b }: { booking: Booking }) {
  return (
    <Section title={t.history}>
      <Timeline bulletSize={14} lineWidth={2}>
        {b.history.map((h, i) => (
          <Timeline.Item
            key={`${h.at}-${i}`}
            title={
              <Text size="sm" fw={600} style={wrap}>
                {h.description}
              </Text>
            }
          >
            <Text size="xs" c="dark.4">
              {deskWhen(h.at)} · {h.actor ? `${h.actor.name} (${h.actor.email})` : t.system}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

/** /admin/gestao/reservas/{uuid}: one booking as the operator needs it on the phone with the person. */
export function DeskBookingPage() {
  const { uuid } = useParams();
  const detail = useDeskBooking(uuid);
  const b = detail.data;
  const first = b?.appointments[0];
  const name = b ? `${b.room.name}${first ? ` · ${deskDate(first.date_time)}` : ''}` : undefined;
  usePageTitle(b ? t.pageTitle(b.room.name) : t.title);
  useBreadcrumbName(uuid, name);
  const [canceling, setCanceling] = useState(false);
  return (
    <QueryState isPending={detail.isPending} error={detail.error} retry={() => detail.refetch()}>
      {b && (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div style={{ minWidth: 0, flex: '1 1 18rem' }}>
              <Group gap="xs" align="center">
                <Title order={1} fz="h2" style={wrap}>
                  {t.pageTitle(b.room.name)}
                </Title>
                <DeskStatusBadge status={b.status} />
              </Group>
              <Text size="sm" c="dark.4">
                {t.createdAt(deskWhen(b.created_at))} · {formatBrl(b.amount_cents)} ·{' '}
                {t.methods[b.payment_method] ?? b.payment_method}
              </Text>
              <Text size="xs" c="dark.4" style={wrap}>
                {t.bookingId}: <code>{b.uuid}</code>
              </Text>
            </div>
            {cancelableHours(b).length > 0 && (
              <Button color="red" variant="light" onClick={() => setCanceling(true)}>
                {t.cancel.open}
              </Button>
            )}
          </Group>
          <People booking={b} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Hours booking={b} />
            <Stack>
              <Payment booking={b} />
              <Refunds booking={b} />
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <History booking={b} />
            <Stack>
              <Mails booking={b} />
              <WhatsApps booking={b} />
            </Stack>
          </SimpleGrid>
          <DeskCancelDialog booking={b} opened={canceling} onClose={() => setCanceling(false)} />
        </Stack>
      )}
    </QueryState>
  );
}

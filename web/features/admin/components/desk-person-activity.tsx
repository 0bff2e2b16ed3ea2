import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminUserActivity } from '#common/contracts/admin';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Section } from '#web/components/section.tsx';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDeskBookings, useResendInvitation, useUserActivity } from '../api.ts';
import { text } from '../messages.ts';
import { DeskBookingList } from './desk-booking-list.tsx';
import { DeskStatusBadge } from './desk-status-badge.tsx';

const t = text.person;
const weekdays = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];
const isoShort = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(2, 4)}`;
const item = { borderBottom: '1px solid var(--mantine-color-gray-2)', paddingBottom: 6 } as const;

/** The person's bookings, newest first, each opening its booking page. */
export function DeskPersonBookings({ uuid, email, phone }: { uuid: string; email: string; phone: boolean }) {
  const [page, setPage] = useState(1);
  const list = useDeskBookings({ page, per_page: 10, customer: uuid });
  return (
    <Section title={t.bookings}>
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dark.4">{t.noBookings}</Text>
        ) : (
          <Stack>
            <DeskBookingList bookings={list.data?.data ?? []} showPerson={false} phone={phone} />
            <Pager meta={list.data?.meta} onChange={setPage} />
            <Anchor
              component={Link}
              to={`/admin/gestao/reservas?busca=${encodeURIComponent(email)}`}
              size="sm"
            >
              {t.allBookings}
            </Anchor>
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

function SeriesList({ series }: { series: AdminUserActivity['series'] }) {
  if (series.length === 0) return <Text c="dark.4">{t.noSeries}</Text>;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {series.map((s) => (
        <li key={s.uuid} style={item}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={700}>
                {s.room.name}
              </Text>
              <Text size="xs" c="dark.4">
                {s.room.clinic}
              </Text>
              <Text size="sm">{t.seriesLine(weekdays[s.weekday] ?? '', s.time, s.minutes)}</Text>
              <Text size="xs" c="dark.4">
                {t.seriesWeeks(s.weeks, isoShort(s.first_date))}
              </Text>
            </div>
            <DeskStatusBadge
              status={s.status === 'active' ? 'confirmed' : 'expired'}
              label={t.seriesStatuses[s.status]}
            />
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function WaitlistList({ entries }: { entries: AdminUserActivity['waitlist'] }) {
  if (entries.length === 0) return <Text c="dark.4">{t.noWaitlist}</Text>;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((w) => (
        <li key={w.uuid} style={item}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={700}>
                {w.room.name}
              </Text>
              <Text size="xs" c="dark.4">
                {w.room.clinic}
              </Text>
              <Text size="sm">
                {isoShort(w.date)} · {w.from}–{w.to}
              </Text>
            </div>
            <DeskStatusBadge
              status={
                w.status === 'waiting'
                  ? 'pending_payment'
                  : w.status === 'offered' || w.status === 'booked'
                    ? 'confirmed'
                    : 'expired'
              }
              label={t.waitlistStatuses[w.status]}
            />
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function CardList({ cards }: { cards: AdminUserActivity['cards'] }) {
  if (cards.length === 0) return <Text c="dark.4">{t.noCards}</Text>;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {cards.map((c) => (
        <li key={c.uuid} style={item}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{t.cardLine(c.brand, c.last4, c.exp_month, c.exp_year)}</Text>
            {c.is_default && (
              <Badge size="sm" variant="light" style={{ color: 'var(--mantine-color-dark-7)' }}>
                {t.defaultCard}
              </Badge>
            )}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/** Horários fixos, waitlist places and saved cards (brand and last 4 only). */
export function DeskPersonActivity({ uuid }: { uuid: string }) {
  const activity = useUserActivity(uuid);
  const a = activity.data;
  return (
    <QueryState isPending={activity.isPending} error={activity.error} retry={() => activity.refetch()}>
      {a && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Section title={t.series}>
            <SeriesList series={a.series} />
          </Section>
          <Section title={t.waitlist}>
            <WaitlistList entries={a.waitlist} />
          </Section>
          <Section title={t.cards}>
            <CardList cards={a.cards} />
          </Section>
        </SimpleGrid>
      )}
    </QueryState>
  );
}

/** "Reenviar convite" while the person has not set a password yet. */
export function DeskInvitation({ uuid }: { uuid: string }) {
  const activity = useUserActivity(uuid);
  const resend = useResendInvitation(uuid);
  if (!activity.data?.invitation_pending) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">{t.invitationPending}</Text>
      <Button
        size="xs"
        variant="light"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (r) => notifySuccess(r.message),
            onError: (err) => notifyError(t.resendFailed, errorText(err)),
          })
        }
      >
        {t.resend}
      </Button>
    </Group>
  );
}

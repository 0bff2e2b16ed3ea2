/** "Meus agendamentos": the person's waitlist entries; a held time is paid here (card or Pix) or let go. */
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Booking } from '#common/contracts/booking';
import type { WaitlistEntry } from '#common/contracts/waitlist';
import { useCards } from '#web/features/bookings/api.ts';
import { PixPanel } from '#web/features/bookings/components/pix-panel.tsx';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useClaimOffer, useLeaveWaitlist, useMyWaitlist } from '../api.ts';
import { text } from '../messages.ts';

const live = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

function EntryCard({ entry, highlighted }: { entry: WaitlistEntry; highlighted: boolean }) {
  const cards = useCards();
  const claim = useClaimOffer();
  const leave = useLeaveWaitlist();
  const [card, setCard] = useState<string | null>(null);
  const [pix, setPix] = useState<Booking>();
  const chosen = card ?? cards.data?.find((c) => c.is_default)?.uuid ?? cards.data?.[0]?.uuid ?? null;
  const pay = (method: 'card' | 'pix') =>
    claim.mutate(
      { uuid: entry.uuid, payment_method: method, card_uuid: method === 'card' ? chosen : null },
      {
        onSuccess: (b) => (b.payment.pix ? setPix(b) : notifySuccess(text.booked)),
        onError: (err) => notifyError(text.failed, errorText(err)),
      },
    );
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      style={highlighted ? { borderColor: 'var(--mantine-color-salas-6)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{text.range(entry.date, entry.from, entry.to)}</Text>
          <Text size="sm">
            {entry.room.name}{' '}
            <Text span size="sm" c="dimmed">
              ({entry.room.clinic})
            </Text>
          </Text>
        </div>
        <Badge
          variant="light"
          color={entry.status === 'offered' ? 'yellow' : entry.status === 'booked' ? 'green' : 'gray'}
          style={{ color: 'var(--mantine-color-dark-7)', flexShrink: 0 }}
        >
          {text.statuses[entry.status]}
        </Badge>
      </Group>
      {entry.offer && !pix && (
        <Stack gap="xs" mt="sm">
          <Alert color="yellow" role="status">
            {text.heldUntil(entry.offer.expires_at.slice(11, 16), formatBrl(entry.offer.amount_cents))} ·{' '}
            {entry.offer.date_times.map((d) => d.slice(11, 16)).join(', ')}
          </Alert>
          <Group gap="xs" align="flex-end" wrap="wrap">
            {(cards.data?.length ?? 0) > 0 && (
              <>
                <Select
                  label={text.card}
                  data={(cards.data ?? []).map((c) => ({
                    value: c.uuid,
                    label: `${c.brand.toUpperCase()} •••• ${c.last4}`,
                  }))}
                  value={chosen}
                  onChange={setCard}
                  allowDeselect={false}
                  w={200}
                />
                <Button onClick={() => pay('card')} loading={claim.isPending}>
                  {text.payCard}
                </Button>
              </>
            )}
            <Button variant="light" onClick={() => pay('pix')} loading={claim.isPending}>
              {text.payPix}
            </Button>
          </Group>
        </Stack>
      )}
      {pix && <PixPanel booking={pix} onDone={() => setPix(undefined)} />}
      {live(entry) && (
        <Group justify="flex-end" mt="xs">
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            loading={leave.isPending}
            onClick={() =>
              leave.mutate(entry.uuid, {
                onSuccess: () => notifySuccess(text.left),
                onError: (err) => notifyError(text.failed, errorText(err)),
              })
            }
          >
            {text.leave}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * `offers`: the times held for the person right now (and the one a mail linked to), at the top of
 * the page — they last 15 minutes; `waiting`: the rest of the line, below the bookings.
 */
export function MyWaitlist({ part }: { part: 'offers' | 'waiting' }) {
  const list = useMyWaitlist();
  const [params] = useSearchParams();
  const offer = params.get('oferta');
  const urgent = (e: WaitlistEntry) => Boolean(e.offer) || e.uuid === offer;
  const shown = (list.data ?? [])
    .filter((e) => (part === 'offers' ? urgent(e) : live(e) && !urgent(e)))
    .slice(0, 20);
  if (!shown.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`my-waitlist-${part}`}>
      <Title order={2} fz="h4" id={`my-waitlist-${part}`}>
        {part === 'offers' ? text.offersTitle : text.title}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {shown.map((e) => (
          <EntryCard key={e.uuid} entry={e} highlighted={e.uuid === offer} />
        ))}
      </Stack>
    </Stack>
  );
}

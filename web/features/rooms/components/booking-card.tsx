import './room-page.css';
import { Box, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { RoomDetail } from '#common/contracts/rooms';
import { durationLabel } from '#common/domain/booking-rules';
import { text as seriesText } from '#web/features/series/messages.ts';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { BookingFooter } from './booking-footer.tsx';
import { PickedSummary } from './picked-summary.tsx';

// "Tornar horário fixo" loads when asked for.
const SeriesModal = lazy(async () => ({
  default: (await import('#web/features/series/components/series-modal.tsx')).SeriesModal,
}));

// "Repetir toda semana" loads once an hour is picked.
const RepeatWeekly = lazy(async () => ({ default: (await import('./repeat-weekly.tsx')).RepeatWeekly }));

/**
 * The calendar beside the hours, then the picked days with what can be done with them (repeat
 * every week, make it a horário fixo): the card's and the sheet's body. Compact on purpose: at
 * 1366×768 the whole card, "Reservar" included, fits the window (decision 0043).
 */
export function BookingBody({
  room,
  booking,
  anchor,
}: {
  room: RoomDetail;
  booking: RoomBooking;
  /** Ends the calendar's links (the phone's sheet drawn without scripts). */
  anchor?: string;
}) {
  return (
    <Stack gap={8}>
      <BookingCalendar uuid={room.uuid} booking={booking} anchor={anchor} />
      {booking.selected.length > 0 && (
        <>
          <PickedSummary booking={booking} anchor={anchor} />
          <Suspense>
            <RepeatWeekly
              uuid={room.uuid}
              selected={booking.selected}
              weeks={booking.weeks}
              onWeeksChange={booking.setWeeks}
              onAdd={booking.add}
            />
          </Suspense>
          <SeriesOffer room={room} booking={booking} />
        </>
      )}
    </Stack>
  );
}

/** The room's rules that differ from the plain hour, in one line ("Reserva mínima de 2 h · …"). */
export function RoomRules({ room }: { room: RoomDetail }) {
  const rules = text.room.rules(room.booking_rules, durationLabel);
  if (!rules) return null;
  return (
    <Text size="xs" c="dimmed">
      {rules}
    </Text>
  );
}

/** One stretch picked on one day: it can become a horário fixo (signed-in people who may book). */
function SeriesOffer({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  const [open, setOpen] = useState(false);
  const starts = [...booking.selected].sort();
  const step = room.booking_rules.slot_minutes * 60_000;
  const oneStretch =
    starts.length > 0 &&
    !booking.tooShort &&
    starts.every((iso, i) => i === 0 || Date.parse(iso) - Date.parse(starts[i - 1]!) === step);
  if (!booking.signedIn || !booking.mayBook || !oneStretch) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Button variant="light" size="compact-sm" onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
        {seriesText.open}
      </Button>
      <Text size="xs" c="dimmed" lh={1.3}>
        {seriesText.openHint}
      </Text>
      {open && (
        <Suspense>
          <SeriesModal
            room={room}
            starts={starts}
            onClose={() => setOpen(false)}
            onBooked={() => {
              setOpen(false);
              booking.booked();
            }}
          />
        </Suspense>
      )}
    </Group>
  );
}

export function HourPrice({ cents, size = 26 }: { cents: number; size?: number }) {
  return (
    <Text fz={size} fw={800} c="salas.9" lh={1.2}>
      {formatBrl(cents)}
      <Text span size="md" c="dimmed" fw={400}>
        {text.perHour}
      </Text>
    </Text>
  );
}

/**
 * Desktop (from 62em, by CSS): the booking card beside the room, sticky while the page scrolls and
 * as tall as what it holds — at 1366×768 every action, "Reservar" included, in view without
 * scrolling inside it. The server draws the calendar and the hours as links (decision 0044).
 */
export function BookingCard({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  return (
    <Paper
      component="section"
      aria-labelledby="booking-card-title"
      withBorder
      shadow="md"
      radius="lg"
      className="salas-booking-card"
    >
      <Box px="md" pt="md" pb={6}>
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="h4" id="booking-card-title">
            {text.room.availability}
          </Title>
          <HourPrice cents={room.hour_price_cents} size={22} />
        </Group>
        <RoomRules room={room} />
      </Box>
      <Box px="md" pt={4} pb="sm" className="salas-booking-card-body">
        <BookingBody room={room} booking={booking} />
      </Box>
      <Divider />
      <Box px="md" py="sm">
        <BookingFooter booking={booking} onReserve={booking.reserve} />
      </Box>
    </Paper>
  );
}

import { Box, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
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

/** The calendar, the hours, the repeat option and the picked days: the card's and the sheet's body. */
export function BookingBody({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  const rules = text.room.rules(room.booking_rules, durationLabel);
  return (
    <Stack gap="md">
      {rules && (
        <Text size="sm" c="dimmed">
          {rules}
        </Text>
      )}
      <BookingCalendar uuid={room.uuid} booking={booking} />
      {booking.selected.length > 0 && (
        <>
          <Suspense>
            <RepeatWeekly
              uuid={room.uuid}
              selected={booking.selected}
              weeks={booking.weeks}
              onWeeksChange={booking.setWeeks}
              onAdd={booking.add}
            />
          </Suspense>
          <PickedSummary booking={booking} />
          <SeriesOffer room={room} booking={booking} />
        </>
      )}
    </Stack>
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
    <Stack gap={2}>
      <Button variant="light" onClick={() => setOpen(true)}>
        {seriesText.open}
      </Button>
      <Text size="xs" c="dimmed">
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
    </Stack>
  );
}

export function HourPrice({ cents }: { cents: number }) {
  return (
    <Text fz={26} fw={800} c="salas.9" lh={1.2}>
      {formatBrl(cents)}
      <Text span size="md" c="dimmed" fw={400}>
        {text.perHour}
      </Text>
    </Text>
  );
}

/**
 * Desktop: the booking card beside the room, sticky while the page scrolls. It fits the window
 * from where it starts (under the header), so "Reservar" is in view on arrival; on a short window
 * the body scrolls inside the card and the total and "Reservar" stay in view.
 */
export function BookingCard({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  return (
    <Paper
      component="section"
      aria-labelledby="booking-card-title"
      withBorder
      shadow="md"
      radius="lg"
      pos="sticky"
      top={16}
      style={{ display: 'flex', flexDirection: 'column', maxHeight: 'max(420px, calc(100vh - 190px))' }}
    >
      <Box p="lg" pb="xs">
        <HourPrice cents={room.hour_price_cents} />
        <Title order={2} fz="h4" mt="xs" id="booking-card-title">
          {text.room.availability}
        </Title>
      </Box>
      <Box px="lg" py="xs" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <BookingBody room={room} booking={booking} />
      </Box>
      <Divider />
      <Box p="lg" pt="md">
        <BookingFooter booking={booking} onReserve={booking.reserve} />
      </Box>
    </Paper>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useHydrated } from '#web/lib/hydrated.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';
import { buttonLink } from './address-link.ts';

/** The running total and "Reservar", always in view at the bottom of the card or the sheet. */
export function BookingFooter({
  booking,
  onReserve,
  anchor = '',
}: {
  booking: RoomBooking;
  onReserve(): void;
  /** Ends "Limpar seleção"'s link (the phone's sheet drawn without scripts). */
  anchor?: string;
}) {
  const n = booking.selected.length;
  // Booking needs the page's scripts (sign-in, the card or Pix): until they run, or without them,
  // "Reservar" is drawn off and the note says why; the picked hours stay in the address.
  const running = useHydrated();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline" wrap="nowrap" aria-live="polite">
        <Text size="sm">{n ? bookingText.selected(n) : text.bar.pick}</Text>
        {n > 0 && (
          <Text fw={800} fz="lg">
            {bookingText.total}: {formatBrl(booking.totalCents)}
          </Text>
        )}
      </Group>
      {booking.tooShort && (
        <Text size="sm" c="red.8" role="status">
          {booking.tooShort}
        </Text>
      )}
      <noscript>
        <Text size="sm" c="dark.6" role="note">
          {text.room.noScripts}
        </Text>
      </noscript>
      <Button
        fullWidth
        size="md"
        onClick={onReserve}
        disabled={!running || n === 0 || !booking.mayBook || Boolean(booking.tooShort)}
      >
        {bookingText.book}
      </Button>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {booking.preview
            ? text.room.previewNoBooking
            : booking.mayBook
              ? text.room.freeCancellation(FREE_CANCELLATION_HOURS)
              : text.room.onlySpecialists}
        </Text>
        {n > 0 && (
          <Button
            variant="subtle"
            size="compact-xs"
            component="a"
            {...buttonLink(`${booking.clearLink()}${anchor}`, booking.clear)}
          >
            {bookingText.clear}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import './room-page.css';
import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { RoomDetail } from '#common/contracts/rooms';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';

// The sheet (a drawer with the calendar) loads when the person opens it.
const BookingSheet = lazy(async () => ({ default: (await import('./booking-sheet.tsx')).BookingSheet }));

/**
 * The bar's height, set by room-page.css while the bar shows (below 62em) as
 * `--salas-booking-bar-height`: the floating help buttons sit above it and the page keeps that
 * much room at its end, from the first paint on.
 */
const BAR_HEIGHT = 'var(--salas-booking-bar-height, 64px)';

/**
 * Phones and tablets: the running total and "Reservar" fixed at the bottom; the sheet books. Hidden
 * by CSS from 62em, where the card beside the room books.
 */
export function BookingBar({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  const [open, setOpen] = useState(false);
  const n = booking.selected.length;
  const line = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

  return (
    <div className="salas-booking-bar">
      {/* Room for the bar at the end of the page, so it never covers the footer. */}
      <Box h={BAR_HEIGHT} aria-hidden="true" />
      <Paper
        component="section"
        aria-label={text.bar.sheet}
        shadow="lg"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        h={BAR_HEIGHT}
        px="md"
        style={{
          zIndex: 140,
          display: 'flex',
          alignItems: 'center',
          borderTop: '1px solid var(--mantine-color-gray-3)',
          paddingBottom: 'env(safe-area-inset-bottom)',
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm" maw={720} mx="auto" w="100%">
          <Box aria-live="polite" style={{ minWidth: 0 }}>
            {n ? (
              <>
                <Text fw={800} fz="lg" lh={1.2} style={line}>
                  {bookingText.total}: {formatBrl(booking.totalCents)}
                </Text>
                <Text size="xs" style={line}>
                  {bookingText.selected(n)}
                </Text>
              </>
            ) : (
              <>
                <Text fw={800} fz="lg" lh={1.2} style={line}>
                  {formatBrl(room.hour_price_cents)}
                  <Text span size="sm" c="dimmed" fw={400}>
                    {text.perHour}
                  </Text>
                </Text>
                <Text size="xs" style={line}>
                  {text.bar.pick}
                </Text>
              </>
            )}
          </Box>
          <Button
            size="md"
            onClick={() => setOpen(true)}
            // A draft's preview opens the hours too; the sheet's own "Reservar" stays off.
            disabled={!booking.mayBook && !booking.preview}
            style={{ flexShrink: 0 }}
          >
            {text.bar.open}
          </Button>
        </Group>
      </Paper>
      {open && (
        <Suspense>
          <BookingSheet
            opened={open}
            onClose={() => setOpen(false)}
            room={room}
            booking={booking}
            onReserve={() => {
              setOpen(false);
              booking.reserve();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

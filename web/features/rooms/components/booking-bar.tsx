import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RoomDetail } from '#common/contracts/rooms';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';

// The sheet (a drawer with the calendar) loads when the person opens it.
const BookingSheet = lazy(async () => ({ default: (await import('./booking-sheet.tsx')).BookingSheet }));

/**
 * The height of the bar, published as `--salas-booking-bar-height` on the page's root while it is
 * shown, so the floating help buttons can sit above it.
 */
export const BAR_HEIGHT_VAR = '--salas-booking-bar-height';

/** Phones and tablets: the running total and "Reservar" fixed at the bottom; the sheet books. */
export function BookingBar({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const n = booking.selected.length;

  useEffect(() => {
    const root = document.documentElement;
    const node = bar.current;
    if (!node) return;
    const publish = () => root.style.setProperty(BAR_HEIGHT_VAR, `${node.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VAR);
    };
  }, []);

  return (
    <>
      {/* Room for the bar at the end of the page, so it never covers the footer. */}
      <Box h={`var(${BAR_HEIGHT_VAR}, 76px)`} aria-hidden="true" />
      <Paper
        ref={bar}
        component="section"
        aria-label={text.bar.sheet}
        shadow="lg"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        px="md"
        py="sm"
        style={{
          zIndex: 140,
          borderTop: '1px solid var(--mantine-color-gray-3)',
          paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm" maw={720} mx="auto">
          <Box aria-live="polite" style={{ minWidth: 0 }}>
            {n ? (
              <>
                <Text fw={800} fz="lg" lh={1.2}>
                  {bookingText.total}: {formatBrl(booking.totalCents)}
                </Text>
                <Text size="xs">{bookingText.selected(n)}</Text>
              </>
            ) : (
              <>
                <Text fw={800} fz="lg" lh={1.2}>
                  {formatBrl(room.hour_price_cents)}
                  <Text span size="sm" c="dimmed" fw={400}>
                    {text.perHour}
                  </Text>
                </Text>
                <Text size="xs">{text.bar.pick}</Text>
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
    </>
  );
}

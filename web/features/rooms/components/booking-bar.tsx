import './room-page.css';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RoomDetail } from '#common/contracts/rooms';
import { FixedBottomBar } from '#web/components/fixed-bottom-bar.tsx';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { formatBrl } from '#web/lib/format.ts';
import { keptHtml, useHydrated } from '#web/lib/hydrated.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';
import { BookingBody, RoomRules } from './booking-card.tsx';
import { BookingFooter } from './booking-footer.tsx';

// The sheet (a drawer with the calendar) loads when the person opens it.
const BookingSheet = lazy(async () => ({ default: (await import('./booking-sheet.tsx')).BookingSheet }));

/** The address fragment of the sheet drawn without scripts (CSS shows it while it is the target). */
const SHEET = 'horarios';

/**
 * The sheet as the server draws it, until the page's scripts run: shown by CSS when the address
 * ends in #horarios (the bar's "Reservar" links there), its days and hours links that keep it so.
 * Once they run, BookingSheet books instead and this one is never shown again, so the browser keeps
 * the server's HTML inside it as it is: React leaves the content of an element with
 * dangerouslySetInnerHTML alone while hydrating, and afterwards as long as `__html` is the same.
 * Hydrating it (a second calendar) was a third of the room page's hydration (docs/performance.md,
 * "Décima rodada").
 */
function PlainSheet({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  const attributes = { id: SHEET, 'aria-label': text.bar.sheet, className: 'salas-plain-sheet' };
  if (typeof window !== 'undefined') return <section {...attributes} {...keptHtml} />;
  return (
    <section {...attributes}>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm">
        <Text fw={700} fz="lg">
          {text.bar.sheet}
        </Text>
        {/* Any other fragment: the sheet is no longer the target, so it hides. */}
        <a href="#fechar" className="salas-month-control" aria-label={text.gallery.close}>
          <IconX size={18} />
        </a>
      </Group>
      <Box px="md" pb="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <RoomRules room={room} />
        <BookingBody room={room} booking={booking} anchor={`#${SHEET}`} />
      </Box>
      <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <BookingFooter booking={booking} onReserve={booking.reserve} anchor={`#${SHEET}`} />
      </Box>
    </section>
  );
}

/**
 * Phones and tablets: the running total and "Reservar" fixed at the bottom; the sheet books. Hidden
 * by CSS from 62em, where the card beside the room books; below it room-page.css sets the bar's
 * height, so the server's HTML keeps its room from the first paint.
 */
export function BookingBar({ room, booking }: { room: RoomDetail; booking: RoomBooking }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  // Hours picked in the sheet drawn without scripts: once the page runs, its own sheet takes over.
  useEffect(() => {
    if (hydrated && location.hash === `#${SHEET}`) {
      setOpen(true);
      navigate({ search: location.search }, { replace: true, preventScrollReset: true });
    }
  }, [hydrated]);
  const n = booking.selected.length;
  const line = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

  return (
    <div className="salas-booking-bar">
      <FixedBottomBar label={text.bar.sheet} sizedByCss>
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
            // A link to the sheet drawn without scripts until the page runs; then it opens its own.
            component="a"
            href={`#${SHEET}`}
            role="button"
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
            onKeyDown={(e) => {
              if (e.key !== ' ') return;
              e.preventDefault();
              setOpen(true);
            }}
            // A draft's preview opens the hours too; the sheet's own "Reservar" stays off.
            disabled={!booking.mayBook && !booking.preview}
            style={{ flexShrink: 0 }}
          >
            {text.bar.open}
          </Button>
        </Group>
      </FixedBottomBar>
      {!hydrated && <PlainSheet room={room} booking={booking} />}
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

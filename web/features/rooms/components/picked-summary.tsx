import './room-page.css';
import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { pickedDays, shortDayLabel } from '#web/features/bookings/selection.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';
import { buttonLink } from './address-link.ts';

const t = text.room;

/** The picked hours, one line per day ("ter., 16/12 · 09:00–11:00"): show a day, or drop it. */
export function PickedSummary({ booking, anchor = '' }: { booking: RoomBooking; anchor?: string }) {
  const days = pickedDays(booking.selected, booking.slotMinutes);
  if (!days.length) return null;
  // The list is named "Sua seleção" for screen readers; on screen its lines say it (and the card
  // keeps the height for its actions).
  return (
    <Stack
      gap={2}
      component="ul"
      m={0}
      p={0}
      aria-label={t.picked}
      className="salas-picked-list"
      style={{ listStyle: 'none' }}
    >
      {days.map((d) => {
        const label = shortDayLabel(d.date);
        return (
          <Group component="li" key={d.date} justify="space-between" wrap="nowrap" gap="xs">
            <UnstyledButton
              component="a"
              {...buttonLink(`${booking.dayLink(d.date)}${anchor}`, () => booking.pickDay(d.date))}
              title={t.showDay(label)}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Text size="sm" fw={d.date === booking.day ? 700 : 400}>
                <Text span fw={600}>
                  {label}
                </Text>{' '}
                · {d.ranges.join(', ')}
              </Text>
            </UnstyledButton>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t.removeDay(label)}
              component="a"
              {...buttonLink(`${booking.removeLink(d.date)}${anchor}`, () => booking.remove(d.date))}
            >
              <IconX size={14} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}

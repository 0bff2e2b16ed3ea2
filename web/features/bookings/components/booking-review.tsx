import { Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import { pickedDays, shortDayLabel, withoutFreeCancellation } from '../selection.ts';

/**
 * What is being booked, said before paying: the room and clinic, every date with its hours, the
 * total, and the cancellation rule that applies (DESIGN §5: the UI says which applies).
 */
export function BookingReview({
  room,
  dateTimes,
  totalCents,
}: {
  room: { name: string; clinic: string; slotMinutes?: number };
  dateTimes: string[];
  totalCents: number;
}) {
  const late = withoutFreeCancellation(dateTimes, new Date());
  const t = text.confirm;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700}>{room.name}</Text>
        <Text size="sm" c="dimmed">
          {room.clinic}
        </Text>
      </div>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t.hours}>
        {pickedDays(dateTimes, room.slotMinutes).map((d) => (
          <Group component="li" key={d.date} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600}>
              {shortDayLabel(d.date)}
            </Text>
            <Text size="sm" ta="right">
              {d.ranges.join(', ')}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} pt="xs">
        <Text size="sm">{text.selected(dateTimes.length)}</Text>
        <Text fw={800}>
          {text.total}: {formatBrl(totalCents)}
        </Text>
      </Group>
      {/* A note, not an alert: the rule is said before paying, nothing went wrong. */}
      <Group
        gap="xs"
        wrap="nowrap"
        align="flex-start"
        p="xs"
        bg={late.length ? 'yellow.0' : 'salas.0'}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <IconInfoCircle size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <div>
          <Text size="sm">{t.rule(FREE_CANCELLATION_HOURS)}</Text>
          {late.length > 0 && (
            <Text size="sm" fw={600} mt={4}>
              {t.late(late.length, FREE_CANCELLATION_HOURS)}
            </Text>
          )}
        </div>
      </Group>
    </Stack>
  );
}

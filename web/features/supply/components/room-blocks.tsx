import { ActionIcon, Group, Indicator, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Room } from '#common/contracts/supply';
import { zonedDate } from '#common/time/zone';
import { Calendar } from '#web/components/date-inputs.ts';
import { useBlocks, useDeleteBlock } from '../api.ts';
import { text } from '../messages.ts';
import { BlockForm } from './block-form.tsx';

const t = text.blocks;
const fmt = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;

/** The room's blocks on a month calendar, the list, and a form to add more (for it or others too). */
export function RoomBlocks({ room, rooms }: { room: Room; rooms: Room[] }) {
  const blocks = useBlocks(room.uuid);
  const remove = useDeleteBlock();
  const [month, setMonth] = useState<string>(new Date().toISOString().slice(0, 10));
  const zone = room.clinic.timezone;
  const blockedDays = new Set(
    (blocks.data ?? []).flatMap((b) => {
      const days: string[] = [];
      for (let d = new Date(b.starts_at); d < new Date(b.ends_at); d = new Date(d.getTime() + 3_600_000)) {
        days.push(zonedDate(d, zone));
      }
      return days;
    }),
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack>
        <Calendar
          date={month}
          onDateChange={(d) => setMonth(String(d))}
          aria-label={`Calendário de bloqueios de ${room.name}`}
          renderDay={(date) => {
            const day = String(date).slice(0, 10);
            const blocked = blockedDays.has(day);
            return (
              <Indicator
                size={7}
                color="red"
                offset={-3}
                disabled={!blocked}
                aria-label={blocked ? 'dia com bloqueio' : undefined}
              >
                <div>{Number(day.slice(8, 10))}</div>
              </Indicator>
            );
          }}
        />
        {(blocks.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        ) : (
          <Stack gap={6} data-testid="room-blocks">
            {blocks.data?.map((b) => (
              <Paper key={b.uuid} withBorder p="xs" radius="sm">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {fmt(b.starts_at)} –{' '}
                      {b.ends_at.slice(0, 10) === b.starts_at.slice(0, 10)
                        ? b.ends_at.slice(11, 16)
                        : fmt(b.ends_at)}
                    </Text>
                    {b.reason && (
                      <Text size="xs" c="dimmed">
                        {b.reason}
                      </Text>
                    )}
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t.remove}
                    onClick={() => remove.mutate(b.uuid)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <BlockForm rooms={rooms} initialRooms={[room.uuid]} />
    </SimpleGrid>
  );
}

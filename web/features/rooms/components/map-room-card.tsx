import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { RoomResult } from '#common/contracts/rooms';
import { roomPath } from '#web/components/search-url.ts';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import { RoomFacts } from './room-facts.tsx';

/**
 * The card a tapped marker opens over the list's map: each room of that place with its photo,
 * name (a link to its page, the list kept for "Voltar"), clinic, rating, distance and price.
 */
export function MapRoomCard({
  rooms,
  search,
  date,
}: {
  rooms: RoomResult[];
  search: string | null;
  date: string | null;
}) {
  const location = useLocation();
  const from = { from: `${location.pathname}${location.search}` };
  return (
    <Stack gap="xs" mah={260} style={{ overflowY: 'auto' }}>
      {rooms.map((room) => {
        const cover = room.photos.find((p) => p.is_cover) ?? room.photos[0];
        return (
          <Group key={room.uuid} gap="sm" wrap="nowrap" align="flex-start">
            {cover && <Image src={`${cover.url}?size=sm`} alt="" w={72} h={72} radius="sm" fit="cover" />}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={roomPath(room.uuid, { search, date })}
                state={from}
                fw={700}
                lineClamp={1}
              >
                {room.name}
              </Anchor>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {room.clinic.name}
              </Text>
              <RoomFacts room={room} />
              <Text fw={700}>
                {formatBrl(room.hour_price_cents)}
                <Text span size="sm" c="dimmed" fw={400}>
                  {text.perHour}
                </Text>
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

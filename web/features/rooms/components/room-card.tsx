import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconDoor, IconMapPin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { RoomSummary } from '#common/contracts/rooms';
import { roomPath } from '#web/components/search-url.ts';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';

/**
 * A room in the list. Its page gets the search text and date (the header keeps them, the calendar
 * opens on the searched day) and the list's address, where "Voltar" leads. The first cards of a
 * page (`first`) load their photo at once: it is what a visitor sees first.
 */
export function RoomCard({
  room,
  search,
  date,
  first = false,
}: {
  room: RoomSummary;
  search?: string | null;
  date?: string | null;
  first?: boolean;
}) {
  const location = useLocation();
  const cover = room.photos.find((p) => p.is_cover) ?? room.photos[0];
  const where = room.clinic.address
    ? `${room.clinic.address.neighborhood}, ${room.clinic.address.city}`
    : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={roomPath(room.uuid, { search, date })}
      state={{ from: `${location.pathname}${location.search}` }}
      aria-label={`${room.name} — ${room.clinic.name}`}
    >
      <Card.Section pos="relative">
        {cover ? (
          <Image
            src={`${cover.url}?size=sm`}
            alt=""
            h={170}
            fit="cover"
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
          />
        ) : (
          <Group h={170} justify="center" bg="gray.1">
            <IconDoor size={40} color="var(--mantine-color-gray-6)" aria-hidden="true" />
          </Group>
        )}
        {room.fixed === 1 && (
          <Badge pos="absolute" top={10} left={10} color="yellow.4" c="dark">
            {text.pinned}
          </Badge>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={700} lineClamp={1}>
          {room.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {room.clinic.name}
        </Text>
        {where && (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden="true" />
            <Text size="sm" lineClamp={1}>
              {where}
            </Text>
          </Group>
        )}
        <Text fw={700} fz="lg">
          {formatBrl(room.hour_price_cents)}
          <Text span size="sm" c="dimmed" fw={400}>
            {text.perHour}
          </Text>
        </Text>
        <Group gap={4}>
          {room.facilities.slice(0, 4).map((f) => (
            <Badge key={f.uuid} variant="light" size="sm">
              {f.name}
            </Badge>
          ))}
          {room.facilities.length > 4 && (
            <Badge variant="default" size="sm">
              +{room.facilities.length - 4}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

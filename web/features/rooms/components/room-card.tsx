import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconDoor, IconMapPin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { RoomResult } from '#common/contracts/rooms';
import { roomPath } from '#web/components/search-url.ts';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import { RoomFacts } from './room-facts.tsx';

/**
 * A room in the list. Its page gets the search text and date (the header keeps them, the calendar
 * opens on the searched day) and the list's address, where "Voltar" leads. The first cards of a
 * page (`first`) load their photo at once: it is what a visitor sees first. A search with a date
 * adds that day's first free hours under the card (decision 0042): each opens the room on the day
 * with that hour (or the room's minimum stretch from it) picked. Its rating and, near a point, its
 * distance stand above the price.
 */
export function RoomCard({
  room,
  search,
  date,
  first = false,
}: {
  room: RoomResult;
  search?: string | null;
  date?: string | null;
  first?: boolean;
}) {
  const location = useLocation();
  const cover = room.photos.find((p) => p.is_cover) ?? room.photos[0];
  const where = room.clinic.address
    ? `${room.clinic.address.neighborhood}, ${room.clinic.address.city}`
    : null;
  const from = { from: `${location.pathname}${location.search}` };
  const to = roomPath(room.uuid, { search, date });
  const label = `${room.name} — ${room.clinic.name}`;
  // An array, not a fragment: Card marks its first section (the photo, flush with the top) among its direct children.
  const content = [
    <Card.Section key="photo" pos="relative">
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
    </Card.Section>,
    <Stack key="body" gap={4} mt="sm">
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
      <RoomFacts room={room} />
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
    </Stack>,
  ];
  if (!date || room.free_hours === undefined)
    return (
      <Card withBorder radius="md" padding="md" component={Link} to={to} state={from} aria-label={label}>
        {content}
      </Card>
    );
  const more = (room.free_hours_total ?? 0) - room.free_hours.length;
  return (
    <Card withBorder radius="md" padding={0} style={{ display: 'flex', flexDirection: 'column' }}>
      <Card
        radius="md"
        padding="md"
        component={Link}
        to={to}
        state={from}
        aria-label={label}
        style={{ flex: 1 }}
      >
        {content}
      </Card>
      <Stack gap={6} px="md" pb="md" pt={4}>
        <Text size="xs" c="dimmed" fw={500}>
          {room.free_hours.length ? text.freeHours.title(date) : text.freeHours.none}
        </Text>
        {room.free_hours.length > 0 && (
          <Group gap={6}>
            {room.free_hours.map((start) => (
              <Button
                key={start.date_time}
                component={Link}
                to={roomPath(room.uuid, { search, date, hours: start.hours })}
                state={from}
                size="compact-sm"
                variant="light"
                aria-label={text.freeHours.hour(start.date_time.slice(11, 16), room.name)}
              >
                {start.date_time.slice(11, 16)}
              </Button>
            ))}
            {more > 0 && (
              <Button
                component={Link}
                to={roomPath(room.uuid, { search, date })}
                state={from}
                size="compact-sm"
                variant="subtle"
                aria-label={text.freeHours.moreLabel(more, room.name)}
              >
                {text.freeHours.more(more)}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

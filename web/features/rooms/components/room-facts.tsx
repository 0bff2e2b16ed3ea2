import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { RoomResult } from '#common/contracts/rooms';
import { formatDistance } from '#common/domain/geo';
import { formatRating, reviewCountLabel } from '#common/domain/reviews';
import { text } from '../messages.ts';

/**
 * A room's rating ("★ 4,7 (23)", only when it has reviews) and, in a search near a point, how far
 * it is ("a 1,2 km"): the list's cards and the map's card.
 */
export function RoomFacts({
  room,
}: {
  room: Pick<RoomResult, 'rating_avg' | 'rating_count' | 'distance_km'>;
}) {
  const rated = room.rating_avg !== null && room.rating_count > 0;
  if (!rated && room.distance_km === undefined) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      {rated && (
        <Text size="sm" fw={500}>
          <span aria-hidden="true">
            <span style={{ color: 'var(--mantine-color-yellow-8)' }}>★</span> {formatRating(room.rating_avg!)}{' '}
            <Text span size="sm" c="dimmed">
              ({room.rating_count.toLocaleString('pt-BR')})
            </Text>
          </span>
          <VisuallyHidden>
            {text.rating(formatRating(room.rating_avg!), reviewCountLabel(room.rating_count))}
          </VisuallyHidden>
        </Text>
      )}
      {room.distance_km !== undefined && (
        <Text size="sm" c="dimmed">
          {formatDistance(room.distance_km)}
        </Text>
      )}
    </Group>
  );
}

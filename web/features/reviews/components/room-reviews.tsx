import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { RoomDetail } from '#common/contracts/rooms';
import { formatRating, reviewCountLabel } from '#common/domain/reviews';
import { QueryState } from '#web/components/query-state.tsx';
import { useRoomReviews } from '../api.ts';
import { text } from '../messages.ts';
import { ReviewItem } from './review-item.tsx';
import { Stars } from './stars.tsx';

/** The room's visible reviews, newest first, with the average above them (loaded lazily by room-reviews-entry.tsx). */
export function RoomReviews({ room }: { room: Pick<RoomDetail, 'uuid' | 'rating_avg' | 'rating_count'> }) {
  const reviews = useRoomReviews(room.uuid);
  const list = reviews.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <QueryState isPending={reviews.isPending} error={reviews.error} retry={() => reviews.refetch()}>
      <Stack gap="md">
        {room.rating_avg !== null && (
          <Group gap="xs" wrap="wrap">
            <Stars rating={Math.round(room.rating_avg)} size={18} />
            <Text fw={600}>
              {text.room.summary(formatRating(room.rating_avg), reviewCountLabel(room.rating_count))}
            </Text>
          </Group>
        )}
        {list.length === 0 ? (
          <Text c="dark.4">{text.room.none}</Text>
        ) : (
          <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((review, i) => (
              <Box
                component="li"
                key={review.uuid}
                pt={i > 0 ? 'md' : 0}
                style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
              >
                <ReviewItem review={review} />
              </Box>
            ))}
          </Stack>
        )}
        {reviews.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              onClick={() => reviews.fetchNextPage()}
              loading={reviews.isFetchingNextPage}
            >
              {text.more}
            </Button>
          </Group>
        )}
      </Stack>
    </QueryState>
  );
}

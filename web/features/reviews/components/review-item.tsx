import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicReview } from '#common/contracts/reviews';
import { longDate, text } from '../messages.ts';
import { Stars } from './stars.tsx';

/** The clinic's public reply, beneath its review. */
export function ReplyView({ reply }: { reply: NonNullable<PublicReview['reply']> }) {
  return (
    <Box pl="sm" py={4} style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" fw={600}>
        {text.reply}{' '}
        <Text span size="xs" c="dark.4" fw={400}>
          · {longDate(reply.created_at)}
        </Text>
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {reply.text}
      </Text>
    </Box>
  );
}

/**
 * One review as the room page shows it: first name, date, stars, comment and the clinic's reply.
 * `children` go below it (the partner's reply form, the desk's "Ocultar").
 */
export function ReviewItem({
  review,
  reply = true,
  children,
}: {
  review: PublicReview;
  /** false where the caller draws the reply itself. */
  reply?: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          <Text span fw={700}>
            {review.author_first_name}
          </Text>{' '}
          <Text span size="sm" c="dark.4">
            · {longDate(review.created_at)}
          </Text>
        </Text>
        <Stars rating={review.rating} />
      </Group>
      {review.comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.comment}
        </Text>
      )}
      {reply && review.reply && <ReplyView reply={review.reply} />}
      {children}
    </Stack>
  );
}

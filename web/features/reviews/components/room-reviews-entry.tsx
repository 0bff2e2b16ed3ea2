/**
 * What the room page itself carries of reviews: the rating line under the room's name and the
 * place of the "Avaliações" section. The list's code and its call load only when the section comes
 * near the screen (it sits below the fold), so the page's first load does no more than before.
 */
import { Anchor, Group, Paper, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RoomDetail } from '#common/contracts/rooms';
import { formatRating, reviewCountLabel } from '#common/domain/reviews';
import { SECTION_ID, text } from '../messages.ts';

const RoomReviewList = lazy(async () => ({ default: (await import('./room-reviews.tsx')).RoomReviews }));

type Rated = Pick<RoomDetail, 'uuid' | 'rating_avg' | 'rating_count'>;

/** "★ 4,7 · 23 avaliações", linking to the section; nothing without reviews. */
export function RatingLine({ room }: { room: Rated }) {
  if (!room.rating_count || room.rating_avg === null) return null;
  const avg = formatRating(room.rating_avg);
  const count = reviewCountLabel(room.rating_count);
  // Read as "Nota 4,7 de 5 · 23 avaliações": the visible words, in their order, with what the star says.
  return (
    <Anchor href={`#${SECTION_ID}`} size="sm" c="dark.7">
      <Group gap={4} component="span" wrap="nowrap">
        <IconStarFilled size={15} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
        <span>
          <VisuallyHidden>{text.room.rating} </VisuallyHidden>
          <strong>{avg}</strong>
          <VisuallyHidden> {text.room.outOf}</VisuallyHidden> · <u>{count}</u>
        </span>
      </Group>
    </Anchor>
  );
}

function Section({ room }: { room: Rated }) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      {
        rootMargin: '400px 0px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // The list's room is kept while it loads (about a review's height each, up to ten), so the jump
  // from the rating line lands on the heading and stays there as the reviews arrive.
  const loading = (
    <Stack gap="sm" mih={Math.min(room.rating_count, 10) * 80} aria-hidden="true">
      <Skeleton height={22} width="40%" />
      <Skeleton height={56} />
    </Stack>
  );
  return (
    <Paper
      ref={ref}
      component="section"
      id={SECTION_ID}
      aria-labelledby={`${SECTION_ID}-title`}
      withBorder
      radius="md"
      p="lg"
      style={{ scrollMarginTop: 80 }}
    >
      <Title order={2} fz="h4" mb="sm" id={`${SECTION_ID}-title`}>
        {text.room.title}
      </Title>
      {near ? (
        <Suspense fallback={loading}>
          <RoomReviewList room={room} />
        </Suspense>
      ) : (
        loading
      )}
    </Paper>
  );
}

/** The room page's "Avaliações" (none without reviews): newest first, "Ver mais" for older ones. */
export function RoomReviewsSection({ room }: { room: Rated }) {
  return room.rating_count ? <Section room={room} /> : null;
}

import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MAX_REVIEW_COMMENT, type PendingReview, type Review, reviewBody } from '#common/contracts/reviews';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useMyBooking } from '#web/features/bookings/api.ts';
import { ApiError, errorText } from '#web/lib/api.ts';
import { formatShortDate } from '#web/lib/format.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { usePendingReviews, useReviewBooking } from '../api.ts';
import { CountedTextarea } from '../components/counted-textarea.tsx';
import { StarInput } from '../components/star-input.tsx';
import { Stars } from '../components/stars.tsx';
import { pendingPath, SECTION_ID, text } from '../messages.ts';

const t = text.form;
const validate = zodValidate(reviewBody);

/** What to say of a refused review: the server's words, or ours for its two refusals. */
function refusal(err: unknown): string {
  const fallback =
    err instanceof ApiError && err.status === 409
      ? t.alreadyReviewed
      : err instanceof ApiError && err.status === 422
        ? t.outsideWindow
        : '';
  return errorText(err, fallback) || fallback;
}

function Thanks({ review, room }: { review: Review; room: PendingReview['room'] }) {
  return (
    <Stack>
      <Alert color="green" title={t.thanks} role="status">
        {t.thanksBody}
      </Alert>
      <Card withBorder padding="md" component="section" aria-label={t.yours}>
        <Title order={2} fz="h4" mb="xs">
          {t.yours}
        </Title>
        <Stars rating={review.rating} size={20} />
        {review.comment && (
          <Text mt="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.comment}
          </Text>
        )}
      </Card>
      <Anchor component={Link} to={`/rooms/${room.uuid}#${SECTION_ID}`}>
        {t.seeRoom}
      </Anchor>
    </Stack>
  );
}

function ReviewForm({
  pending,
  onDone,
  onRefused,
}: {
  pending: PendingReview;
  onDone(review: Review): void;
  /** The refusal's words ('' when sending again): the page keeps them if the booking leaves the list. */
  onRefused(message: string): void;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useReviewBooking(pending.booking_uuid, pending.room.uuid);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { rating: rating ?? Number.NaN, comment };
    const found = validate(body);
    setErrors(found);
    onRefused('');
    if (Object.keys(found).length) return;
    send.mutate(body, {
      onSuccess: onDone,
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.errors).length) {
          setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
        } else onRefused(refusal(err));
      },
    });
  };
  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <StarInput
          label={t.rating}
          value={rating}
          onChange={(value) => {
            setRating(value);
            setErrors(({ rating: _, ...rest }) => rest);
          }}
          error={errors.rating}
        />
        <CountedTextarea
          label={t.comment}
          description={t.commentHint}
          value={comment}
          onChange={setComment}
          max={MAX_REVIEW_COMMENT}
          minRows={4}
          maxRows={12}
          error={errors.comment}
        />
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t.submit}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /especialista/avaliacoes/{booking}: the form of one booking's review (the invitation links here):
 * 1 to 5 stars and an optional comment, sent once; then the thanks and the review as sent. A booking
 * no longer open to review (reviewed, canceled, past its 30 days) says so.
 */
export function ReviewFormPage() {
  const { booking_uuid: bookingUuid } = useParams();
  const pending = usePendingReviews();
  const [sent, setSent] = useState<{ review: Review; room: PendingReview['room'] }>();
  const [refused, setRefused] = useState('');
  const item = pending.data?.find((p) => p.booking_uuid === bookingUuid);
  // A booking no longer open to review is still named by its room.
  const closed = useMyBooking(pending.isSuccess && !item && !sent ? bookingUuid : undefined);
  const roomName = sent?.room.name ?? item?.room.name ?? closed.data?.room.name;
  usePageTitle(roomName ? `${t.title} · ${roomName}` : t.title);
  useBreadcrumbName(bookingUuid, roomName);
  return (
    <Stack maw={760}>
      <div>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        {roomName && (
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {roomName}
          </Text>
        )}
        {item && (
          <Text c="dark.4" size="sm">
            {item.clinic_name} · {text.pending.ended(formatShortDate(item.ended_at))} ·{' '}
            {text.pending.until(formatShortDate(item.review_until))}
          </Text>
        )}
      </div>
      {refused && (
        <Alert color="red" role="alert">
          {refused}
        </Alert>
      )}
      {sent ? (
        <Thanks review={sent.review} room={sent.room} />
      ) : (
        <QueryState isPending={pending.isPending} error={pending.error} retry={() => pending.refetch()}>
          {item ? (
            <ReviewForm
              pending={item}
              onDone={(review) => setSent({ review, room: item.room })}
              onRefused={setRefused}
            />
          ) : (
            !refused && (
              <Alert color="gray" title={t.closed}>
                {t.closedBody}
              </Alert>
            )
          )}
        </QueryState>
      )}
      <Anchor component={Link} to={pendingPath} size="sm">
        {t.back}
      </Anchor>
    </Stack>
  );
}

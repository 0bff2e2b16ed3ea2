import { Alert, Badge, Button, Flex, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { type ManagedReview, reviewHideBody } from '#common/contracts/reviews';
import { errorText } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useHideReview } from '../api.ts';
import { ManagedReviews } from '../components/managed-reviews.tsx';
import { ReplyView } from '../components/review-item.tsx';
import { text } from '../messages.ts';

const t = text.managed;
const validate = zodValidate(reviewHideBody);

/** "Ocultar" with the reason it asks for (kept in the audit log). */
function HideDialog({ review, onClose }: { review: ManagedReview | undefined; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const hide = useHideReview();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!review) return;
    const found = validate({ reason });
    setError(found.reason);
    if (found.reason) return;
    hide.mutate(
      { uuid: review.uuid, body: { reason } },
      {
        onSuccess: () => {
          notifySuccess(t.hiddenDone);
          close();
        },
        onError: (err) => notifyError(text.failed, errorText(err)),
      },
    );
  };
  return (
    <Modal opened={Boolean(review)} onClose={close} title={t.hideTitle} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t.hideIntro}</Text>
          <Textarea
            label={t.reason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={3}
            required
            error={error}
            data-autofocus
          />
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="subtle" onClick={close} disabled={hide.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" color="red.9" loading={hide.isPending}>
              {t.confirmHide}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/gestao/avaliacoes: every room's reviews, hidden ones marked ("Ocultas" lists only them), "Ocultar" on the others. */
export function DeskReviewsPage() {
  const [hiding, setHiding] = useState<ManagedReview>();
  return (
    <>
      <ManagedReviews
        side="fusion"
        title={t.deskTitle}
        filters={['ocultas']}
        action={(review) => (
          <>
            {review.reply && <ReplyView reply={review.reply} />}
            {review.hidden ? (
              <Alert color="gray" p="xs">
                <Group gap="xs" wrap="wrap">
                  <Badge color="gray" variant="filled">
                    {t.hiddenBadge}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t.hiddenWhy(formatDateTime(review.hidden.at), review.hidden.reason)}
                  </Text>
                </Group>
              </Alert>
            ) : (
              <Button
                variant="subtle"
                color="red.9"
                size="compact-sm"
                onClick={() => setHiding(review)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t.hide}
              </Button>
            )}
          </>
        )}
      />
      <HideDialog review={hiding} onClose={() => setHiding(undefined)} />
    </>
  );
}

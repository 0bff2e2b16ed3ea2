import { Button, Group, Stack } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_REVIEW_REPLY, type ManagedReview, reviewReplyBody } from '#common/contracts/reviews';
import { errorText } from '#web/lib/api.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useReplyReview } from '../api.ts';
import { CountedTextarea } from '../components/counted-textarea.tsx';
import { ManagedReviews } from '../components/managed-reviews.tsx';
import { ReplyView } from '../components/review-item.tsx';
import { text } from '../messages.ts';

const t = text.managed;
const validate = zodValidate(reviewReplyBody);

/**
 * The partner's one public reply to a review: "Responder" opens it under the review; once sent it
 * shows as the room page shows it, with no way to edit it.
 */
function Reply({ review }: { review: ManagedReview }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const reply = useReplyReview();
  if (review.reply) return <ReplyView reply={review.reply} />;
  if (!open)
    return (
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconMessageReply size={14} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t.open}
      </Button>
    );
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate({ text: draft });
    setError(found.text);
    if (found.text) return;
    reply.mutate(
      { uuid: review.uuid, body: { text: draft } },
      {
        onSuccess: () => notifySuccess(t.sent),
        onError: (err) => notifyError(text.failed, errorText(err)),
      },
    );
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack gap={4}>
        <CountedTextarea
          label={t.replyLabel}
          description={t.replyHint}
          value={draft}
          onChange={setDraft}
          max={MAX_REVIEW_REPLY}
          minRows={2}
          maxRows={8}
          error={error}
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" loading={reply.isPending}>
            {t.send}
          </Button>
          <Button variant="subtle" onClick={() => setOpen(false)} disabled={reply.isPending}>
            {t.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /parceiro/avaliacoes: the reviews of the partner's rooms, "Sem resposta" to find the ones to answer. */
export function PartnerReviewsPage() {
  return (
    <ManagedReviews
      side="partner"
      title={t.partnerTitle}
      filters={['sem-resposta']}
      action={(review) => <Reply review={review} />}
    />
  );
}

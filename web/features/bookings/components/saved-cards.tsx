import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { cardBody } from '#common/contracts/booking';
import { errorText } from '#web/lib/api.ts';
import { showServerErrors } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useAddCard, useCards, useRemoveCard } from '../api.ts';
import { text } from '../messages.ts';
import { CardFields, useCardForm } from './card-fields.tsx';

const t = text.cards;

/**
 * A new card, verified by the provider when saved: a declined card (422) or too many refusals
 * (429) are said here, beside the number, and nothing joins the list.
 */
function AddCardForm({ onDone }: { onDone(): void }) {
  const add = useAddCard();
  const form = useCardForm();
  const [refusal, setRefusal] = useState<string>();
  const submit = form.onSubmit((values) => {
    setRefusal(undefined);
    add.mutate(cardBody.parse(values), {
      onSuccess: () => {
        notifySuccess(t.saved);
        form.reset();
        onDone();
      },
      onError: (err) => {
        showServerErrors(form, err);
        setRefusal(errorText(err, text.cardSaveFailed));
      },
    });
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <CardFields form={form} />
          {refusal && (
            <Alert color="red" title={text.cardSaveFailed} role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The person's saved cards: the default marked, remove, and add one. */
export function SavedCards() {
  const cards = useCards();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      {(cards.data ?? []).length === 0 && (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      )}
      {cards.data?.map((c) => (
        <Group key={c.uuid} justify="space-between">
          <Text size="sm">
            {c.brand.toUpperCase()} •••• {c.last4} — {String(c.exp_month).padStart(2, '0')}/{c.exp_year}{' '}
            {c.is_default && (
              <Badge size="sm" variant="light" style={{ color: 'var(--mantine-color-dark-7)' }}>
                {t.default}
              </Badge>
            )}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t.remove(c.last4)}
            onClick={() =>
              remove.mutate(c.uuid, {
                onError: () => notifyError(t.errorTitle, text.cardRemoveFailed),
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {adding ? (
        <AddCardForm onDone={() => setAdding(false)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t.add}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

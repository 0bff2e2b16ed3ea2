import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { cardBody } from '#common/contracts/booking';
import { errorText } from '#web/lib/api.ts';
import { showServerErrors } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useAddCard, useCards, useRemoveCard } from '../api.ts';
import { CardTokenError, SecureCardForm, type SecureCardHandle } from '../mercadopago/secure-card-form.tsx';
import { useMercadoPago, useMercadoPagoKey } from '../mercadopago/use-mercadopago.ts';
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
          <CardFormFooter refusal={refusal} onCancel={onDone} saving={add.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * A new card through Mercado Pago's secure fields: only the token they make is sent to the server
 * (`{ card_token }`); a refusal (422 `errors.card_token`, 429) is said under the form.
 */
function SecureAddCardForm({ publicKey, onDone }: { publicKey: string; onDone(): void }) {
  const add = useAddCard();
  const mp = useMercadoPago(publicKey);
  const secureRef = useRef<SecureCardHandle>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    if (!secureRef.current) return;
    setTokenizing(true);
    try {
      const token = await secureRef.current.createToken();
      await add.mutateAsync({ card_token: token.id });
      notifySuccess(t.saved);
      onDone();
    } catch (err) {
      if (!(err instanceof CardTokenError)) setRefusal(errorText(err, text.cardSaveFailed));
    } finally {
      setTokenizing(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          {mp.isPending && (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{text.mp.loading}</Text>
            </Group>
          )}
          {mp.isError && (
            <Alert color="red" role="alert">
              {text.mp.loadFailed}
            </Alert>
          )}
          {mp.data && <SecureCardForm ref={secureRef} mp={mp.data} mode="new" />}
          <CardFormFooter
            refusal={refusal}
            onCancel={onDone}
            saving={add.isPending || tokenizing}
            disabled={!mp.data}
          />
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
  const mpKey = useMercadoPagoKey();
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
        mpKey ? (
          <SecureAddCardForm publicKey={mpKey} onDone={() => setAdding(false)} />
        ) : (
          <AddCardForm onDone={() => setAdding(false)} />
        )
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

/** The refusal, if any, and the form's cancel and save buttons (both card forms). */
function CardFormFooter(props: {
  refusal?: string | null;
  onCancel: () => void;
  saving: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {props.refusal && (
        <Alert color="red" title={text.cardSaveFailed} role="alert">
          {props.refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={props.saving} disabled={props.disabled}>
          {t.save}
        </Button>
      </Group>
    </>
  );
}

import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { errorText } from '#web/lib/api.ts';
import { cardBody } from '#web/lib/clocked-contracts.ts';
import { showServerErrors } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useAddCard, useCards, useMakeDefaultCard, useRemoveCard } from '../api.ts';
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

/** The person's saved cards: the default marked, make another the default, remove (asked first), add one. */
export function SavedCards() {
  const cards = useCards();
  const remove = useRemoveCard();
  const makeDefault = useMakeDefaultCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ uuid: string; label: string; last4: string } | null>(null);
  const mpKey = useMercadoPagoKey();
  return (
    <Stack gap="xs">
      {(cards.data ?? []).length === 0 && (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      )}
      {cards.data?.map((c) => {
        const label = `${c.brand.toUpperCase()} •••• ${c.last4}`;
        return (
          <Group key={c.uuid} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ minWidth: 0 }}>
              {label} — {String(c.exp_month).padStart(2, '0')}/{c.exp_year}{' '}
              {c.is_default && (
                <Badge size="sm" variant="light" style={{ color: 'var(--mantine-color-dark-7)' }}>
                  {t.default}
                </Badge>
              )}
            </Text>
            <Group gap={4} wrap="nowrap">
              {!c.is_default && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={t.makeDefaultLabel(c.last4)}
                  loading={makeDefault.isPending && makeDefault.variables === c.uuid}
                  onClick={() =>
                    makeDefault.mutate(c.uuid, {
                      onSuccess: () => notifySuccess(t.madeDefault(c.last4)),
                      onError: (err) => notifyError(t.errorTitle, errorText(err, t.defaultFailed)),
                    })
                  }
                >
                  {t.makeDefault}
                </Button>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t.remove(c.last4)}
                onClick={() => setRemoving({ uuid: c.uuid, label, last4: c.last4 })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t.confirmRemoveTitle}
        centered
      >
        <Stack>
          <Text size="sm">{removing && t.confirmRemove(removing.label)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t.keep}
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.uuid, {
                  onSuccess: () => {
                    notifySuccess(t.removed(removing.last4));
                    setRemoving(null);
                  },
                  onError: () => notifyError(t.errorTitle, text.cardRemoveFailed),
                })
              }
            >
              {t.confirmRemoveButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
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

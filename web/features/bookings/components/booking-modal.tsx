import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Booking, cardBody } from '#common/contracts/booking';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { showServerErrors } from '#web/lib/forms.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAddCard, useBook, useCards } from '../api.ts';
import { text } from '../messages.ts';
import { bookingRefusal, gateRefusal, type Refusal } from '../refusal.ts';
import { CardFields, useCardForm } from './card-fields.tsx';
import { PixPanel } from './pix-panel.tsx';
import { RefusalAlert } from './refusal-alert.tsx';

interface Props {
  opened: boolean;
  onClose(): void;
  roomUuid: string;
  dateTimes: string[];
  totalCents: number;
  /** This room page with the chosen day and hours, where the missing steps bring the person back. */
  returnTo: string;
  onBooked(booking: Booking): void;
}

/**
 * Pays and books the chosen slots: a saved or new card, or Pix (SPEC §8 messages). A refusal is
 * said inside the modal; a missing e-mail confirmation or profile leads to that step and back.
 */
export function BookingModal({
  opened,
  onClose,
  roomUuid,
  dateTimes,
  totalCents,
  returnTo,
  onBooked,
}: Props) {
  const { user } = useSession();
  const cards = useCards();
  const addCard = useAddCard();
  const book = useBook();
  const [method, setMethod] = useState<'card' | 'pix'>('card');
  const [cardChoice, setCardChoice] = useState<string>('');
  const [pix, setPix] = useState<Booking>();
  const [success, setSuccess] = useState<Booking>();
  const [refusal, setRefusal] = useState<Refusal>();
  const form = useCardForm();
  const savedDefault = cards.data?.find((c) => c.is_default)?.uuid ?? cards.data?.[0]?.uuid ?? 'new';
  const choice = cardChoice || savedDefault;
  // Known up front: an unconfirmed e-mail is refused by the server, so say it before any payment.
  const unverified = user?.email_verified === false ? gateRefusal('email_unverified', returnTo) : undefined;
  const shown = refusal ?? unverified;
  // Refused for who the person is (not how they pay): only the way to the missing step is left.
  const gated = Boolean(shown?.step);

  const pay = async () => {
    setRefusal(undefined);
    let cardUuid: string | undefined;
    if (method === 'card') {
      if (choice === 'new') {
        if (form.validate().hasErrors) return;
        try {
          cardUuid = (await addCard.mutateAsync(cardBody.parse(form.values))).uuid;
        } catch (err) {
          // A declined card (422, errors.number) goes beside the number too.
          showServerErrors(form, err);
          setRefusal(bookingRefusal(err, returnTo));
          return;
        }
      } else cardUuid = choice;
    }
    try {
      const booking = await book.mutateAsync({
        room_uuid: roomUuid,
        date_times: dateTimes,
        payment_method: method,
        card_uuid: cardUuid,
      });
      if (method === 'pix') setPix(booking);
      else setSuccess(booking);
    } catch (err) {
      setRefusal(bookingRefusal(err, returnTo));
    }
  };

  return (
    <>
      <Modal
        opened={opened && !success}
        onClose={onClose}
        title={pix ? text.pixTitle : text.modalTitle}
        centered
        size="lg"
      >
        {pix?.payment.pix ? (
          <PixPanel booking={pix} onDone={() => onBooked(pix)} />
        ) : (
          <Stack>
            <Text>
              {text.selected(dateTimes.length)} · {text.total}: <b>{formatBrl(totalCents)}</b>
            </Text>
            {!gated && (
              <SegmentedControl
                aria-label={text.method}
                value={method}
                onChange={(v) => setMethod(v as 'card' | 'pix')}
                data={[
                  { value: 'card', label: text.card },
                  { value: 'pix', label: text.pix },
                ]}
              />
            )}
            {!gated && method === 'card' && (
              <Stack>
                <Radio.Group label={text.savedCard} value={choice} onChange={setCardChoice}>
                  <Stack gap={6} mt={4}>
                    {cards.data?.map((c) => (
                      <Radio
                        key={c.uuid}
                        value={c.uuid}
                        label={`${c.brand.toUpperCase()} •••• ${c.last4} — ${String(c.exp_month).padStart(2, '0')}/${c.exp_year}`}
                      />
                    ))}
                    <Radio value="new" label={text.newCard} />
                  </Stack>
                </Radio.Group>
                {choice === 'new' && <CardFields form={form} />}
              </Stack>
            )}
            {shown && <RefusalAlert refusal={shown} />}
            {!gated && (
              <Group justify="flex-end">
                <Button onClick={pay} loading={book.isPending || addCard.isPending}>
                  {text.pay(formatBrl(totalCents))}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
      <SuccessDialog
        opened={Boolean(success)}
        message={text.success}
        onClose={() => {
          const booked = success;
          setSuccess(undefined);
          if (booked) onBooked(booked);
        }}
      />
    </>
  );
}

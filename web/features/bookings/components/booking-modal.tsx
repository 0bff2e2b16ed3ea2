import { Button, Grid, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { type Booking, cardBody } from '#common/contracts/booking';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useAddCard, useBook, useCards } from '../api.ts';
import { text } from '../messages.ts';
import { PixPanel } from './pix-panel.tsx';

interface Props {
  opened: boolean;
  onClose(): void;
  roomUuid: string;
  dateTimes: string[];
  totalCents: number;
  onBooked(booking: Booking): void;
}

type CardValues = z.input<typeof cardBody>;

/** Pays and books the chosen slots: a saved or new card, or Pix (SPEC §8 messages). */
export function BookingModal({ opened, onClose, roomUuid, dateTimes, totalCents, onBooked }: Props) {
  const cards = useCards();
  const addCard = useAddCard();
  const book = useBook();
  const [method, setMethod] = useState<'card' | 'pix'>('card');
  const [cardChoice, setCardChoice] = useState<string>('');
  const [pix, setPix] = useState<Booking>();
  const [success, setSuccess] = useState<Booking>();
  const form = useForm<CardValues>({
    initialValues: {
      number: '',
      holder_name: '',
      exp_month: '',
      exp_year: '',
      cvv: '',
    } as unknown as CardValues,
    validate: zodValidate(cardBody),
  });
  const savedDefault = cards.data?.find((c) => c.is_default)?.uuid ?? cards.data?.[0]?.uuid ?? 'new';
  const choice = cardChoice || savedDefault;

  const fail = (err: unknown) => {
    const detail = err instanceof ApiError ? err.fieldMessages[0] : undefined;
    notifyError(text.failedTitle, detail ? `${text.failed} ${detail}` : text.failed);
  };

  const pay = async () => {
    try {
      let cardUuid: string | undefined;
      if (method === 'card') {
        if (choice === 'new') {
          if (form.validate().hasErrors) return;
          cardUuid = (await addCard.mutateAsync(cardBody.parse(form.values))).uuid;
        } else cardUuid = choice;
      }
      const booking = await book.mutateAsync({
        room_uuid: roomUuid,
        date_times: dateTimes,
        payment_method: method,
        card_uuid: cardUuid,
      });
      if (method === 'pix') setPix(booking);
      else setSuccess(booking);
    } catch (err) {
      fail(err);
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
            <SegmentedControl
              aria-label={text.method}
              value={method}
              onChange={(v) => setMethod(v as 'card' | 'pix')}
              data={[
                { value: 'card', label: text.card },
                { value: 'pix', label: text.pix },
              ]}
            />
            {method === 'card' && (
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
                {choice === 'new' && (
                  <Grid>
                    <Grid.Col span={12}>
                      <TextInput
                        label={text.number}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        {...form.getInputProps('number')}
                      />
                    </Grid.Col>
                    <Grid.Col span={12}>
                      <TextInput
                        label={text.holder}
                        autoComplete="cc-name"
                        {...form.getInputProps('holder_name')}
                      />
                    </Grid.Col>
                    <Grid.Col span={4}>
                      <TextInput
                        label={text.month}
                        inputMode="numeric"
                        placeholder="MM"
                        autoComplete="cc-exp-month"
                        {...form.getInputProps('exp_month')}
                      />
                    </Grid.Col>
                    <Grid.Col span={4}>
                      <TextInput
                        label={text.year}
                        inputMode="numeric"
                        placeholder="AAAA"
                        autoComplete="cc-exp-year"
                        {...form.getInputProps('exp_year')}
                      />
                    </Grid.Col>
                    <Grid.Col span={4}>
                      <TextInput
                        label={text.cvv}
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        {...form.getInputProps('cvv')}
                      />
                    </Grid.Col>
                  </Grid>
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button onClick={pay} loading={book.isPending || addCard.isPending}>
                {text.pay(formatBrl(totalCents))}
              </Button>
            </Group>
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

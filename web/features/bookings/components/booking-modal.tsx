import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useRef, useState } from 'react';
import type { Booking, Card } from '#common/contracts/booking';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { cardBody } from '#web/lib/clocked-contracts.ts';
import { formatBrl } from '#web/lib/format.ts';
import { showServerErrors } from '#web/lib/forms.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAddCard, useBook, useCards } from '../api.ts';
import { CardTokenError, SecureCardForm, type SecureCardHandle } from '../mercadopago/secure-card-form.tsx';
import { useMercadoPago, useMercadoPagoKey } from '../mercadopago/use-mercadopago.ts';
import { text } from '../messages.ts';
import { bookingRefusal, gateRefusal, type Refusal } from '../refusal.ts';
import { BookingReview } from './booking-review.tsx';
import { CardFields, useCardForm } from './card-fields.tsx';
import { CardReviewPanel } from './card-review-panel.tsx';
import { InstallmentsSelect } from './installments-select.tsx';
import { PixPanel } from './pix-panel.tsx';
import { RefusalAlert } from './refusal-alert.tsx';

const cardLabel = (c: Card) =>
  `${c.brand.toUpperCase()} •••• ${c.last4} — ${String(c.exp_month).padStart(2, '0')}/${c.exp_year}`;

/**
 * The saved card's id at Mercado Pago and its first digits, when the card list carries them
 * (`provider_card_id`, `first_six_digits`): the CVV token of a saved card is made from that id.
 */
function providerCard(c: Card | undefined): { id?: string; bin?: string } {
  const extra = c as
    | (Card & { provider_card_id?: string | null; first_six_digits?: string | null })
    | undefined;
  return { id: extra?.provider_card_id ?? undefined, bin: extra?.first_six_digits ?? undefined };
}

interface Props {
  opened: boolean;
  onClose(): void;
  /** The room's and its clinic's names, said in the confirm step. */
  room: { name: string; clinic: string; slotMinutes?: number };
  roomUuid: string;
  dateTimes: string[];
  totalCents: number;
  /** This room page with the chosen day and hours, where the missing steps bring the person back. */
  returnTo: string;
  /** The person follows the link to a missing step (e-mail, data): keep the hours for the way back. */
  onLeaveForStep?(): void;
  onBooked(booking: Booking): void;
}

/**
 * Pays and books the chosen slots: a saved or new card, or Pix (SPEC §8 messages). A refusal is
 * said inside the modal; a missing e-mail confirmation or profile leads to that step and back.
 */
export function BookingModal({
  opened,
  onClose,
  room,
  roomUuid,
  dateTimes,
  totalCents,
  returnTo,
  onLeaveForStep,
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
  // "Salvar este cartão": asked, not assumed (decision 0037). Unchecked, the new card pays this
  // booking only and the server removes it right after.
  const [keepCard, setKeepCard] = useState(false);
  const form = useCardForm();
  const [installments, setInstallments] = useState(1);
  const [bin, setBin] = useState<string | null>(null);
  const [review, setReview] = useState<Booking>();
  const [tokenizing, setTokenizing] = useState(false);
  const secureRef = useRef<SecureCardHandle>(null);
  // Mercado Pago: its secure fields replace the typed form, loaded only when the card form opens.
  const mpKey = useMercadoPagoKey();
  const mp = useMercadoPago(mpKey, opened && method === 'card');
  const savedDefault = cards.data?.find((c) => c.is_default)?.uuid ?? cards.data?.[0]?.uuid ?? 'new';
  const choice = cardChoice || savedDefault;
  const savedCard = cards.data?.find((c) => c.uuid === choice);
  const saved = providerCard(savedCard);
  const savedUnavailable = Boolean(mpKey && savedCard && !saved.id);
  // Known up front: an unconfirmed e-mail is refused by the server, so say it before any payment.
  const unverified = user?.email_verified === false ? gateRefusal('email_unverified', returnTo) : undefined;
  const shown = refusal ?? unverified;
  // Refused for who the person is (not how they pay): only the way to the missing step is left.
  const gated = Boolean(shown?.step);

  const pay = async () => {
    setRefusal(undefined);
    let cardUuid: string | undefined;
    let cardToken: string | undefined;
    if (method === 'card' && mpKey) {
      const secure = secureRef.current;
      if (!secure) return;
      setTokenizing(true);
      try {
        if (choice === 'new') {
          // One token saves the card (Mercado Pago keeps it on the person's customer), a second pays.
          const saveToken = await secure.createToken();
          cardUuid = (await addCard.mutateAsync({ card_token: saveToken.id })).uuid;
        } else cardUuid = choice;
        cardToken = (await secure.createToken()).id;
      } catch (err) {
        // The fields' own errors are said beside them; the server's refusal goes in the alert.
        if (!(err instanceof CardTokenError)) setRefusal(bookingRefusal(err, returnTo));
        return;
      } finally {
        setTokenizing(false);
      }
    } else if (method === 'card') {
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
        ...(method === 'card' ? { card_token: cardToken, installments } : {}),
        ...(method === 'card' && choice === 'new' ? { save_card: keepCard } : {}),
      });
      if (method === 'pix') setPix(booking);
      // In the issuer's review: the hours are held until the webhook settles the payment.
      else if (booking.payment.status === 'pending') setReview(booking);
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
        title={pix ? text.pixTitle : review ? text.review.title : text.modalTitle}
        centered
        size="lg"
      >
        {pix?.payment.pix ? (
          <PixPanel booking={pix} onDone={() => onBooked(pix)} />
        ) : review ? (
          <CardReviewPanel booking={review} onDone={() => onBooked(review)} />
        ) : (
          <Stack>
            <BookingReview room={room} dateTimes={dateTimes} totalCents={totalCents} />
            {!gated && (
              <Text size="sm" fw={600} mb={-8} aria-hidden="true">
                {text.method}
              </Text>
            )}
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
                      <Radio key={c.uuid} value={c.uuid} label={cardLabel(c)} />
                    ))}
                    <Radio value="new" label={text.newCard} />
                  </Stack>
                </Radio.Group>
                {!mpKey && choice === 'new' && <CardFields form={form} />}
                {mpKey && mp.isPending && (
                  <Group gap="xs">
                    <Loader size="sm" aria-hidden />
                    <Text size="sm">{text.mp.loading}</Text>
                  </Group>
                )}
                {mpKey && mp.isError && (
                  <Alert color="red" role="alert">
                    {text.mp.loadFailed}
                  </Alert>
                )}
                {mpKey && savedUnavailable && (
                  <Alert color="yellow" role="alert">
                    {text.mp.savedCardUnavailable}
                  </Alert>
                )}
                {mp.data && !savedUnavailable && (
                  <SecureCardForm
                    key={choice}
                    ref={secureRef}
                    mp={mp.data}
                    mode={choice === 'new' ? 'new' : 'cvv'}
                    cardId={saved.id}
                    cardLabel={savedCard ? cardLabel(savedCard) : undefined}
                    onBinChange={setBin}
                  />
                )}
                {choice === 'new' && (
                  <Checkbox
                    label={text.saveCard}
                    description={text.saveCardHint}
                    checked={keepCard}
                    onChange={(e) => setKeepCard(e.currentTarget.checked)}
                  />
                )}
                <InstallmentsSelect
                  totalCents={totalCents}
                  value={installments}
                  onChange={setInstallments}
                  mp={mp.data}
                  bin={choice === 'new' ? bin : (saved.bin ?? null)}
                />
              </Stack>
            )}
            {shown && (
              <RefusalAlert
                refusal={shown}
                onStep={onLeaveForStep}
                onPix={() => {
                  setRefusal(undefined);
                  setMethod('pix');
                }}
              />
            )}
            {!gated && (
              <Group justify="flex-end">
                <Button
                  onClick={pay}
                  loading={book.isPending || addCard.isPending || tokenizing}
                  disabled={method === 'card' && Boolean(mpKey) && (!mp.data || savedUnavailable)}
                >
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

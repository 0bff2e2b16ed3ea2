import { Alert, Button, Center, CopyButton, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Booking } from '#common/contracts/booking';
import { formatBrl } from '#web/lib/format.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { bookingGone, usePaymentStatus, useSimulatePayment } from '../api.ts';
import { text } from '../messages.ts';

function useCountdown(until: string) {
  const [left, setLeft] = useState(() => new Date(until).getTime() - Date.now());
  useEffect(() => {
    const id = setInterval(() => setLeft(new Date(until).getTime() - Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  const s = Math.max(0, Math.floor(left / 1000));
  return { done: s === 0, label: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` };
}

/** Pix "copia e cola", a countdown of the 15-minute hold and the payment status (no success toast, SPEC §8). */
export function PixPanel({ booking, onDone }: { booking: Booking; onDone(): void }) {
  const pix = booking.payment.pix!;
  const status = usePaymentStatus(booking.payment.uuid);
  const simulate = useSimulatePayment();
  const config = usePublicConfig();
  const countdown = useCountdown(pix.expires_at);
  const paid = status.data?.status === 'paid' && !bookingGone(status.data);
  const canceled = status.data?.booking_status === 'canceled';
  const over = bookingGone(status.data) || status.data?.status === 'failed' || countdown.done;

  if (paid) {
    return (
      <Stack>
        <Alert color="green" title={text.pixPaidTitle}>
          {text.pixPaid}
        </Alert>
        <Button onClick={onDone}>{text.pixSeeMine}</Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text>{text.pixHint}</Text>
      <Center>
        <Image src={pix.qr_code} alt={text.pixQrAlt} w={220} h={220} radius="sm" />
      </Center>
      <Textarea label={text.pixCopy} value={pix.copy_paste} readOnly autosize minRows={3} />
      <Group>
        <CopyButton value={pix.copy_paste}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? text.copied : text.copy}</Button>}
        </CopyButton>
        {config?.simulatePayments && !over && (
          <Button
            variant="light"
            loading={simulate.isPending}
            onClick={() => simulate.mutate(booking.payment.uuid)}
          >
            {text.pixSimulate}
          </Button>
        )}
      </Group>
      {over ? (
        <Alert color="red" role="alert">
          {canceled ? text.pixCanceled : text.pixExpired}
          {status.data?.refunded_cents ? ` ${text.pixRefund(formatBrl(status.data.refunded_cents))}` : ''}
        </Alert>
      ) : (
        <Alert color="yellow" role="timer" aria-live="off">
          {text.pixExpires(countdown.label)} {text.pixWaiting}
        </Alert>
      )}
      <Button variant="default" onClick={onDone}>
        {text.close}
      </Button>
    </Stack>
  );
}

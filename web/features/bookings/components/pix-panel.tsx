import { Alert, Button, Center, CopyButton, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Booking } from '#common/contracts/booking';
import { formatBrl } from '#web/lib/format.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { bookingGone, usePaymentStatus, useSimulatePayment } from '../api.ts';
import { text } from '../messages.ts';

/** Whole minutes left until `until`, refreshed every second; `done` once it has passed. */
function useMinutesLeft(until: string) {
  const [left, setLeft] = useState(() => new Date(until).getTime() - Date.now());
  useEffect(() => {
    const id = setInterval(() => setLeft(new Date(until).getTime() - Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  return { done: left <= 0, minutes: Math.max(0, Math.floor(left / 60_000)) };
}

/**
 * A Pix to pay: QR, copia e cola with its copy button, the amount and the deadline said as a time of
 * day ("expira às 14:58", in the clinic's time like every hour of the booking), with the payment
 * polled (no success toast, SPEC §8). Shown right after booking and again from the booking's page.
 */
export function PixPanel({ booking, onDone }: { booking: Booking; onDone?(): void }) {
  const pix = booking.payment.pix!;
  const status = usePaymentStatus(booking.payment.uuid);
  const simulate = useSimulatePayment();
  const config = usePublicConfig();
  const left = useMinutesLeft(pix.expires_at);
  const paid = status.data?.status === 'paid' && !bookingGone(status.data);
  const canceled = status.data?.booking_status === 'canceled';
  const over = bookingGone(status.data) || status.data?.status === 'failed' || left.done;

  if (paid) {
    return (
      <Stack>
        <Alert color="green" title={text.pixPaidTitle}>
          {text.pixPaid}
        </Alert>
        {onDone && <Button onClick={onDone}>{text.pixSeeMine}</Button>}
      </Stack>
    );
  }
  return (
    <Stack>
      <Text>{text.pixHint}</Text>
      <Center>
        <Image src={pix.qr_code} alt={text.pixQrAlt} w={220} h={220} radius="sm" />
      </Center>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{text.pixAmount}</Text>
        <Text fw={800}>{formatBrl(booking.amount_cents)}</Text>
      </Group>
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
          {text.pixExpires(pix.expires_at.slice(11, 16), text.pixLeft(left.minutes))} {text.pixWaiting}
        </Alert>
      )}
      {onDone && (
        <Button variant="default" onClick={onDone}>
          {text.close}
        </Button>
      )}
    </Stack>
  );
}

import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { Booking } from '#common/contracts/booking';
import { bookingGone, usePaymentStatus } from '../api.ts';
import { text } from '../messages.ts';

const t = text.review;

/**
 * A card payment the issuer is still reviewing (201 with the payment `pending`): the hours stay held
 * and the payment is polled, as on the Pix screen, until the webhook settles it.
 */
export function CardReviewPanel({ booking, onDone }: { booking: Booking; onDone(): void }) {
  const status = usePaymentStatus(booking.payment.uuid);
  const paid = status.data?.status === 'paid' && !bookingGone(status.data);
  const failed = status.data?.status === 'failed' || bookingGone(status.data);
  return (
    <Stack>
      {paid ? (
        <Alert color="green" title={text.pixPaidTitle}>
          {t.paid}
        </Alert>
      ) : failed ? (
        <Alert color="red" role="alert">
          {t.failed}
        </Alert>
      ) : (
        <Alert color="yellow" title={t.title} role="status">
          <Stack gap="xs">
            <Text size="sm">{t.message}</Text>
            <Text size="sm">{t.waiting}</Text>
            <Loader size="sm" aria-hidden />
          </Stack>
        </Alert>
      )}
      <Button onClick={onDone}>{paid ? text.pixSeeMine : text.close}</Button>
    </Stack>
  );
}

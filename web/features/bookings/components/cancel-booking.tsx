import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { MyBookingHour } from '#common/contracts/booking';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useCancelBooking } from '../api.ts';
import { cancelOutcome, daysOf, shortDate } from '../booking-hours.ts';
import { text } from '../messages.ts';

interface Cancelable {
  uuid: string;
  status: string;
  room: { name: string };
  appointments: MyBookingHour[];
}

/**
 * "Cancelar" of a booking: the hours that go and the policy that applies are said before
 * confirming (DESIGN §5); every hour still cancelable goes at once, with one mail.
 */
export function useAskCancelBooking() {
  const cancel = useCancelBooking();
  const ask = (b: Cancelable) => {
    const unpaid = b.status === 'pending_payment';
    const { going, late, refundCents } = cancelOutcome(b.appointments, unpaid);
    const policy = unpaid
      ? text.cancel.wholeBookingWarning
      : late === 0
        ? text.cancel.withRefund
        : late === going.length
          ? text.cancel.withoutRefund
          : text.mine.partlyRefunded(late, formatBrl(refundCents));
    modals.openConfirmModal({
      title: text.mine.confirmCancel,
      children: (
        <Stack gap="xs">
          <Text fw={600}>{b.room.name}</Text>
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {daysOf(going).map((d) => (
              <Text component="li" size="sm" key={d.date}>
                {shortDate(d.date)} · {d.ranges.join(', ')}
              </Text>
            ))}
          </Stack>
          <Text fw={600}>{policy}</Text>
        </Stack>
      ),
      labels: { confirm: text.mine.confirmCancel, cancel: text.mine.keep },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        cancel.mutate(b.uuid, {
          onSuccess: (result) =>
            notifySuccess(result.whole_booking ? text.cancel.wholeBookingDone : text.cancel.done),
          onError: (err) => notifyError(text.cancel.failedTitle, errorText(err)),
        }),
    });
  };
  return { ask, pending: cancel.isPending };
}

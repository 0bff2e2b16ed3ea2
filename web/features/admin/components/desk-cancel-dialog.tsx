import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DeskBookingDetail } from '#common/contracts/desk';
import { allowedMoves } from '#common/domain/lifecycle';
import { showFormError } from '#web/lib/form-errors.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useDeskCancel } from '../api.ts';
import { text } from '../messages.ts';
import { deskWhen } from './desk-status-badge.tsx';

const t = text.desk.cancel;

/** The hours the operator may still cancel now (the lifecycle table, as the server reads it). */
export function cancelableHours(booking: DeskBookingDetail, now = new Date()) {
  return booking.appointments.filter((a) =>
    allowedMoves(
      a.status,
      'operator',
      { startsAt: new Date(a.date_time), endsAt: new Date(a.ends_at) },
      now,
    ).includes('canceled'),
  );
}

/** What goes back: every paid hour in full, never more than is left of the payment. */
function refundOf(booking: DeskBookingDetail, hours: DeskBookingDetail['appointments']) {
  const p = booking.payment;
  if (!p || p.status === 'charged_back') return 0;
  const paid = hours.filter((a) => a.status === 'confirmed').reduce((n, a) => n + a.price_cents, 0);
  return Math.min(paid, Math.max(p.amount_cents - p.refunded_cents, 0));
}

interface Props {
  booking: DeskBookingDetail;
  opened: boolean;
  onClose(): void;
}

/**
 * "Cancelar com reembolso": which hours go, what comes back, and the reason (required), which the
 * server keeps in the audit log; the booking page then shows it canceled with its refund.
 */
export function DeskCancelDialog({ booking, opened, onClose }: Props) {
  const cancel = useDeskCancel(booking.uuid);
  const form = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (v) =>
        v.trim().length < 3 ? t.reasonRequired : v.trim().length > 300 ? t.reasonTooLong : null,
    },
  });
  const hours = cancelableHours(booking);
  const refund = refundOf(booking, hours);
  const unpaid = hours.every((a) => a.status === 'pending_payment');
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ reason }) =>
    cancel.mutate(reason.trim(), {
      onSuccess: (after) => {
        const back = (after.payment?.refunded_cents ?? 0) - (booking.payment?.refunded_cents ?? 0);
        notifySuccess(back > 0 ? t.done(formatBrl(back)) : t.doneUnpaid);
        close();
      },
      onError: showFormError(form, t.failed),
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title={t.title} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{unpaid ? t.unpaid : t.intro}</Text>
          <Stack component="ul" gap={4} m={0} pl="lg">
            {hours.map((a) => (
              <Text component="li" size="sm" key={a.uuid}>
                {deskWhen(a.date_time)} · {booking.room.name}
                {a.status === 'confirmed' ? ` · ${formatBrl(a.price_cents)}` : ''}
              </Text>
            ))}
          </Stack>
          {!unpaid && <Text fw={700}>{t.total(formatBrl(refund))}</Text>}
          <Textarea
            label={t.reason}
            description={t.reasonHint}
            required
            autosize
            minRows={3}
            maxLength={300}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t.back}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Payout, payPayoutBody } from '#common/contracts/payouts';
import { showFormError } from '#web/lib/form-errors.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { usePayPayout } from '../api/pay-payout.ts';
import { text } from '../messages.ts';

function PayForm({ payout, onClose }: { payout: Payout; onClose(): void }) {
  const pay = usePayPayout();
  const form = useForm({ initialValues: { reference: '' }, validate: zodValidate(payPayoutBody) });
  const submit = form.onSubmit((v) =>
    pay.mutate(
      { uuid: payout.uuid, reference: v.reference.trim() },
      {
        onSuccess: () => {
          notifySuccess(text.paid(payout.partner_name));
          onClose();
        },
        onError: showFormError(form, text.payFailed),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>{text.payBody(payout.partner_name, payout.amount_cents)}</Text>
        <TextInput
          label={text.referenceLabel}
          description={text.referenceHint}
          required
          data-autofocus
          maxLength={120}
          {...form.getInputProps('reference')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.keep}
          </Button>
          <Button type="submit" loading={pay.isPending}>
            {text.payConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Marcar como pago": asks for the proof (Pix end-to-end id or bank receipt) of a pending payout. */
export function PayPayoutDialog({ payout, onClose }: { payout: Payout | null; onClose(): void }) {
  return (
    <Modal opened={payout !== null} onClose={onClose} title={text.payTitle}>
      {payout && <PayForm payout={payout} onClose={onClose} />}
    </Modal>
  );
}

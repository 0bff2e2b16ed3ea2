import { Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { type AdminPartner, rejectPartnerBody } from '#common/contracts/admin';
import { type PartnerApproval, partnerApprovalLabels } from '#common/contracts/partner';
import { errorText } from '#web/lib/api.ts';
import { showFormError } from '#web/lib/form-errors.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useApprovePartner, useRejectPartner } from '../partner-approval-api.ts';
import { SameDocumentWarning } from './same-document-warning.tsx';

/** The texts of the operator's decision on a clinic's own sign-up (decision 0039). */
export const approvalText = {
  column: 'Cadastro',
  unverified: 'E-mail não confirmado',
  approve: 'Aprovar',
  reject: 'Recusar',
  approveTitle: (name: string) => `Aprovar o cadastro de ${name}?`,
  approveBody:
    'O parceiro recebe um e-mail e passa a poder publicar as salas que estiverem prontas. Confira o documento e os dados antes.',
  approved: (name: string) => `Cadastro de ${name} aprovado. Avisamos o parceiro por e-mail.`,
  rejectTitle: (name: string) => `Recusar o cadastro de ${name}`,
  rejectBody:
    'A conta continua ativa, mas as salas não podem ser publicadas. O motivo vai por e-mail ao parceiro, que pode corrigir os dados e pedir uma nova análise.',
  reason: 'Motivo',
  reasonHint: 'Ex.: o CNPJ informado não corresponde à razão social.',
  rejectSubmit: 'Recusar cadastro',
  rejected: (name: string) => `Cadastro de ${name} recusado. Enviamos o motivo ao parceiro.`,
  failed: 'Erro ao salvar informações',
  cancel: 'Cancelar',
} as const;

const badgeColors: Record<PartnerApproval, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

export function ApprovalBadge({ approval }: { approval: PartnerApproval }) {
  return (
    <Badge color={badgeColors[approval]} variant="light" style={{ color: 'var(--mantine-color-dark-7)' }}>
      {partnerApprovalLabels[approval]}
    </Badge>
  );
}

function RejectDialog({ partner, onClose }: { partner: AdminPartner | null; onClose(): void }) {
  const reject = useRejectPartner();
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(rejectPartnerBody) });
  const name = partner?.legal_name ?? partner?.name ?? '';
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    if (!partner) return;
    // The promise, not mutate's callbacks: the list refetched on success drops the pending row
    // (and this dialog with it) first, and mutate's callbacks do not run once it is gone.
    reject.mutateAsync({ uuid: partner.uuid, body: values }).then(
      () => {
        notifySuccess(approvalText.rejected(name));
        close();
      },
      showFormError(form, approvalText.failed),
    );
  });
  return (
    <Modal opened={partner !== null} onClose={close} title={approvalText.rejectTitle(name)}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{approvalText.rejectBody}</Text>
          <Textarea
            label={approvalText.reason}
            placeholder={approvalText.reasonHint}
            required
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {approvalText.cancel}
            </Button>
            <Button type="submit" color="red.8" loading={reject.isPending}>
              {approvalText.rejectSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The sign-up's state of one partner, and for a pending one "Aprovar" (asks first) and "Recusar"
 * (asks the reason). Approving waits for the partner's e-mail confirmation, as the server does.
 */
export function ApprovalCell({ partner }: { partner: AdminPartner }) {
  const approve = useApprovePartner();
  const [rejecting, setRejecting] = useState<AdminPartner | null>(null);
  const name = partner.legal_name ?? partner.name;
  const confirmApprove = () =>
    modals.openConfirmModal({
      title: approvalText.approveTitle(name),
      children: (
        <Stack gap="sm">
          <SameDocumentWarning partner={partner} />
          <Text size="sm">{approvalText.approveBody}</Text>
        </Stack>
      ),
      labels: { confirm: approvalText.approve, cancel: approvalText.cancel },
      // The promise, not mutate's callbacks: the list refetched on success drops the pending row
      // (this cell) first, and mutate's callbacks do not run once it is gone.
      onConfirm: () =>
        approve.mutateAsync({ uuid: partner.uuid, body: undefined }).then(
          () => notifySuccess(approvalText.approved(name)),
          (err: unknown) => notifyError(approvalText.failed, errorText(err)),
        ),
    });
  return (
    <Stack gap={6} align="flex-start">
      <ApprovalBadge approval={partner.approval} />
      {partner.approval === 'pending' && (
        <>
          {!partner.email_verified && (
            <Text size="xs" c="dark.4">
              {approvalText.unverified}
            </Text>
          )}
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-sm"
              onClick={confirmApprove}
              loading={approve.isPending}
              disabled={!partner.email_verified}
              aria-label={`${approvalText.approve} ${name}`}
            >
              {approvalText.approve}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setRejecting(partner)}
              aria-label={`${approvalText.reject} ${name}`}
            >
              {approvalText.reject}
            </Button>
          </Group>
        </>
      )}
      <RejectDialog partner={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglassHigh, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useApproval, useRequestReview } from '../api.ts';
import { text } from '../messages.ts';

const t = text.approval;

function NextSteps() {
  return (
    <Group gap="md" mt={4}>
      <Anchor
        component={Link}
        to="/parceiro/configuracoes/dados-parceiro"
        size="sm"
        c="dark.8"
        underline="always"
      >
        {t.companyData}
      </Anchor>
      <Anchor
        component={Link}
        to="/parceiro/configuracoes/dados-bancarios"
        size="sm"
        c="dark.8"
        underline="always"
      >
        {t.bankData}
      </Anchor>
      <Anchor component={Link} to="/parceiro/gestao/clinicas" size="sm" c="dark.8" underline="always">
        {t.clinics}
      </Anchor>
    </Group>
  );
}

/**
 * Above every page of the partner area while the sign-up is not approved (docs/decisions/0039):
 * "em análise" with what can be done meanwhile, or the refusal with its reason and "Pedir nova
 * análise". Nothing for an approved partner, nor while the status loads or fails to.
 */
export function ApprovalBanner() {
  const approval = useApproval();
  const review = useRequestReview();
  const status = approval.data;
  if (!status || status.approval === 'approved') return null;
  if (status.approval === 'pending')
    return (
      <Alert
        color="yellow"
        variant="light"
        mb="md"
        title={t.pendingTitle}
        icon={<IconHourglassHigh size={20} aria-hidden="true" />}
        role="status"
        styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
      >
        <Text size="sm">{t.pending}</Text>
        <NextSteps />
      </Alert>
    );
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      title={t.rejectedTitle}
      icon={<IconInfoCircle size={20} aria-hidden="true" />}
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
    >
      <Stack gap={6}>
        {status.rejection && (
          <Text size="sm">
            <strong>{t.reason}</strong> {status.rejection.reason}
          </Text>
        )}
        <Text size="sm">{t.rejected}</Text>
        <NextSteps />
        <Group>
          <Button
            size="xs"
            loading={review.isPending}
            onClick={() =>
              review.mutate(undefined, {
                onSuccess: () => notifySuccess(t.reviewSent),
                onError: (err) => notifyError(text.errorTitle, errorText(err)),
              })
            }
          >
            {t.review}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

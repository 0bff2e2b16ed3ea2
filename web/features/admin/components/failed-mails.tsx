import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useFailedMails, useRetryMail } from '../api.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * Mails the outbox gave up on after a day of retries (SMTP down or refusing): the operator sees
 * whom they were for and puts them back in line once the mail server is fine. Nothing when none.
 */
export function FailedMails() {
  const failed = useFailedMails();
  const retry = useRetryMail();
  const mails = failed.data ?? [];
  if (mails.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconMailExclamation aria-hidden />}
      title={
        mails.length === 1
          ? '1 e-mail não foi entregue depois de um dia de tentativas'
          : `${mails.length} e-mails não foram entregues depois de um dia de tentativas`
      }
    >
      <Stack gap="xs">
        <Text size="sm">
          Confira o servidor de e-mail (SMTP_URL) e coloque cada um de novo na fila. Os demais e-mails
          continuam sendo enviados normalmente.
        </Text>
        {mails.map((m) => (
          <Group key={m.uuid} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.subject}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Para {m.recipient} · escrito em {when(m.created_at)} · {m.attempts} tentativas
                {m.last_error ? ` · ${m.last_error}` : ''}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              loading={retry.isPending && retry.variables === m.uuid}
              onClick={() =>
                retry.mutate(m.uuid, {
                  onSuccess: (r) => notifySuccess(r.data.message),
                  onError: (err) => notifyError('Não foi possível', (err as Error).message),
                })
              }
            >
              Tentar de novo
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

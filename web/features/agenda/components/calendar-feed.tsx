import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarShare } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '#web/lib/api.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useCalendarFeed, useChangeCalendarFeed } from '../api.ts';

/** "Agenda no seu calendário": a private link that Google Agenda, Apple or Outlook subscribe to. */
export function CalendarFeed({ partner }: { partner: string }) {
  const feed = useCalendarFeed(partner);
  const change = useChangeCalendarFeed(partner);
  const [url, setUrl] = useState<string | null>(null);

  const make = () =>
    change.mutate(true, {
      onSuccess: (data) => setUrl(data.url),
      onError: (err) => notifyError('Erro ao gerar link', errorText(err)),
    });
  const confirmNew = () =>
    modals.openConfirmModal({
      title: 'Gerar um novo link',
      children: <Text>O link atual deixa de funcionar nos calendários que já o assinaram.</Text>,
      labels: { confirm: 'Gerar novo link', cancel: 'Manter o atual' },
      onConfirm: make,
    });
  const turnOff = () =>
    modals.openConfirmModal({
      title: 'Desligar o link da agenda',
      children: <Text>Os calendários que assinaram o link param de receber os agendamentos.</Text>,
      labels: { confirm: 'Desligar', cancel: 'Manter' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate(false, {
          onSuccess: () => setUrl(null),
          onError: (err) => notifyError('Erro ao desligar link', errorText(err)),
        }),
    });

  const active = feed.data?.active ?? false;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={20} aria-hidden="true" />
          <Title order={2} fz="h5">
            Agenda no seu calendário
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Um link privado com os agendamentos das suas salas para assinar no Google Agenda, no calendário do
          iPhone ou no Outlook. Ele se atualiza sozinho; não compartilhe com ninguém.
        </Text>
        {url && (
          <Alert color="salas" title="Copie o link agora">
            <Stack gap="xs">
              <Text size="sm">Por segurança, ele só aparece desta vez. Se perder, gere um novo.</Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput label="Link da agenda" value={url} readOnly style={{ flex: 1 }} />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button onClick={copy}>{copied ? 'Copiado!' : 'Copiar link'}</Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group gap="xs">
          {active ? (
            <>
              <Button variant="light" onClick={confirmNew} loading={change.isPending}>
                Gerar novo link
              </Button>
              <Button variant="subtle" color="red" onClick={turnOff} disabled={change.isPending}>
                Desligar link
              </Button>
            </>
          ) : (
            <Button variant="light" onClick={make} loading={change.isPending || feed.isPending}>
              Gerar link da agenda
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * "Conectar Mercado Pago" on the partner's payment settings (DESIGN §9, decision 0035): the status
 * (connected to which account since when, or not), the button that goes to Mercado Pago's
 * authorization page, and disconnecting with a confirmation. The callback's outcome arrives as
 * `?mercadopago=` and is shown once.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type ConnectOutcome, connectOutcomes } from '#common/contracts/payment-account';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useConnectMercadopago } from '../api/connect-mercadopago.ts';
import { useDisconnectMercadopago } from '../api/disconnect-mercadopago.ts';
import { useMercadopagoStatus } from '../api/get-mercadopago-status.ts';

const t = {
  title: 'Receber pelo Mercado Pago',
  intro:
    'Conecte a sua conta do Mercado Pago para receber cada reserva direto nela, já sem a comissão da Salas. Sem conexão, a Salas recebe e repassa a você pelos dados bancários ou Pix.',
  connected: 'Conectado',
  notConnected: 'Não conectado',
  account: (id: string, since: string) => `Conta ${id}, conectada desde ${since}.`,
  connect: 'Conectar Mercado Pago',
  reconnect: 'Conectar outra conta',
  disconnect: 'Desconectar',
  confirmTitle: 'Desconectar o Mercado Pago?',
  confirmBody:
    'As próximas reservas voltam a ser recebidas pela Salas e repassadas a você. Para revogar o acesso também no Mercado Pago, vá em Seu perfil › Segurança › Aplicativos conectados.',
  keep: 'Manter conectado',
  disconnected: 'Conta do Mercado Pago desconectada.',
  savedCards:
    'Pagamentos com cartão salvo continuam entrando na conta da Salas e são repassados; Pix e os demais caem direto na sua conta.',
  error: 'Mercado Pago',
};

const since = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });

export function MercadopagoConnect({ partnerUuid }: { partnerUuid: string }) {
  const status = useMercadopagoStatus(partnerUuid);
  // Saved cards stay on the platform's account only at Mercado Pago (decision 0035).
  const config = usePublicConfig();
  const connect = useConnectMercadopago(partnerUuid);
  const disconnect = useDisconnectMercadopago(partnerUuid);
  const [params, setParams] = useSearchParams();
  const outcome = params.get('mercadopago') as ConnectOutcome | null;

  useEffect(() => {
    if (!outcome || !(outcome in connectOutcomes)) return;
    if (outcome === 'conectado') notifySuccess(connectOutcomes[outcome]);
    else notifyError(t.error, connectOutcomes[outcome]);
    params.delete('mercadopago');
    setParams(params, { replace: true });
  }, [outcome]);

  const goConnect = () =>
    connect.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => notifyError(t.error, errorText(err)),
    });
  const askDisconnect = () =>
    modals.openConfirmModal({
      title: t.confirmTitle,
      children: <Text size="sm">{t.confirmBody}</Text>,
      labels: { confirm: t.disconnect, cancel: t.keep },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: () => notifySuccess(t.disconnected),
          onError: (err) => notifyError(t.error, errorText(err)),
        }),
    });

  const data = status.data;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="mercadopago-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4" id="mercadopago-title">
            {t.title}
          </Title>
          {data && (
            <Badge
              color={data.connected ? 'green' : 'gray'}
              variant="light"
              style={{ color: 'var(--mantine-color-dark-7)' }}
            >
              {data.connected ? t.connected : t.notConnected}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {status.error ? (
          <Alert color="red">{errorText(status.error)}</Alert>
        ) : data?.connected && data.account_id && data.connected_at ? (
          <>
            <Text style={{ overflowWrap: 'anywhere' }}>
              {t.account(data.account_id, since(data.connected_at))}
            </Text>
            {config?.paymentProvider === 'mercadopago' && (
              <Text size="sm" c="dimmed">
                {t.savedCards}
              </Text>
            )}
          </>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          {data?.connected && (
            <Button variant="default" color="red" onClick={askDisconnect} loading={disconnect.isPending}>
              {t.disconnect}
            </Button>
          )}
          <Button onClick={goConnect} loading={connect.isPending} disabled={status.isPending}>
            {data?.connected ? t.reconnect : t.connect}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

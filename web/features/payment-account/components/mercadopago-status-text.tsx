/** The partner's Mercado Pago connection in one line, for the operator's partner page (read-only). */
import { Text } from '@mantine/core';
import { useMercadopagoStatus } from '../api/get-mercadopago-status.ts';

export function MercadopagoStatusText({ partnerUuid }: { partnerUuid: string }) {
  const { data } = useMercadopagoStatus(partnerUuid);
  if (!data) return null;
  const since = data.connected_at
    ? new Date(data.connected_at).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
    : '';
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      Mercado Pago:{' '}
      {data.connected
        ? `conectado à conta ${data.account_id} desde ${since} (recebe por split)`
        : 'não conectado (recebe por repasse)'}
    </Text>
  );
}

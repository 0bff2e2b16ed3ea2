/** POST /api/partner/{partner}/mercadopago/connect: the provider's authorization page to go to. */
import { useMutation } from '@tanstack/react-query';
import type { ConnectAnswer } from '#common/contracts/payment-account';
import { api } from '#web/lib/api.ts';

export const connectMercadopago = (partnerUuid: string) =>
  api<{ data: ConnectAnswer }>(`/partner/${partnerUuid}/mercadopago/connect`, { method: 'POST' }).then(
    (r) => r.data,
  );

export const useConnectMercadopago = (partnerUuid: string) =>
  useMutation({ mutationFn: () => connectMercadopago(partnerUuid) });

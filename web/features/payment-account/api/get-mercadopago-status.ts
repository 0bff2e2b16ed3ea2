/** GET /api/partner/{partner}/mercadopago: whether the partner's Mercado Pago account is connected. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAccountStatus } from '#common/contracts/payment-account';
import { api } from '#web/lib/api.ts';

export const mercadopagoStatusKey = (partnerUuid: string) => ['partner', partnerUuid, 'mercadopago'] as const;

export const getMercadopagoStatus = (partnerUuid: string) =>
  api<{ data: PaymentAccountStatus }>(`/partner/${partnerUuid}/mercadopago`).then((r) => r.data);

export const mercadopagoStatusQuery = (partnerUuid: string) =>
  queryOptions({
    queryKey: mercadopagoStatusKey(partnerUuid),
    queryFn: () => getMercadopagoStatus(partnerUuid),
    enabled: Boolean(partnerUuid),
  });

export const useMercadopagoStatus = (partnerUuid: string) => useQuery(mercadopagoStatusQuery(partnerUuid));

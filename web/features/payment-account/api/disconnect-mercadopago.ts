/** DELETE /api/partner/{partner}/mercadopago: forgets the partner's Mercado Pago account. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { mercadopagoStatusKey } from './get-mercadopago-status.ts';

export const disconnectMercadopago = (partnerUuid: string) =>
  api<void>(`/partner/${partnerUuid}/mercadopago`, { method: 'DELETE' });

export const useDisconnectMercadopago = (partnerUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectMercadopago(partnerUuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mercadopagoStatusKey(partnerUuid) }),
  });
};

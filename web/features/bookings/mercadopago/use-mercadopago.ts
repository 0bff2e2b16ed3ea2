import { useQuery } from '@tanstack/react-query';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { loadMercadoPagoInstance, type MercadoPagoInstance } from './sdk.ts';

/** Mercado Pago's public key when it is the active provider (the secure fields replace the typed form). */
export function useMercadoPagoKey(): string | null {
  const config = usePublicConfig();
  return config?.paymentProvider === 'mercadopago' ? (config.mercadopagoPublicKey ?? null) : null;
}

/** The SDK instance, loaded the first time a card form asks for it (`enabled`). */
export function useMercadoPago(publicKey: string | null, enabled = true) {
  return useQuery<MercadoPagoInstance>({
    queryKey: ['mercadopago', 'sdk', publicKey],
    queryFn: () => loadMercadoPagoInstance(publicKey!),
    enabled: Boolean(publicKey) && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
    structuralSharing: false,
  });
}

/**
 * Mercado Pago's installments for this amount and card (first digits), or undefined while unknown.
 */
export function useProviderInstallments(
  mp: MercadoPagoInstance | undefined,
  totalCents: number,
  bin: string | null,
) {
  return useQuery({
    queryKey: ['mercadopago', 'installments', totalCents, bin],
    queryFn: async () => {
      const answer = await mp!.getInstallments({ amount: String(totalCents / 100), bin: bin! });
      return answer[0]?.payer_costs ?? [];
    },
    enabled: Boolean(mp && bin),
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

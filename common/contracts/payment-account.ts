/**
 * A partner's own Mercado Pago account, connected by OAuth for split 1:1 (DESIGN §9 "Partners
 * connect Mercado Pago"). Tokens are never part of any answer: only whether it is connected, the
 * account's id at the provider and since when.
 */
import { z } from 'zod';

export const paymentAccountStatusSchema = z.object({
  connected: z.boolean(),
  /** The seller's account id at the provider (Mercado Pago `user_id`). */
  account_id: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type PaymentAccountStatus = z.infer<typeof paymentAccountStatusSchema>;

export const paymentAccountStatusResponse = z.object({ data: paymentAccountStatusSchema });

export const connectResponse = z.object({
  /** The provider's authorization page, with a single-use `state` bound to the partner. */
  data: z.object({ url: z.url() }),
});
export type ConnectAnswer = z.infer<typeof connectResponse>['data'];

export const oauthCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  /** The provider's refusal (the seller declined), per OAuth 2.0. */
  error: z.string().max(200).optional(),
});

/** Where the callback sends the browser back (the partner's payment settings page). */
export const PAYMENT_SETTINGS_PATH = '/parceiro/configuracoes/dados-pagamento';

/** `?mercadopago=` on the settings page after the callback: what happened, for a message. */
export const connectOutcomes = {
  conectado: 'Conta do Mercado Pago conectada. As próximas reservas das suas salas caem direto na sua conta.',
  expirado: 'O pedido de conexão expirou ou já foi usado. Clique em "Conectar Mercado Pago" de novo.',
  recusado: 'A conexão com o Mercado Pago não foi autorizada.',
  falhou: 'O Mercado Pago não confirmou a conexão. Tente de novo em instantes.',
} as const;
export type ConnectOutcome = keyof typeof connectOutcomes;

export const paymentAccountMessages = {
  notConfigured: 'A conexão com o Mercado Pago não está disponível nesta instalação.',
};

/**
 * GET /api/fusion/payments/attention: money that needs the operator (DESIGN §9) — payments in dispute
 * or charged back (the partner's share held), what the daily comparison with the provider changed in
 * our books, and refunds the provider has not accepted after a day.
 */
import { z } from 'zod';

/** How each payment status reads for people (the web shows these words). */
export const paymentStatusLabels: Record<string, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  failed: 'Recusado',
  expired: 'Expirado',
  partially_refunded: 'Devolvido em parte',
  refunded: 'Devolvido',
  disputed: 'Em disputa',
  charged_back: 'Estornado pelo banco',
};

const who = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });

export const disputeSchema = z.object({
  payment_uuid: z.uuid(),
  booking_uuid: z.uuid(),
  status: z.enum(['disputed', 'charged_back']),
  amount_cents: z.number().int(),
  /** The partner's share held while the payment is in this status. */
  net_cents: z.number().int(),
  provider_ref: z.string().nullable(),
  customer: who,
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  since: z.string(),
});

export const differenceSchema = z.object({
  payment_uuid: z.uuid(),
  booking_uuid: z.uuid(),
  /** What the provider said that we did not know: paid, failed, refunded, disputed, charged_back. */
  outcome: z.string(),
  payment_status: z.string(),
  amount_cents: z.number().int(),
  customer: who,
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  found_at: z.string(),
});

export const stuckRefundSchema = z.object({
  refund_uuid: z.uuid(),
  payment_uuid: z.uuid(),
  amount_cents: z.number().int(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});

export const paymentAttentionSchema = z.object({
  disputes: z.array(disputeSchema),
  differences: z.array(differenceSchema),
  stuck_refunds: z.array(stuckRefundSchema),
});
export type PaymentAttention = z.infer<typeof paymentAttentionSchema>;
export const paymentAttentionResponse = z.object({ data: paymentAttentionSchema });

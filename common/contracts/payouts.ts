/**
 * Statements and payouts (DESIGN §9 "Statements and payouts"; decision 0034). A line is one paid
 * appointment: what it brought, what went back, the plan's commission, the partner's net, and when
 * that net becomes available (the appointment's end + PAYOUT_DELAY_DAYS, never while its payment is
 * in dispute). Lines of a payment split at the provider were paid there (`settlement: "split"`);
 * the others are paid by the operator's payouts.
 */
import { z } from 'zod';
import { dateRangeBody } from './admin.ts';

export const settlements = ['split', 'payout'] as const;
export type Settlement = (typeof settlements)[number];

export const statementQuery = dateRangeBody;

export const statementLineSchema = z.object({
  appointment_uuid: z.uuid(),
  booking_uuid: z.uuid(),
  date_time: z.string(),
  room_name: z.string(),
  /** The appointment's status. */
  status: z.string(),
  gross_cents: z.number().int(),
  refunded_cents: z.number().int(),
  fee_cents: z.number().int(),
  net_cents: z.number().int(),
  settlement: z.enum(settlements),
  /** When the net becomes available to pay out; null while the payment is in dispute. */
  available_at: z.string().nullable(),
  /** The last payout (pending or paid) that carried this line. */
  payout_uuid: z.uuid().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementTotalsSchema = z.object({
  gross_cents: z.number().int(),
  refunded_cents: z.number().int(),
  fee_cents: z.number().int(),
  net_cents: z.number().int(),
  /** Net not available yet (the appointment has not ended + delay, or it is held by a dispute). */
  pending_cents: z.number().int(),
  /** Net available and not in any payout yet (what the next payout would carry). */
  available_cents: z.number().int(),
  /** Net carried by paid payouts, or paid by the provider's split. */
  paid_out_cents: z.number().int(),
});

export const statementResponse = z.object({
  data: z.object({ lines: z.array(statementLineSchema), totals: statementTotalsSchema }),
});
export type Statement = z.infer<typeof statementResponse>['data'];

export const balanceSchema = z.object({
  partner_uuid: z.uuid(),
  name: z.string(),
  settlement: z.enum(settlements),
  pending_cents: z.number().int(),
  available_cents: z.number().int(),
  paid_out_cents: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balancesResponse = z.object({ data: z.array(balanceSchema) });

export const payoutStatuses = ['pending', 'paid', 'canceled'] as const;

export const payoutLineSchema = z.object({
  appointment_uuid: z.uuid(),
  date_time: z.string(),
  room_name: z.string(),
  /** This payout's part of the line's net (negative: taken back after a refund). */
  amount_cents: z.number().int(),
});

export const payoutSchema = z.object({
  uuid: z.uuid(),
  partner_uuid: z.uuid(),
  partner_name: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(payoutStatuses),
  reference: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  lines: z.array(payoutLineSchema),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutResponse = z.object({ data: payoutSchema });
export const payoutListResponse = z.object({ data: z.array(payoutSchema) });

export const createPayoutBody = z.object({ partner_uuid: z.uuid({ message: 'Parceiro inválido.' }) });
export const payPayoutBody = z.object({
  reference: z
    .string({ message: 'Informe o comprovante (id do Pix ou número do comprovante bancário).' })
    .trim()
    .min(4, 'Informe o comprovante (id do Pix ou número do comprovante bancário).')
    .max(120, 'Comprovante longo demais.')
    .regex(/^[\p{L}\p{N} ./:_-]+$/u, 'Use só letras, números, espaço e . / : _ -'),
});
export const payoutsQuery = z.object({
  status: z.enum(payoutStatuses, { message: 'Situação inválida.' }).optional(),
});

/** Payment statuses that hold a line's share (DESIGN §9, §10): it never leaves in a payout. */
export const heldStatuses = ['disputed', 'charged_back'] as const;
export type HeldStatus = (typeof heldStatuses)[number];

/** A line that keeps a payout from being paid (409 `code: "held_lines"`, `held_lines`). */
export const heldLineSchema = payoutLineSchema.extend({ payment_status: z.enum(heldStatuses) });
export type HeldLine = z.infer<typeof heldLineSchema>;

const heldLabel: Record<HeldStatus, string> = {
  disputed: 'pagamento em disputa',
  charged_back: 'estornado pelo banco (chargeback)',
};
/** "Sala 1, 27/11/2026 às 14:00 (pagamento em disputa)" from a line whose date_time is ISO. */
const heldLineLabel = (l: Pick<HeldLine, 'room_name' | 'date_time' | 'payment_status'>) =>
  `${l.room_name}, ${l.date_time.slice(8, 10)}/${l.date_time.slice(5, 7)}/${l.date_time.slice(0, 4)} às ${l.date_time.slice(11, 16)} (${heldLabel[l.payment_status]})`;

export const payoutMessages = {
  heldLines: (lines: Pick<HeldLine, 'room_name' | 'date_time' | 'payment_status'>[]) =>
    `Este repasse não pode ser marcado como pago: ${lines.length === 1 ? 'uma linha está retida' : `${lines.length} linhas estão retidas`} — ${lines.map(heldLineLabel).join('; ')}. Cancele este repasse e gere outro: as linhas retidas ficam de fora enquanto estiverem retidas.`,
  nothingAvailable: 'Não há valor disponível para repassar a este parceiro agora.',
  splitPartner: 'Este parceiro recebe direto pelo Mercado Pago (split): não há repasse a fazer.',
  notFound: 'Repasse não encontrado.',
  notPending: 'Este repasse já foi pago ou cancelado.',
  partnerNotFound: 'Parceiro não encontrado.',
} as const;

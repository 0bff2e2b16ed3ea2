/**
 * A booking's history for the operator's desk (decision 0036), built from what the database keeps:
 * the booking's own times, the payment's, the provider's events, each hour's cancellation (when and
 * by whom), the refunds, and the operator's cancels with their reason from the audit log. Oldest
 * first; steps of one instant in the order they happen (the operator's reason before the hours it
 * canceled, the refund after them).
 */
import { type DeskBookingDetail, type DeskHistoryEntry, refundReasonLabels } from '#common/contracts/desk';
import { formatBrl } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import { when } from '../notifications/mails/booking.mails.ts';

type Actor = DeskHistoryEntry['actor'];

export interface HistoryInput {
  booking: { createdAt: Date; updatedAt: Date; holdExpiresAt: Date | null; status: string };
  detail: Omit<DeskBookingDetail, 'history'>;
  payment: { paidAt: Date | null } | null;
  events: { type: string; source: string; changed: boolean; at: Date }[];
  cancels: { at: Date; reason: string; actor: Actor }[];
  /** Each appointment's cancellation instant, in the order of `detail.appointments`. */
  canceledAt: (Date | null)[];
  /** Each refund's instant, in the order of `detail.refunds`. */
  refundsAt: Date[];
  tz: string;
}

const methodLabels: Record<string, string> = { card: 'cartão', pix: 'Pix', manual: 'sem pagamento' };

const eventLabels: Record<string, string> = {
  paid: 'pagamento aprovado',
  failed: 'pagamento recusado',
  refunded: 'pagamento devolvido',
  pending: 'pagamento em análise',
  disputed: 'disputa aberta',
  charged_back: 'estorno pelo banco (chargeback)',
};
const sourceLabels: Record<string, string> = {
  webhook: 'aviso do provedor',
  read_back: 'consulta ao provedor',
  daily: 'conferência diária',
  simulated: 'simulação',
};
const refundStatusLabels: Record<string, string> = {
  pending: 'em andamento',
  succeeded: 'concluído',
  failed: 'com falha',
};

const rank: Record<DeskHistoryEntry['kind'], number> = {
  created: 0,
  paid: 1,
  payment_failed: 2,
  expired: 3,
  provider_event: 4,
  operator_cancel: 5,
  canceled: 6,
  refund: 7,
};

/** Steps of one request land milliseconds apart; a person's next action comes seconds later at least. */
const ONE_GO_MS = 2_000;

const hoursWord = (n: number) => (n === 1 ? '1 horário' : `${n} horários`);
/** "25/11/2026 às 09:00" → "25/11 às 09:00" in lists of hours. */
const short = (at: Date, tz: string) => when(at, tz).replace(/\/\d{4} /, ' ');

export function historyOf(h: HistoryInput): DeskHistoryEntry[] {
  const { detail, tz } = h;
  const entries: (DeskHistoryEntry & { t: number })[] = [];
  const add = (at: Date, kind: DeskHistoryEntry['kind'], description: string, actor: Actor = null) =>
    entries.push({ at: toZonedIso(at, tz), t: at.getTime(), kind, description, actor });

  const n = detail.appointments.length;
  add(
    h.booking.createdAt,
    'created',
    detail.outside
      ? `Reserva registrada pela clínica para ${detail.outside.name} (fora da plataforma): ${hoursWord(n)}`
      : `Reserva criada${detail.series_uuid ? ' (mês de um horário fixo)' : ''}: ${hoursWord(n)}, ${formatBrl(detail.amount_cents)}, ${methodLabels[detail.payment_method] ?? detail.payment_method}`,
  );
  if (h.payment?.paidAt) {
    const card = detail.payment?.card;
    add(
      h.payment.paidAt,
      'paid',
      `Pagamento aprovado: ${formatBrl(detail.payment!.amount_cents)}${card ? ` no cartão ${card.brand.toUpperCase()} final ${card.last4}` : detail.payment?.method === 'pix' ? ' por Pix' : ''}`,
    );
  }
  if (h.booking.status === 'failed') add(h.booking.updatedAt, 'payment_failed', 'Pagamento recusado');
  if (h.booking.status === 'expired')
    add(
      h.booking.holdExpiresAt ?? h.booking.updatedAt,
      'expired',
      'Prazo do Pix encerrado sem pagamento: horários liberados',
    );
  for (const e of h.events)
    add(
      e.at,
      'provider_event',
      `${sourceLabels[e.source] ?? e.source}: ${eventLabels[e.type] ?? e.type}${e.changed ? '' : ' (nada mudou)'}`,
    );
  for (const c of h.cancels)
    add(c.at, 'operator_cancel', `Cancelamento pela operação. Motivo: ${c.reason}`, c.actor);

  // Hours one person canceled in one go (one request: a few milliseconds apart) are one step.
  const groups: { at: Date; actor: Actor; hours: Date[]; refund: number }[] = [];
  detail.appointments
    .map((a, i) => ({ a, at: h.canceledAt[i] }))
    .filter(
      (x): x is { a: (typeof detail.appointments)[number]; at: Date } =>
        Boolean(x.at) && x.a.status === 'canceled',
    )
    .sort((x, y) => x.at.getTime() - y.at.getTime())
    .forEach(({ a, at }) => {
      const last = groups.at(-1);
      if (
        last &&
        last.actor?.email === a.canceled_by?.email &&
        at.getTime() - last.at.getTime() < ONE_GO_MS
      ) {
        last.hours.push(new Date(a.date_time));
        last.refund += a.refund_cents;
      } else
        groups.push({ at, actor: a.canceled_by, hours: [new Date(a.date_time)], refund: a.refund_cents });
    });
  const wasPaid = Boolean(h.payment?.paidAt);
  for (const g of groups) {
    const list = g.hours
      .sort((x, y) => x.getTime() - y.getTime())
      .map((d) => short(d, tz))
      .join(', ');
    const by = g.actor ? '' : ' pelo sistema';
    add(
      g.at,
      'canceled',
      `${g.hours.length === 1 ? 'Horário cancelado' : `${hoursWord(g.hours.length)} cancelados`}${by} (${list})${g.refund > 0 ? `, ${formatBrl(g.refund)} a devolver` : wasPaid ? ', sem reembolso' : ''}`,
      g.actor,
    );
  }

  // Refunds written in one go (one per hour) with the same reason and state are one step too.
  const refunds: { at: Date; cents: number; parts: number; reason: string; status: string }[] = [];
  detail.refunds
    .map((f, i) => ({ f, at: h.refundsAt[i]! }))
    .forEach(({ f, at }) => {
      const last = refunds.at(-1);
      if (
        last &&
        last.reason === f.reason &&
        last.status === f.status &&
        at.getTime() - last.at.getTime() < ONE_GO_MS
      ) {
        last.cents += f.amount_cents;
        last.parts += 1;
      } else refunds.push({ at, cents: f.amount_cents, parts: 1, reason: f.reason, status: f.status });
    });
  for (const r of refunds)
    add(
      r.at,
      'refund',
      `Reembolso de ${formatBrl(r.cents)}${r.parts > 1 ? ` em ${r.parts} partes` : ''} (${refundReasonLabels[r.reason] ?? r.reason}): ${refundStatusLabels[r.status] ?? r.status}`,
    );
  return entries.sort((a, b) => a.t - b.t || rank[a.kind] - rank[b.kind]).map(({ t: _t, ...entry }) => entry);
}

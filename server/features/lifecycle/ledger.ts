/**
 * The ledger check (docs/operations.md, "Verificar o livro-caixa"): read-only SQL that looks for
 * money and hours out of line with the booking lifecycle (DESIGN §8) — refunds above what was
 * captured, totals that disagree with their refund rows, refunds the sandbox gateway never saw or
 * saw twice, one hour held twice, confirmed hours without payment, cancellations refunded against
 * the table, late Pix money kept, refunds stuck at the provider, money the provider captured that
 * no payment holds and charges asked whose answer never came. Plain SQL for PostgreSQL 15 and
 * PGlite alike; it writes nothing and can run beside a live PostgreSQL server.
 */
import { type SQL, sql } from 'drizzle-orm';
import { appointmentStatusLabels, FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { formatBrl } from '#common/money';
import { type Executor, queryRows } from '../../db/client.ts';
import { slotHoldingStatuses } from '../../db/schema.ts';
import { splitMismatch } from './split.ts';

export interface LedgerViolation {
  rule: string;
  /** What is wrong, in Portuguese, for the operator. */
  message: string;
  /** Public ids (uuids) and provider references of the rows involved. */
  ids: Record<string, string | number>;
}

export const REFUND_OVER_CAPTURE = 'refund_over_capture';
export const REFUND_SUM = 'refund_sum';
export const REFUND_NOT_ONCE = 'refund_not_once';
export const SLOT_TWICE = 'slot_twice';
export const BUFFER_LOST = 'buffer_lost';
export const CONFIRMED_UNPAID = 'confirmed_unpaid';
export const CANCEL_REFUND_POLICY = 'cancel_refund_policy';
export const LATE_MONEY_KEPT = 'late_money_kept';
export const REFUND_STUCK = 'refund_stuck';
export const PAYMENT_SPLIT = 'payment_split';
export const PAYOUT_SUM = 'payout_sum';
export const PAYOUT_LINE_TWICE = 'payout_line_twice';
export const PAYOUT_UNAVAILABLE = 'payout_unavailable';
export const OUTSIDE_MONEY = 'outside_money';
export const ORPHAN_CHARGE = 'orphan_charge';
export const CHARGE_UNANSWERED = 'charge_unanswered';

export const LEDGER_RULES = [
  REFUND_OVER_CAPTURE,
  REFUND_SUM,
  REFUND_NOT_ONCE,
  SLOT_TWICE,
  BUFFER_LOST,
  CONFIRMED_UNPAID,
  CANCEL_REFUND_POLICY,
  LATE_MONEY_KEPT,
  REFUND_STUCK,
  PAYMENT_SPLIT,
  PAYOUT_SUM,
  PAYOUT_LINE_TWICE,
  PAYOUT_UNAVAILABLE,
  OUTSIDE_MONEY,
  ORPHAN_CHARGE,
  CHARGE_UNANSWERED,
] as const;

/** Reported like the others, but a state the retry job may still resolve on its own. */
export const WARNING_RULES: readonly string[] = [REFUND_STUCK];

/** A refund still `pending` this long after it was written is reported. */
export const REFUND_STUCK_HOURS = 24;

/**
 * A charge the provider captured that our books do not hold, or a charge asked and never answered,
 * is reported this long after (DESIGN §10: the reconciliation job settles one within 10 minutes).
 */
export const ORPHAN_CHARGE_MINUTES = 30;

type Row = Record<string, unknown>;

const brl = (cents: unknown) => formatBrl(Number(cents));
const paymentLabels: Record<string, string> = {
  pending: 'pendente',
  paid: 'pago',
  failed: 'recusado',
  expired: 'expirado',
  partially_refunded: 'devolvido em parte',
  refunded: 'devolvido',
  disputed: 'em disputa',
  charged_back: 'estornado pelo banco',
};
const paymentLabel = (status: unknown) =>
  status == null ? 'inexistente' : `“${paymentLabels[String(status)] ?? String(status)}”`;
const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Ids of a row, without the ones that are null (a missing payment, an unknown refund). */
function idsOf(row: Row, keys: readonly string[]): Record<string, string | number> {
  const ids: Record<string, string | number> = {};
  for (const key of keys) {
    const value = row[key];
    if (value !== null && value !== undefined) ids[key] = typeof value === 'number' ? value : String(value);
  }
  return ids;
}

async function find(
  db: Executor,
  rule: string,
  query: SQL,
  keys: readonly string[],
  message: (row: Row) => string,
): Promise<LedgerViolation[]> {
  const rows = await queryRows<Row>(db, query);
  return rows.map((row) => ({ rule, message: message(row), ids: idsOf(row, keys) }));
}

/**
 * Bookings whose Pix arrived after the hold had ended or after the booking was canceled unpaid
 * ("late money"): their hours were never confirmed, and the whole amount must go back. Recognised
 * by a booking expired or failed, by a `late_payment` refund, or by every hour canceled before the
 * capture (so a late payment whose refund row went missing is still recognised).
 */
const lateMoneyBookings = sql`
  select b.id as booking_id
  from bookings b
  join payments p on p.booking_id = b.id
  where p.paid_at is not null
    and b.status in ('canceled', 'expired', 'failed')
    and (
      b.status in ('expired', 'failed')
      or exists (select 1 from refunds r where r.payment_id = p.id and r.reason = 'late_payment')
      or not exists (
        select 1 from appointments a
        where a.booking_id = b.id and (a.canceled_at is null or a.canceled_at >= p.paid_at)
      )
    )`;

async function refundOverCapture(db: Executor) {
  const payments = await find(
    db,
    REFUND_OVER_CAPTURE,
    sql`select p.uuid as payment, b.uuid as booking, p.amount_cents, p.refunded_cents, p.paid_at
        from payments p join bookings b on b.id = p.booking_id
        where p.refunded_cents > p.amount_cents or (p.refunded_cents > 0 and p.paid_at is null)
        order by p.id`,
    ['payment', 'booking'],
    (r) =>
      r.paid_at === null
        ? `Pagamento nunca capturado registra ${brl(r.refunded_cents)} devolvidos.`
        : `Pagamento registra ${brl(r.refunded_cents)} devolvidos, mais que os ${brl(r.amount_cents)} cobrados.`,
  );
  const charges = await find(
    db,
    REFUND_OVER_CAPTURE,
    sql`select c.ref as charge, p.uuid as payment, c.captured_cents, c.refunded_cents
        from sandbox_charges c
        left join payments p on p.provider = 'sandbox' and p.provider_ref = c.ref
        where c.refunded_cents > c.captured_cents
        order by c.ref`,
    ['charge', 'payment'],
    (r) =>
      `Cobrança ${r.charge} no provedor sandbox devolveu ${brl(r.refunded_cents)}, mais que os ${brl(r.captured_cents)} capturados.`,
  );
  return [...payments, ...charges];
}

function refundSum(db: Executor) {
  return find(
    db,
    REFUND_SUM,
    sql`select p.uuid as payment, b.uuid as booking, p.refunded_cents, coalesce(s.total, 0) as total
        from payments p
        join bookings b on b.id = p.booking_id
        left join (
          select payment_id, sum(amount_cents) as total from refunds
          where status <> 'failed' group by payment_id
        ) s on s.payment_id = p.id
        where coalesce(s.total, 0) <> p.refunded_cents
        order by p.id`,
    ['payment', 'booking'],
    (r) =>
      `Pagamento registra ${brl(r.refunded_cents)} devolvidos, mas seus reembolsos (fora os que falharam) somam ${brl(r.total)}.`,
  );
}

/**
 * Refunds we sent to the sandbox gateway, against its own books: each succeeded refund once under
 * its uuid, nothing there we did not ask for, and the same total per charge. A refund still
 * `pending` whose key the gateway already holds (its answer not yet written back) counts as sent.
 * Refunds with reason `provider` were made on the provider's side and have no key of ours.
 */
async function refundNotOnce(db: Executor) {
  const missing = await find(
    db,
    REFUND_NOT_ONCE,
    sql`select r.uuid as refund, p.uuid as payment, r.amount_cents
        from refunds r join payments p on p.id = r.payment_id
        where p.provider = 'sandbox' and r.status = 'succeeded' and r.reason <> 'provider'
          and not exists (select 1 from sandbox_refunds sr where sr.idempotency_key = r.uuid::text)
        order by r.id`,
    ['refund', 'payment'],
    (r) =>
      `Reembolso de ${brl(r.amount_cents)} consta como concluído, mas o provedor sandbox não o registrou.`,
  );
  const unknown = await find(
    db,
    REFUND_NOT_ONCE,
    sql`select sr.idempotency_key, sr.charge_ref as charge, sr.amount_cents
        from sandbox_refunds sr
        where not exists (select 1 from refunds r where r.uuid::text = sr.idempotency_key)
        order by sr.created_at, sr.idempotency_key`,
    ['idempotency_key', 'charge'],
    (r) =>
      `O provedor sandbox devolveu ${brl(r.amount_cents)} com uma chave que não corresponde a nenhum reembolso.`,
  );
  const totals = await find(
    db,
    REFUND_NOT_ONCE,
    sql`select c.ref as charge, p.uuid as payment,
               coalesce(theirs.total, 0) as provider_total, coalesce(ours.total, 0) as our_total
        from sandbox_charges c
        left join payments p on p.provider = 'sandbox' and p.provider_ref = c.ref
        left join (
          select charge_ref, sum(amount_cents) as total from sandbox_refunds group by charge_ref
        ) theirs on theirs.charge_ref = c.ref
        left join (
          select p2.provider_ref, sum(r.amount_cents) as total
          from refunds r join payments p2 on p2.id = r.payment_id
          where p2.provider = 'sandbox' and r.reason <> 'provider'
            and (r.status = 'succeeded' or (r.status = 'pending' and exists (
              select 1 from sandbox_refunds sr where sr.idempotency_key = r.uuid::text)))
          group by p2.provider_ref
        ) ours on ours.provider_ref = c.ref
        where coalesce(theirs.total, 0) <> coalesce(ours.total, 0)
        order by c.ref`,
    ['charge', 'payment'],
    (r) =>
      `O provedor sandbox devolveu ${brl(r.provider_total)} na cobrança ${r.charge}, mas os reembolsos enviados somam ${brl(r.our_total)}.`,
  );
  return [...missing, ...unknown, ...totals];
}

function slotTwice(db: Executor) {
  const holding = list(slotHoldingStatuses);
  return find(
    db,
    SLOT_TWICE,
    sql`select a.uuid as appointment, o.uuid as other_appointment, r.uuid as room,
               a.starts_at, o.starts_at as other_starts_at
        from appointments a
        join appointments o on o.room_id = a.room_id and o.id > a.id
          -- a slot lasts at most an hour and its buffer 30 minutes: an index range per appointment
          and o.starts_at > a.starts_at - interval '90 minutes'
          and o.starts_at < a.ends_at + interval '30 minutes'
          and ((a.starts_at < o.ends_at and o.starts_at < a.ends_at)
               -- another booking may not start inside the cleaning time after this one either
               or (o.booking_id <> a.booking_id
                   and salas_held_range(a.starts_at, a.ends_at, a.buffer_minutes)
                       && salas_held_range(o.starts_at, o.ends_at, o.buffer_minutes)))
        join rooms r on r.id = a.room_id
        where a.status in (${holding}) and o.status in (${holding})
        order by a.id, o.id`,
    ['appointment', 'other_appointment', 'room'],
    (r) =>
      `Dois agendamentos ocupam a mesma sala ao mesmo tempo, ou um cai no intervalo de limpeza do outro (início ${iso(r.starts_at)} e ${iso(r.other_starts_at)}).`,
  );
}

/**
 * The cleaning time after a stretch (decision 0023): in a booking made with a buffer, every held
 * hour that no held hour of the same booking follows ends a stretch and keeps that buffer — also
 * after the hour that used to follow it was canceled.
 */
function bufferLost(db: Executor) {
  const holding = list(slotHoldingStatuses);
  return find(
    db,
    BUFFER_LOST,
    sql`with buffered as (
          select booking_id, max(buffer_minutes) as buffer from appointments
          group by booking_id having max(buffer_minutes) > 0
        )
        select a.uuid as appointment, b.uuid as booking, a.starts_at, a.buffer_minutes, w.buffer
        from buffered w
        join appointments a on a.booking_id = w.booking_id
        join bookings b on b.id = a.booking_id
        where a.status in (${holding}) and a.buffer_minutes < w.buffer
          and not exists (select 1 from appointments n
                          where n.booking_id = a.booking_id and n.starts_at = a.ends_at
                            and n.status in (${holding}))
        order by a.id`,
    ['appointment', 'booking'],
    (r) =>
      `O horário de ${iso(r.starts_at)} termina um período reservado, mas ficou sem os ${r.buffer} minutos de limpeza depois dele.`,
  );
}

/**
 * Hours held as paid must have a captured payment. A completed or no-show hour whose payment the
 * provider refunded afterwards (a dispute) is the lifecycle's own outcome, not a fault.
 */
async function confirmedUnpaid(db: Executor) {
  const disputed = (statusOk: SQL) => sql`(
    ${statusOk} and coalesce(p.status, '') = 'refunded'
    and exists (select 1 from refunds r where r.payment_id = p.id and r.reason = 'provider'))`;
  const appointmentsRows = await find(
    db,
    CONFIRMED_UNPAID,
    sql`select a.uuid as appointment, b.uuid as booking, p.uuid as payment, a.status, p.status as payment_status
        from appointments a
        join bookings b on b.id = a.booking_id
        left join payments p on p.booking_id = b.id
        where a.status in ('confirmed', 'completed', 'no_show') and b.payment_method <> 'manual'
          and coalesce(p.status, '') not in ('paid', 'partially_refunded', 'disputed', 'charged_back')
          and not ${disputed(sql`a.status in ('completed', 'no_show')`)}
        order by a.id`,
    ['appointment', 'booking', 'payment'],
    (r) =>
      `Agendamento “${appointmentStatusLabels[String(r.status)] ?? r.status}” com pagamento ${paymentLabel(r.payment_status)}.`,
  );
  const bookingsRows = await find(
    db,
    CONFIRMED_UNPAID,
    sql`select b.uuid as booking, p.uuid as payment, b.status, p.status as payment_status
        from bookings b
        left join payments p on p.booking_id = b.id
        where (b.status = 'confirmed' and b.payment_method <> 'manual' and coalesce(p.status, '') not in ('paid', 'partially_refunded', 'disputed', 'charged_back')
               and not ${disputed(sql`not exists (
                 select 1 from appointments a where a.booking_id = b.id and a.status = 'confirmed')`)})
           or (b.status = 'pending_payment' and coalesce(p.status, '') <> 'pending')
        order by b.id`,
    ['booking', 'payment'],
    (r) =>
      r.status === 'confirmed'
        ? `Reserva confirmada com pagamento ${paymentLabel(r.payment_status)}.`
        : `Reserva aguardando pagamento com pagamento ${paymentLabel(r.payment_status)}.`,
  );
  return [...appointmentsRows, ...bookingsRows];
}

/**
 * A booking the partner recorded for someone off the platform moves no money (issue 31): no
 * payment, no price on the booking or its hours, nothing refunded.
 */
function outsideMoney(db: Executor) {
  return find(
    db,
    OUTSIDE_MONEY,
    sql`select b.uuid as booking, p.uuid as payment
        from bookings b
        left join payments p on p.booking_id = b.id
        where b.payment_method = 'manual'
          and (p.id is not null or b.amount_cents <> 0
               or exists (select 1 from appointments a where a.booking_id = b.id
                          and (a.price_cents <> 0 or a.refund_cents <> 0)))
        order by b.id`,
    ['booking', 'payment'],
    () => 'Reserva registrada pelo parceiro (de fora da plataforma) com valor ou pagamento.',
  );
}

/**
 * Refunds of paid hours canceled by people, against the table (common/domain/lifecycle.ts): a
 * partner or an operator gives back the whole price; the customer the whole price up to
 * FREE_CANCELLATION_HOURS before the start, nothing after. Cancellations by the provider or the
 * system (canceled_by null) and the hours of late-money bookings are not checked.
 */
function cancelRefundPolicy(db: Executor) {
  return find(
    db,
    CANCEL_REFUND_POLICY,
    sql`select a.uuid as appointment, b.uuid as booking, p.uuid as payment, a.price_cents, a.refund_cents,
               case when a.canceled_by = a.customer_id then 'customer' else u.role end as who,
               case
                 when u.role in ('partner', 'admin', 'owner') then a.price_cents
                 when a.canceled_at <= a.starts_at - (${FREE_CANCELLATION_HOURS}::int * interval '1 hour')
                   then a.price_cents
                 else 0
               end as expected_cents
        from appointments a
        join bookings b on b.id = a.booking_id
        join payments p on p.booking_id = b.id
        left join users u on u.id = a.canceled_by
        where a.status = 'canceled' and p.paid_at is not null and a.canceled_by is not null
          -- charged back: the issuer already gave the customer the money, nothing more goes back
          and p.status <> 'charged_back'
          and b.id not in (${lateMoneyBookings})
          and (
            (u.role in ('partner', 'admin', 'owner') and a.refund_cents <> a.price_cents)
            or (a.canceled_by = a.customer_id and a.refund_cents <> case
                  when a.canceled_at <= a.starts_at - (${FREE_CANCELLATION_HOURS}::int * interval '1 hour')
                    then a.price_cents
                  else 0
                end)
          )
        order by a.id`,
    ['appointment', 'booking', 'payment'],
    (r) =>
      `Agendamento cancelado ${r.who === 'customer' ? 'pelo cliente' : r.who === 'partner' ? 'pelo parceiro' : 'pela operação'} devolveu ${brl(r.refund_cents)}; pela tabela seriam ${brl(r.expected_cents)}.`,
  );
}

function lateMoneyKept(db: Executor) {
  return find(
    db,
    LATE_MONEY_KEPT,
    sql`select p.uuid as payment, b.uuid as booking, b.status, p.amount_cents, p.refunded_cents
        from bookings b
        join payments p on p.booking_id = b.id
        where b.id in (${lateMoneyBookings}) and p.refunded_cents <> p.amount_cents
        order by p.id`,
    ['payment', 'booking'],
    (r) =>
      `Pagamento recebido depois de a reserva ficar ${r.status === 'canceled' ? 'cancelada' : r.status === 'expired' ? 'expirada' : 'recusada'}: ${brl(r.amount_cents)} deveriam voltar por inteiro, mas só ${brl(r.refunded_cents)} constam devolvidos.`,
  );
}

function refundStuck(db: Executor, now: Date) {
  return find(
    db,
    REFUND_STUCK,
    sql`select r.uuid as refund, p.uuid as payment, b.uuid as booking, r.amount_cents, r.created_at,
               r.attempts, r.last_error
        from refunds r
        join payments p on p.id = r.payment_id
        join bookings b on b.id = p.booking_id
        where r.status = 'pending' and p.status <> 'disputed'
          and r.created_at < ${now.toISOString()}::timestamptz - (${REFUND_STUCK_HOURS}::int * interval '1 hour')
        order by r.id`,
    ['refund', 'payment', 'booking'],
    (r) =>
      `Reembolso de ${brl(r.amount_cents)} pendente desde ${iso(r.created_at)} (${r.attempts} tentativas${r.last_error ? `; último erro: ${r.last_error}` : ''}).`,
  );
}

/**
 * Each payment's split (DESIGN §9) against its own columns: gross is what was captured, the
 * commission the frozen plan percent of what was kept, the partner's net the rest, the provider's
 * fee within the gross.
 */
function paymentSplit(db: Executor) {
  return find(
    db,
    PAYMENT_SPLIT,
    splitMismatch,
    ['payment', 'booking'],
    (r) =>
      `Divisão do pagamento não confere: bruto ${brl(r.gross_cents)}, devolvido ${brl(r.refunded_cents)}, comissão ${brl(r.fee_cents)} (${r.fee_percent ?? '—'} %), líquido do parceiro ${brl(r.net_cents)}${r.provider_fee_cents == null ? '' : `, tarifa do provedor ${brl(r.provider_fee_cents)}`}; cobrado ${brl(r.amount_cents)}, situação ${paymentLabel(r.status)}.`,
  );
}

/** A payout (not canceled) is the sum of its lines. */
function payoutSum(db: Executor) {
  return find(
    db,
    PAYOUT_SUM,
    sql`select po.uuid as payout, po.amount_cents, coalesce(sum(i.amount_cents), 0) as total
        from payouts po left join payout_items i on i.payout_id = po.id
        group by po.id, po.uuid, po.amount_cents
        having po.amount_cents <> coalesce(sum(i.amount_cents), 0)
        order by po.id`,
    ['payout'],
    (r) => `Repasse de ${brl(r.amount_cents)}, mas as suas linhas somam ${brl(r.total)}.`,
  );
}

/** An appointment's net is carried once: never by two payouts pending or paid. */
function payoutLineTwice(db: Executor) {
  return find(
    db,
    PAYOUT_LINE_TWICE,
    sql`select a.uuid as appointment, count(*)::int as payouts, sum(i.amount_cents) as total
        from payout_items i join payouts po on po.id = i.payout_id join appointments a on a.id = i.appointment_id
        where po.status in ('pending', 'paid') and i.amount_cents > 0
        group by a.id, a.uuid having count(*) > 1
        order by a.id`,
    ['appointment'],
    (r) => `Agendamento pago ao parceiro em ${r.payouts} repasses (${brl(r.total)} no total).`,
  );
}

/**
 * Nothing paid out that was not available: a line carried by a payout made before the appointment
 * ended plus the delay, a line of a payment split at the provider (the partner got it there), or
 * more carried than the line's net (without a negative line taking it back).
 */
function payoutUnavailable(db: Executor, delayDays: number) {
  return find(
    db,
    PAYOUT_UNAVAILABLE,
    sql`select po.uuid as payout, a.uuid as appointment, i.amount_cents, p.settlement,
               po.created_at < a.ends_at + (${delayDays}::int * interval '1 day') as early
        from payout_items i join payouts po on po.id = i.payout_id
        join appointments a on a.id = i.appointment_id
        join payments p on p.booking_id = a.booking_id
        where po.status in ('pending', 'paid') and i.amount_cents > 0
          and (p.settlement = 'split' or po.created_at < a.ends_at + (${delayDays}::int * interval '1 day')
               or i.amount_cents > a.price_cents)
        order by po.id, a.id`,
    ['payout', 'appointment'],
    (r) =>
      r.settlement === 'split'
        ? `Repasse pagou ${brl(r.amount_cents)} de um agendamento já pago ao parceiro pelo split do provedor.`
        : r.early
          ? `Repasse pagou ${brl(r.amount_cents)} de um agendamento antes de ele ficar disponível.`
          : `Repasse pagou ${brl(r.amount_cents)} de um agendamento, mais que o seu valor.`,
  );
}

/**
 * Money the sandbox gateway captured that no payment of ours holds (DESIGN §10), older than
 * ORPHAN_CHARGE_MINUTES and not given back in full: a card charge (`ch_…`; a sandbox Pix is booked
 * up front and is paid only by its event) that no payment has as its reference, or whose payment
 * never recorded the capture (`paid_at`). The payment whose uuid the charge's reference carries (the
 * one that asked for it) is named when it exists.
 */
function orphanCharge(db: Executor, now: Date) {
  return find(
    db,
    ORPHAN_CHARGE,
    sql`select c.ref as charge, coalesce(p.uuid, o.uuid) as payment, coalesce(pb.uuid, ob.uuid) as booking,
               c.captured_cents, c.refunded_cents, c.created_at, p.status as payment_status
        from sandbox_charges c
        left join payments p on p.provider = 'sandbox' and p.provider_ref = c.ref
        left join bookings pb on pb.id = p.booking_id
        left join payments o on p.id is null and o.uuid::text = right(c.ref, 36)
        left join bookings ob on ob.id = o.booking_id
        where starts_with(c.ref, 'ch_') and c.captured_cents > c.refunded_cents
          and c.created_at < ${now.toISOString()}::timestamptz - (${ORPHAN_CHARGE_MINUTES}::int * interval '1 minute')
          and (p.id is null or p.paid_at is null)
        order by c.created_at, c.ref`,
    ['charge', 'payment', 'booking'],
    (r) =>
      `Cobrança ${r.charge} capturou ${brl(Number(r.captured_cents) - Number(r.refunded_cents))} no provedor sandbox em ${iso(r.created_at)}, mas ${r.payment_status == null ? 'nenhum pagamento nosso a registra' : `o pagamento que a tem está ${paymentLabel(r.payment_status)}`}: nem confirmada nem devolvida.`,
  );
}

/**
 * A charge asked of the provider (`charge_started_at`, written before the call) more than
 * ORPHAN_CHARGE_MINUTES ago whose answer was never written (no provider reference) and that the
 * reconciliation job has not settled — neither attached what the provider holds nor ended the
 * attempt: the provider may hold money our books do not.
 */
function chargeUnanswered(db: Executor, now: Date) {
  return find(
    db,
    CHARGE_UNANSWERED,
    sql`select p.uuid as payment, b.uuid as booking, p.provider, p.status, p.amount_cents, p.charge_started_at
        from payments p join bookings b on b.id = p.booking_id
        where p.provider_ref is null and p.charge_started_at is not null
          and p.charge_started_at < ${now.toISOString()}::timestamptz - (${ORPHAN_CHARGE_MINUTES}::int * interval '1 minute')
        order by p.charge_started_at, p.id`,
    ['payment', 'booking'],
    (r) =>
      `Cobrança de ${brl(r.amount_cents)} pedida ao provedor ${r.provider} em ${iso(r.charge_started_at)} sem resposta registrada (pagamento ${paymentLabel(r.status)}, sem referência do provedor): o provedor pode ter capturado o valor.`,
  );
}

/** Every violation of the ledger rules, rule by rule, in a stable order. Reads only. */
export async function checkLedger(
  db: Executor,
  options: { now: Date; payoutDelayDays?: number },
): Promise<LedgerViolation[]> {
  const { now, payoutDelayDays = 2 } = options;
  // One query after another: a transaction runs one at a time anyway.
  return [
    ...(await refundOverCapture(db)),
    ...(await refundSum(db)),
    ...(await refundNotOnce(db)),
    ...(await slotTwice(db)),
    ...(await bufferLost(db)),
    ...(await confirmedUnpaid(db)),
    ...(await outsideMoney(db)),
    ...(await cancelRefundPolicy(db)),
    ...(await lateMoneyKept(db)),
    ...(await refundStuck(db, now)),
    ...(await paymentSplit(db)),
    ...(await payoutSum(db)),
    ...(await payoutLineTwice(db)),
    ...(await payoutUnavailable(db, payoutDelayDays)),
    ...(await orphanCharge(db, now)),
    ...(await chargeUnanswered(db, now)),
  ];
}

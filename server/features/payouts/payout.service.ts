/**
 * Statements and payouts (DESIGN §9, decision 0034). A line's net becomes available
 * PAYOUT_DELAY_DAYS after its appointment ends, unless its payment is in dispute or charged back
 * (held). A payout carries everything available when it is made — the lines not carried yet, and
 * the negative remainder of lines a refund lowered after they were paid out — never more; it is
 * made under the partner's row lock, so two operators clicking at once make one.
 */
import { sql } from 'drizzle-orm';
import type { HeldStatus, Payout, Statement, StatementLine } from '#common/contracts/payouts';
import { payoutMessages } from '#common/contracts/payouts';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { REPORT_ZONE } from '../admin/dashboard.service.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { notify } from '../notifications/notify.service.ts';
import * as repo from './payout.repository.ts';

const DAY_MS = 86_400_000;
const HELD: readonly HeldStatus[] = ['disputed', 'charged_back'];

/** When a line's net may be paid out; null while its payment is held by a dispute. */
export function availableAt(line: repo.LineRow, delayDays: number): Date | null {
  if ((HELD as readonly string[]).includes(line.payment_status)) return null;
  return new Date(new Date(line.ends_at).getTime() + delayDays * DAY_MS);
}

/**
 * Where a line's money stands now: `due` is what the next payout takes for it (0 when nothing is
 * available), `pending` what is still to come (the delay not over, or held by a dispute).
 *
 * A held line (its payment `disputed` or `charged_back`) never pays out (DESIGN §10): its share
 * stays pending — even when a pending payout carries it, since that payout cannot be paid while
 * it does. A charge-back took all the money back, so whatever of the line the partner got is owed:
 * a negative line of the next payout, like a refund after a payout. A refund after a payout is owed
 * whatever the line's date or dispute.
 */
function standing(line: repo.LineRow, now: Date, delayDays: number): { due: number; pending: number } {
  const due = line.net_cents - line.carried_cents;
  if (line.payment_status === 'charged_back')
    return { due: Math.min(-line.claimed_cents, 0), pending: Math.max(line.net_cents, 0) };
  if (line.payment_status === 'disputed')
    return due < 0
      ? { due, pending: 0 }
      : { due: 0, pending: Math.max(line.net_cents - line.claimed_cents, 0) };
  if (due <= 0) return { due, pending: 0 };
  const at = availableAt(line, delayDays);
  return at && at <= now ? { due, pending: 0 } : { due: 0, pending: due };
}

/** What a payout made now carries: each available line's due (negative ones included). */
export function dueItems(lines: repo.LineRow[], now: Date, delayDays: number) {
  return lines
    .filter((l) => l.settlement !== 'split')
    .map((l) => ({ appointmentId: l.id, amountCents: standing(l, now, delayDays).due }))
    .filter((x) => x.amountCents !== 0);
}

function totalsOf(lines: repo.LineRow[], now: Date, delayDays: number) {
  const t = {
    gross_cents: 0,
    refunded_cents: 0,
    fee_cents: 0,
    net_cents: 0,
    pending_cents: 0,
    available_cents: 0,
    paid_out_cents: 0,
  };
  for (const l of lines) {
    t.gross_cents += l.gross_cents;
    t.refunded_cents += l.refunded_cents;
    t.fee_cents += l.fee_cents;
    t.net_cents += l.net_cents;
    if (l.settlement === 'split') {
      t.paid_out_cents += l.net_cents;
      continue;
    }
    const { due, pending } = standing(l, now, delayDays);
    t.paid_out_cents += l.paid_out_cents;
    t.pending_cents += pending;
    t.available_cents += due;
  }
  return t;
}

const toLine = (l: repo.LineRow, delayDays: number): StatementLine => {
  const at = availableAt(l, delayDays);
  return {
    appointment_uuid: l.appointment_uuid,
    booking_uuid: l.booking_uuid,
    date_time: toZonedIso(new Date(l.starts_at), l.timezone),
    room_name: l.room_name,
    status: l.status,
    gross_cents: l.gross_cents,
    refunded_cents: l.refunded_cents,
    fee_cents: l.fee_cents,
    net_cents: l.net_cents,
    settlement: l.settlement,
    available_at: at ? toZonedIso(at, l.timezone) : null,
    payout_uuid: l.payout_uuid,
  };
};

/** A partner (by uuid) as the caller may see it: the partner itself, or an operator. */
export async function partnerFor(s: Services, caller: UserRow, partnerUuid: string) {
  const operator = caller.role === 'owner' || caller.role === 'admin';
  if (!operator && caller.uuid !== partnerUuid)
    throw new AppError('not_found', payoutMessages.partnerNotFound);
  const [row] = await queryRows<{ id: number; name: string }>(
    s.db,
    sql`select id, name from users where uuid = ${partnerUuid} and role = 'partner' and deleted_at is null`,
  );
  if (!row) throw new AppError('not_found', payoutMessages.partnerNotFound);
  return { id: Number(row.id), name: String(row.name) };
}

export async function statement(
  s: Services,
  partnerId: number,
  range: { dateInit: string; dateEnd: string },
): Promise<Statement> {
  // A line's day is its clinic's: 23:30 in Manaus on the month's last day is that month's.
  const lines = await repo.linesOf(s.db, partnerId, range);
  const delay = s.config.payoutDelayDays;
  return { lines: lines.map((l) => toLine(l, delay)), totals: totalsOf(lines, s.clock(), delay) };
}

/** Every partner's balance, all time (the operator's page). */
export async function balances(s: Services) {
  const now = s.clock();
  const delay = s.config.payoutDelayDays;
  const [partners, lines] = await Promise.all([repo.partners(s.db, s.payments.name), repo.linesOfAll(s.db)]);
  const byPartner = new Map<number, repo.LineRow[]>();
  for (const line of lines) {
    const own = byPartner.get(line.partner_id);
    if (own) own.push(line);
    else byPartner.set(line.partner_id, [line]);
  }
  const out = [];
  for (const p of partners) {
    const t = totalsOf(byPartner.get(p.id) ?? [], now, delay);
    out.push({
      partner_uuid: p.uuid,
      name: p.name,
      settlement: p.connected ? ('split' as const) : ('payout' as const),
      pending_cents: t.pending_cents,
      available_cents: t.available_cents,
      paid_out_cents: t.paid_out_cents,
    });
  }
  return out;
}

async function views(s: Services, rows: repo.PayoutRow[]): Promise<Payout[]> {
  const items = await repo.itemsOf(
    s.db,
    rows.map((r) => r.id),
  );
  const iso = (v: Date | string | null) => (v === null ? null : toZonedIso(new Date(v), REPORT_ZONE));
  return rows.map((r) => ({
    uuid: r.uuid,
    partner_uuid: r.partner_uuid,
    partner_name: r.partner_name,
    amount_cents: r.amount_cents,
    status: r.status,
    reference: r.reference,
    created_at: iso(r.created_at)!,
    paid_at: iso(r.paid_at),
    canceled_at: iso(r.canceled_at),
    lines: items
      .filter((i) => i.payout_id === r.id)
      .map((i) => ({
        appointment_uuid: i.appointment_uuid,
        date_time: toZonedIso(new Date(i.starts_at), i.timezone),
        room_name: i.room_name,
        amount_cents: i.amount_cents,
      })),
  }));
}

export async function listPayouts(s: Services, filter: { partnerId?: number; status?: string }) {
  const where = sql.join(
    [
      sql`true`,
      ...(filter.partnerId === undefined ? [] : [sql`po.partner_id = ${filter.partnerId}`]),
      ...(filter.status === undefined ? [] : [sql`po.status = ${filter.status}`]),
    ],
    sql` and `,
  );
  return views(s, await repo.payoutsWhere(s.db, where));
}

/** Creates the payout of everything available to this partner now (never more). */
export async function createPayout(s: Services, operator: UserRow, partnerUuid: string): Promise<Payout> {
  const now = s.clock();
  const delay = s.config.payoutDelayDays;
  const made = await s.db.transaction(async (tx) => {
    const partner = await repo.lockPartner(tx, partnerUuid);
    if (!partner) throw new AppError('not_found', payoutMessages.partnerNotFound);
    const items = dueItems(await repo.linesOf(tx, partner.id), now, delay);
    const amount = items.reduce((t, i) => t + i.amountCents, 0);
    if (amount <= 0) {
      // A partner on split is paid by the provider; what it still has here came before it
      // connected, or by a saved card the provider cannot split (decision 0035), and is paid out.
      const connected = (await repo.partners(tx, s.payments.name)).find(
        (p) => p.id === partner.id,
      )?.connected;
      throw new AppError(
        'validation',
        connected ? payoutMessages.splitPartner : payoutMessages.nothingAvailable,
      );
    }
    return repo.insertPayout(tx, {
      partnerId: partner.id,
      amountCents: amount,
      createdBy: operator.id,
      now,
      items,
    });
  });
  return (await views(s, await repo.payoutsWhere(s.db, sql`po.id = ${made.id}`)))[0]!;
}

/**
 * A payout is not paid while it carries a line whose payment is in dispute or charged back (DESIGN
 * §10): 409 naming those lines. The operator cancels it and makes another, which leaves them out
 * (they stay pending, held, in the statement); nothing is taken out of a payout behind the back of
 * whoever may already have sent its amount to the bank (decision notes, issue 41).
 */
async function refuseHeldLines(tx: Tx, payoutId: number) {
  const held = await repo.heldItemsOf(tx, payoutId, HELD);
  if (held.length === 0) return;
  const lines = held.map((h) => ({
    appointment_uuid: h.appointment_uuid,
    date_time: toZonedIso(new Date(h.starts_at), h.timezone),
    room_name: h.room_name,
    amount_cents: h.amount_cents,
    payment_status: h.payment_status as HeldStatus,
  }));
  throw new AppError('conflict', payoutMessages.heldLines(lines), {
    extra: { code: 'held_lines', held_lines: lines },
  });
}

async function settle(
  s: Services,
  uuid: string,
  to: 'paid' | 'canceled',
  reference?: string,
): Promise<Payout> {
  const now = s.clock();
  const id = await s.db.transaction(async (tx) => {
    const payout = await repo.lockPayout(tx, uuid);
    if (!payout) throw new AppError('not_found', payoutMessages.notFound);
    if (payout.status !== 'pending') throw new AppError('conflict', payoutMessages.notPending);
    if (to === 'paid') await refuseHeldLines(tx, payout.id);
    await repo.setPayout(tx, payout.id, { status: to, reference, now });
    if (to === 'paid') await notify(s, tx, [{ kind: 'payout_paid', payoutId: payout.id }]);
    return payout.id;
  });
  if (to === 'paid') s.mailer.kick();
  return (await views(s, await repo.payoutsWhere(s.db, sql`po.id = ${id}`)))[0]!;
}

export const payPayout = (s: Services, uuid: string, reference: string) => settle(s, uuid, 'paid', reference);
export const cancelPayout = (s: Services, uuid: string) => settle(s, uuid, 'canceled');

/**
 * Each payment split in the ledger (DESIGN §9): what was captured (`gross_cents`, 0 until the money
 * arrives), the partner's plan commission of what was kept (`fee_cents`, at `fee_percent` — the
 * plan in force when the money arrived, never a later one), and the partner's share
 * `net_cents = gross − refunded − fee`. One statement computes it from the payment's own columns;
 * the lifecycle runs it after every change of a payment, the seed after writing its history, and
 * migration 0010 ran the same expression over the payments that existed before.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Payment statuses that mean the money was captured once (whatever happened to it later). */
export const CAPTURED_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
  'disputed',
  'charged_back',
] as const;

const captured = sql.raw(
  `(p.paid_at is not null or p.status in (${CAPTURED_STATUSES.map((s) => `'${s}'`).join(', ')}))`,
);

/** The commission of what was kept, rounded to the centavo (half away from zero, as PostgreSQL). */
const fee = (percent: SQL) => sql`round((p.amount_cents - p.refunded_cents) * ${percent} / 100)::int`;

/** Recomputes the split of the payments `where` selects (a condition on `p`). */
export async function refreshSplit(db: Executor, where: SQL): Promise<void> {
  const percent = sql`coalesce(p.fee_percent, c.plan_percent, 0)`;
  await db.execute(sql`
    update payments p set
      fee_percent = case when c.captured then ${percent} end,
      gross_cents = case when c.captured then p.amount_cents else 0 end,
      fee_cents = case when c.captured then ${fee(percent)} else 0 end,
      net_cents = case when c.captured then p.amount_cents - p.refunded_cents - ${fee(percent)}
                       else -p.refunded_cents end
    from (
      select p.id, ${captured} as captured, pl.commission_percent as plan_percent
      from payments p
      join bookings b on b.id = p.booking_id
      join rooms r on r.id = b.room_id
      join clinics cl on cl.id = r.clinic_id
      left join partner_profiles pp on pp.user_id = cl.partner_id
      left join plans pl on pl.id = pp.plan_id
      where ${where}
    ) c
    where p.id = c.id`);
}

/** The split of one payment, after a change of it (inside the change's transaction). */
export const refreshPaymentSplit = (db: Executor, paymentId: number) =>
  refreshSplit(db, sql`p.id = ${paymentId}`);

/** Payments whose split disagrees with their own columns (the ledger check's `payment_split`). */
export const splitMismatch = sql`
  select p.uuid as payment, b.uuid as booking, p.status, p.amount_cents, p.refunded_cents,
         p.gross_cents, p.fee_cents, p.net_cents, p.fee_percent, p.provider_fee_cents
  from payments p join bookings b on b.id = p.booking_id
  where p.gross_cents <> case when ${captured} then p.amount_cents else 0 end
     or (${captured} and p.fee_percent is null)
     or p.fee_cents <> case when ${captured} then ${fee(sql`p.fee_percent`)} else 0 end
     or p.net_cents <> p.gross_cents - p.refunded_cents - p.fee_cents
     or p.provider_fee_cents < 0 or p.provider_fee_cents > p.gross_cents
  order by p.id`;

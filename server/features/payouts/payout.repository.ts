/**
 * SQL of statements and payouts (decision 0034). A line is one paid appointment of a partner's
 * rooms: its price, what went back (its own refund, or all of it when the whole payment went back),
 * the commission at its payment's frozen percent of what was kept, and the net. What payouts already
 * carry is summed per appointment over payouts pending or paid; `due` is what the next payout owes
 * (negative after a refund that came once the line was paid out).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { onDaysIn } from '../../lib/clinic-days.ts';

export type LineRow = {
  id: number;
  appointment_uuid: string;
  booking_uuid: string;
  starts_at: Date | string;
  ends_at: Date | string;
  timezone: string;
  room_name: string;
  status: string;
  payment_status: string;
  settlement: 'split' | 'payout';
  gross_cents: number;
  refunded_cents: number;
  fee_cents: number;
  net_cents: number;
  /** Carried by payouts pending or paid, and by paid ones only. */
  carried_cents: number;
  paid_out_cents: number;
  /**
   * What the partner holds of this line or owes back already: paid payouts, plus the negative
   * lines of pending ones (a positive line of a pending payout has not left yet).
   */
  claimed_cents: number;
  payout_uuid: string | null;
};

/** Appointments that were paid for and held their hour (or were canceled after the money came). */
const paidAppointments = sql`
  select a.id, a.uuid as appointment_uuid, b.uuid as booking_uuid, a.starts_at, a.ends_at,
         cl.timezone, r.name as room_name, a.status, p.status as payment_status, p.settlement,
         a.price_cents as gross_cents,
         case when p.status = 'refunded' then a.price_cents else least(a.refund_cents, a.price_cents) end
           as refunded_cents,
         coalesce(p.fee_percent, 0) as pct, cl.partner_id
  from appointments a
  join bookings b on b.id = a.booking_id
  join payments p on p.booking_id = b.id
  join rooms r on r.id = a.room_id
  join clinics cl on cl.id = r.clinic_id
  where p.gross_cents > 0
    and (a.status in ('confirmed', 'completed', 'no_show')
         or (a.status = 'canceled' and a.canceled_at >= p.paid_at))`;

/** Every line of a partner (optionally only appointments on the range's days, on their clinic's clock). */
export function linesOf(
  db: Executor,
  partnerId: number,
  range?: { dateInit: string; dateEnd: string },
): Promise<LineRow[]> {
  return lines(db, { partnerId, range });
}

/** Every line of every partner, each with its partner's id: the operator's balances in one query. */
export function linesOfAll(db: Executor): Promise<(LineRow & { partner_id: number })[]> {
  return lines(db, {});
}

async function lines(
  db: Executor,
  { partnerId, range }: { partnerId?: number; range?: { dateInit: string; dateEnd: string } },
): Promise<(LineRow & { partner_id: number })[]> {
  const within: SQL = range ? sql`and ${onDaysIn(sql`x.starts_at`, sql`x.timezone`, range)}` : sql``;
  const ofPartner = (column: SQL) => (partnerId === undefined ? sql`` : sql`and ${column} = ${partnerId}`);
  const rows = await queryRows<LineRow & { partner_id: number }>(
    db,
    sql`select x.id, x.appointment_uuid, x.booking_uuid, x.starts_at, x.ends_at, x.timezone, x.room_name,
               x.status, x.payment_status, x.settlement, x.gross_cents, x.refunded_cents,
               round((x.gross_cents - x.refunded_cents) * x.pct / 100)::int as fee_cents,
               x.gross_cents - x.refunded_cents - round((x.gross_cents - x.refunded_cents) * x.pct / 100)::int
                 as net_cents,
               coalesce(c.carried, 0)::int as carried_cents, coalesce(c.paid, 0)::int as paid_out_cents,
               coalesce(c.claimed, 0)::int as claimed_cents, c.last_payout as payout_uuid, x.partner_id
        from (${paidAppointments} ${ofPartner(sql`cl.partner_id`)}) x
        left join (
          select i.appointment_id, sum(i.amount_cents) as carried,
                 sum(i.amount_cents) filter (where po.status = 'paid') as paid,
                 sum(i.amount_cents) filter (where po.status = 'paid' or i.amount_cents < 0) as claimed,
                 (array_agg(po.uuid::text order by po.created_at desc))[1] as last_payout
          from payout_items i join payouts po on po.id = i.payout_id
          where po.status in ('pending', 'paid') ${ofPartner(sql`po.partner_id`)}
          group by i.appointment_id
        ) c on c.appointment_id = x.id
        where true ${within}
        order by x.starts_at, x.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    partner_id: Number(r.partner_id),
    gross_cents: Number(r.gross_cents),
    refunded_cents: Number(r.refunded_cents),
    fee_cents: Number(r.fee_cents),
    net_cents: Number(r.net_cents),
    carried_cents: Number(r.carried_cents),
    paid_out_cents: Number(r.paid_out_cents),
    claimed_cents: Number(r.claimed_cents),
  }));
}

/** The partner's row, locked: one payout at a time per partner, across processes. */
export async function lockPartner(tx: Tx, partnerUuid: string) {
  const [row] = await queryRows<{ id: number; name: string; email: string }>(
    tx,
    sql`select id, name, email from users
        where uuid = ${partnerUuid} and role = 'partner' and deleted_at is null for update`,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function insertPayout(
  tx: Tx,
  values: {
    partnerId: number;
    amountCents: number;
    createdBy: number;
    now: Date;
    items: { appointmentId: number; amountCents: number }[];
  },
) {
  const [payout] = await queryRows<{ id: number; uuid: string }>(
    tx,
    sql`insert into payouts (partner_id, amount_cents, created_by, created_at, updated_at)
        values (${values.partnerId}, ${values.amountCents}, ${values.createdBy}, ${values.now.toISOString()}::timestamptz, ${values.now.toISOString()}::timestamptz)
        returning id, uuid`,
  );
  const id = Number(payout!.id);
  // One statement whatever the number of lines: two arrays, unnested side by side.
  const ids = `{${values.items.map((i) => i.appointmentId).join(',')}}`;
  const amounts = `{${values.items.map((i) => i.amountCents).join(',')}}`;
  await tx.execute(
    sql`insert into payout_items (payout_id, appointment_id, amount_cents)
        select ${id}, a, m from unnest(${ids}::bigint[], ${amounts}::int[]) as t(a, m)`,
  );
  return { id, uuid: String(payout!.uuid) };
}

export type PayoutRow = {
  id: number;
  uuid: string;
  partner_id: number;
  partner_uuid: string;
  partner_name: string;
  partner_email: string;
  amount_cents: number;
  status: 'pending' | 'paid' | 'canceled';
  reference: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  canceled_at: Date | string | null;
};

const payoutColumns = sql`po.id, po.uuid, po.partner_id, u.uuid as partner_uuid, u.name as partner_name,
  u.email as partner_email, po.amount_cents, po.status, po.reference, po.created_at, po.paid_at, po.canceled_at`;

export async function payoutsWhere(db: Executor, where: SQL, limit = 200): Promise<PayoutRow[]> {
  const rows = await queryRows<PayoutRow>(
    db,
    sql`select ${payoutColumns} from payouts po join users u on u.id = po.partner_id
        where ${where} order by po.created_at desc, po.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    partner_id: Number(r.partner_id),
    amount_cents: Number(r.amount_cents),
  }));
}

export async function lockPayout(tx: Tx, uuid: string): Promise<PayoutRow | undefined> {
  const [row] = await queryRows<PayoutRow>(
    tx,
    sql`select ${payoutColumns} from payouts po join users u on u.id = po.partner_id
        where po.uuid = ${uuid} for update of po`,
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        partner_id: Number(row.partner_id),
        amount_cents: Number(row.amount_cents),
      }
    : undefined;
}

export async function setPayout(
  tx: Tx,
  id: number,
  values: { status: 'paid' | 'canceled'; reference?: string; now: Date },
) {
  await tx.execute(
    values.status === 'paid'
      ? sql`update payouts set status = 'paid', reference = ${values.reference ?? null}, paid_at = ${values.now.toISOString()}::timestamptz, updated_at = ${values.now.toISOString()}::timestamptz where id = ${id}`
      : sql`update payouts set status = 'canceled', canceled_at = ${values.now.toISOString()}::timestamptz, updated_at = ${values.now.toISOString()}::timestamptz where id = ${id}`,
  );
}

/**
 * The lines of a payout that would pay out money of a payment in dispute or charged back (DESIGN
 * §10): its positive lines whose payment is held now. The payments are read `FOR SHARE`, so a
 * dispute arriving meanwhile waits for this transaction (and then finds the payout paid: a
 * charge-back after it becomes a debt) or is seen here.
 */
export async function heldItemsOf(tx: Tx, payoutId: number, held: readonly string[]) {
  const rows = await queryRows<{
    appointment_uuid: string;
    starts_at: Date | string;
    timezone: string;
    room_name: string;
    payment_status: string;
    amount_cents: number;
  }>(
    tx,
    sql`select a.uuid as appointment_uuid, a.starts_at, cl.timezone, r.name as room_name,
               p.status as payment_status, i.amount_cents
        from payout_items i
        join appointments a on a.id = i.appointment_id
        join payments p on p.booking_id = a.booking_id
        join rooms r on r.id = a.room_id
        join clinics cl on cl.id = r.clinic_id
        where i.payout_id = ${payoutId} and i.amount_cents > 0
        order by a.starts_at, a.id
        for share of p`,
  );
  return rows
    .filter((r) => held.includes(r.payment_status))
    .map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
}

/** The lines of some payouts, with the appointment's hour and room. */
export async function itemsOf(db: Executor, payoutIds: number[]) {
  if (payoutIds.length === 0) return [];
  const rows = await queryRows<{
    payout_id: number;
    appointment_uuid: string;
    starts_at: Date | string;
    timezone: string;
    room_name: string;
    amount_cents: number;
  }>(
    db,
    sql`select i.payout_id, a.uuid as appointment_uuid, a.starts_at, cl.timezone, r.name as room_name, i.amount_cents
        from payout_items i join appointments a on a.id = i.appointment_id
        join rooms r on r.id = a.room_id join clinics cl on cl.id = r.clinic_id
        where i.payout_id in (${sql.join(
          payoutIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by a.starts_at, a.id`,
  );
  return rows.map((r) => ({ ...r, payout_id: Number(r.payout_id), amount_cents: Number(r.amount_cents) }));
}

/** Partners (not deleted), with whether they are connected to the active provider. */
export async function partners(db: Executor, provider: string) {
  const rows = await queryRows<{ id: number; uuid: string; name: string; connected: boolean }>(
    db,
    sql`select u.id, u.uuid, u.name,
               exists (select 1 from partner_payment_accounts pa where pa.user_id = u.id and pa.provider = ${provider}) as connected
        from users u where u.role = 'partner' and u.deleted_at is null order by u.name, u.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), connected: Boolean(r.connected) }));
}

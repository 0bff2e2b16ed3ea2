/**
 * What of the money needs the operator (DESIGN §9), for the dashboard: payments in dispute or charged
 * back, the differences the daily comparison with the provider settled in the last 30 days, and
 * refunds still pending a day after they were written. Each list is short by nature and capped.
 */
import { sql } from 'drizzle-orm';
import type { PaymentAttention } from '#common/contracts/payments';
import { queryRows } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { REFUND_STUCK_HOURS } from '../lifecycle/ledger.ts';

const LIMIT = 100;
const DIFFERENCES_DAYS = 30;

type Row = Record<string, unknown>;
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const person = (r: Row) => ({
  uuid: String(r.customer_uuid),
  name: String(r.customer_name),
  email: String(r.customer_email),
});
const room = (r: Row) => ({ uuid: String(r.room_uuid), name: String(r.room_name) });

const joins = sql`join bookings b on b.id = p.booking_id
  join users cu on cu.id = b.customer_id
  join rooms r on r.id = b.room_id`;
const who = sql`b.uuid as booking_uuid, cu.uuid as customer_uuid, cu.name as customer_name, cu.email as customer_email,
  r.uuid as room_uuid, r.name as room_name`;

export async function paymentAttention(s: Services): Promise<PaymentAttention> {
  const now = s.clock();
  const disputes = await queryRows<Row>(
    s.db,
    sql`select p.uuid, p.status, p.amount_cents, p.net_cents, p.provider_ref, p.updated_at, ${who}
        from payments p ${joins}
        where p.status in ('disputed', 'charged_back')
        order by p.updated_at desc limit ${LIMIT}`,
  );
  const differences = await queryRows<Row>(
    s.db,
    sql`select p.uuid, e.type as outcome, p.status, p.amount_cents, e.received_at, ${who}
        from payment_events e join payments p on p.id = e.payment_id ${joins}
        where e.changed and e.source = 'daily'
          and e.received_at > ${new Date(now.getTime() - DIFFERENCES_DAYS * 86_400_000).toISOString()}::timestamptz
        order by e.received_at desc limit ${LIMIT}`,
  );
  const stuck = await queryRows<Row>(
    s.db,
    sql`select r.uuid, p.uuid as payment_uuid, r.amount_cents, r.attempts, r.last_error, r.created_at
        from refunds r join payments p on p.id = r.payment_id
        where r.status = 'pending' and p.status <> 'disputed'
          and r.created_at < ${new Date(now.getTime() - REFUND_STUCK_HOURS * 3_600_000).toISOString()}::timestamptz
        order by r.created_at limit ${LIMIT}`,
  );
  return {
    disputes: disputes.map((r) => ({
      payment_uuid: String(r.uuid),
      booking_uuid: String(r.booking_uuid),
      status: r.status as 'disputed' | 'charged_back',
      amount_cents: Number(r.amount_cents),
      net_cents: Number(r.net_cents),
      provider_ref: r.provider_ref === null ? null : String(r.provider_ref),
      customer: person(r),
      room: room(r),
      since: iso(r.updated_at),
    })),
    differences: differences.map((r) => ({
      payment_uuid: String(r.uuid),
      booking_uuid: String(r.booking_uuid),
      outcome: String(r.outcome),
      payment_status: String(r.status),
      amount_cents: Number(r.amount_cents),
      customer: person(r),
      room: room(r),
      found_at: iso(r.received_at),
    })),
    stuck_refunds: stuck.map((r) => ({
      refund_uuid: String(r.uuid),
      payment_uuid: String(r.payment_uuid),
      amount_cents: Number(r.amount_cents),
      attempts: Number(r.attempts),
      last_error: r.last_error === null ? null : String(r.last_error),
      created_at: iso(r.created_at),
    })),
  };
}

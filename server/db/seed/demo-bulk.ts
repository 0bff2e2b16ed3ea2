/**
 * Writes the demo history in a few statements per table (not row by row through the services):
 * each batch of rows travels as one JSON parameter and is inserted with `json_to_recordset`, which
 * PGlite parses about three times faster than a multi-row VALUES list with thousands of parameters.
 * Bookings, their hours, payments, refunds and the sandbox gateway's books.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import type { BookingRows } from './demo-history.ts';

/** Rows per statement. */
const BATCH = 2_500;

type Columns = Record<string, string>;

const columnsOf = {
  bookings: {
    uuid: 'uuid',
    customer_id: 'bigint',
    room_id: 'bigint',
    status: 'text',
    amount_cents: 'int',
    payment_method: 'text',
    hold_expires_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  appointments: {
    booking_id: 'bigint',
    room_id: 'bigint',
    customer_id: 'bigint',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    status: 'text',
    price_cents: 'int',
    refund_cents: 'int',
    canceled_at: 'timestamptz',
    canceled_by: 'bigint',
    reminder_sent_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  payments: {
    uuid: 'uuid',
    booking_id: 'bigint',
    provider: 'text',
    provider_ref: 'text',
    method: 'text',
    status: 'text',
    amount_cents: 'int',
    refunded_cents: 'int',
    card_id: 'bigint',
    pix_copy_paste: 'text',
    pix_expires_at: 'timestamptz',
    paid_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  sandbox_charges: { ref: 'text', captured_cents: 'int', refunded_cents: 'int', created_at: 'timestamptz' },
  refunds: {
    uuid: 'uuid',
    payment_id: 'bigint',
    amount_cents: 'int',
    reason: 'text',
    status: 'text',
    provider_ref: 'text',
    attempts: 'int',
    next_attempt_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  sandbox_refunds: {
    idempotency_key: 'text',
    charge_ref: 'text',
    amount_cents: 'int',
    created_at: 'timestamptz',
  },
} satisfies Record<string, Columns>;

/** Inserts rows (keyed by column name) in batches; answers `returning` of every row, if asked. */
async function insertRows(
  tx: Tx,
  table: keyof typeof columnsOf,
  rows: Record<string, unknown>[],
  returning?: string,
): Promise<Record<string, unknown>[]> {
  const columns: Columns = columnsOf[table];
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  const shape = sql.raw(names.map((n) => `${n} ${columns[n]}`).join(', '));
  const tail = returning ? sql.raw(` returning ${returning}`) : sql``;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + BATCH));
    const query = sql`insert into ${sql.raw(table)} (${list})
      select ${list} from json_to_recordset(${batch}::json) as x(${shape})${tail}`;
    if (returning) out.push(...(await queryRows<Record<string, unknown>>(tx, query)));
    else await tx.execute(query);
  }
  return out;
}

export async function insertHistory(tx: Tx, bookings: BookingRows[]): Promise<void> {
  const bookingRows = await insertRows(
    tx,
    'bookings',
    bookings.map((b) => ({
      uuid: b.uuid,
      customer_id: b.customerId,
      room_id: b.roomId,
      status: b.status,
      amount_cents: b.amountCents,
      payment_method: b.paymentMethod,
      hold_expires_at: b.holdExpiresAt,
      created_at: b.createdAt,
      updated_at: b.updatedAt,
    })),
    'id, uuid',
  );
  const bookingIds = new Map(bookingRows.map((r) => [String(r.uuid), Number(r.id)]));

  await insertRows(
    tx,
    'appointments',
    bookings.flatMap((b) =>
      b.appointments.map((a) => ({
        booking_id: bookingIds.get(b.uuid),
        room_id: a.roomId,
        customer_id: a.customerId,
        starts_at: a.startsAt,
        ends_at: a.endsAt,
        status: a.status,
        price_cents: a.priceCents,
        refund_cents: a.refundCents,
        canceled_at: a.canceledAt,
        canceled_by: a.canceledBy,
        reminder_sent_at: a.reminderSentAt,
        created_at: a.createdAt,
        updated_at: a.updatedAt,
      })),
    ),
  );

  const paymentRows = await insertRows(
    tx,
    'payments',
    bookings.map(({ payment: p, uuid }) => ({
      uuid: p.uuid,
      booking_id: bookingIds.get(uuid),
      provider: 'sandbox',
      provider_ref: p.providerRef,
      method: p.method,
      status: p.status,
      amount_cents: p.amountCents,
      refunded_cents: p.refundedCents,
      card_id: p.cardId,
      pix_copy_paste: p.pixCopyPaste,
      pix_expires_at: p.pixExpiresAt,
      paid_at: p.paidAt,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
    'id, uuid',
  );
  const paymentIds = new Map(paymentRows.map((r) => [String(r.uuid), Number(r.id)]));

  // The gateway captured every card payment here, and books a Pix charge when it is created.
  await insertRows(
    tx,
    'sandbox_charges',
    bookings.map(({ payment: p }) => ({
      ref: p.providerRef,
      captured_cents: p.amountCents,
      refunded_cents: p.refundedCents,
      created_at: p.method === 'pix' ? p.createdAt : p.paidAt,
    })),
  );

  const refunds = bookings.flatMap((b) => b.refunds.map((r) => ({ r, b })));
  await insertRows(
    tx,
    'refunds',
    refunds.map(({ r, b }) => ({
      uuid: r.uuid,
      payment_id: paymentIds.get(b.payment.uuid),
      amount_cents: r.amountCents,
      reason: r.reason,
      status: 'succeeded',
      provider_ref: `rf_sandbox_${r.uuid}`,
      attempts: 1,
      next_attempt_at: r.createdAt,
      created_at: r.createdAt,
      updated_at: r.createdAt,
    })),
  );
  await insertRows(
    tx,
    'sandbox_refunds',
    refunds.map(({ r, b }) => ({
      idempotency_key: r.uuid,
      charge_ref: b.payment.providerRef,
      amount_cents: r.amountCents,
      created_at: r.createdAt,
    })),
  );
}

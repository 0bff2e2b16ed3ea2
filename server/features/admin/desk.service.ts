/**
 * The operator's desk (DESIGN §9): bookings newest first with a search over the people and rooms
 * they involve, one booking with its payment and refunds, and the operator's cancel — every hour
 * that can still be canceled, in one transaction through the lifecycle (full refund per the table,
 * the specialist mailed once per hour as any cancellation).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DeskBooking, type DeskBookingDetail, deskMessages } from '#common/contracts/desk';
import { findTransition } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { cancelLocked, onBooking, transition } from '../lifecycle/lifecycle.service.ts';

type Row = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the search box matches: a booking uuid exactly, CPF digits exactly, else names, e-mail, room. */
function searchFilter(search: string | undefined): SQL {
  const q = search?.trim();
  if (!q) return sql`true`;
  if (UUID.test(q)) return sql`b.uuid = ${q.toLowerCase()}::uuid`;
  const digits = q.replace(/\D/g, '');
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(cu.name) like ${like} or lower(cu.email) like ${like} or lower(r.name) like ${like}
    ${digits.length === 11 ? sql`or sp.cpf = ${digits}` : sql``})`;
}

const base = sql`from bookings b
  join users cu on cu.id = b.customer_id
  left join specialist_profiles sp on sp.user_id = cu.id
  join rooms r on r.id = b.room_id
  join clinics cl on cl.id = r.clinic_id`;

async function appointmentsOf(s: Services, bookingIds: number[]) {
  if (bookingIds.length === 0) return new Map<number, DeskBooking['appointments']>();
  const rows = await queryRows<Row>(
    s.db,
    sql`select a.booking_id, a.uuid, a.starts_at, a.status, cl.timezone from appointments a
        join rooms r on r.id = a.room_id join clinics cl on cl.id = r.clinic_id
        where a.booking_id in (${sql.join(
          bookingIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by a.starts_at, a.id`,
  );
  const out = new Map<number, DeskBooking['appointments']>();
  for (const r of rows) {
    const list = out.get(Number(r.booking_id)) ?? [];
    list.push({
      uuid: String(r.uuid),
      date_time: toZonedIso(new Date(r.starts_at as string), String(r.timezone)),
      status: String(r.status),
    });
    out.set(Number(r.booking_id), list);
  }
  return out;
}

const toBooking = (r: Row, appointments: DeskBooking['appointments']): DeskBooking => ({
  uuid: String(r.uuid),
  customer: { uuid: String(r.customer_uuid), name: String(r.customer_name), email: String(r.customer_email) },
  room: { uuid: String(r.room_uuid), name: String(r.room_name) },
  status: String(r.status),
  amount_cents: Number(r.amount_cents),
  created_at: toZonedIso(new Date(r.created_at as string), String(r.timezone)),
  appointments,
});

const columns = sql`b.id, b.uuid, b.status, b.amount_cents, b.created_at, cl.timezone, cl.uuid as clinic_uuid,
  cl.name as clinic_name, cu.uuid as customer_uuid, cu.name as customer_name, cu.email as customer_email,
  r.uuid as room_uuid, r.name as room_name`;

export async function listBookings(
  s: Services,
  q: { search?: string; status?: string; page: number; per_page: number },
) {
  const where = sql`${searchFilter(q.search)} ${q.status ? sql`and b.status = ${q.status}` : sql``}`;
  const [count] = await queryRows<{ n: number }>(s.db, sql`select count(*)::int as n ${base} where ${where}`);
  const rows = await queryRows<Row>(
    s.db,
    sql`select ${columns} ${base} where ${where}
        order by b.created_at desc, b.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  const appts = await appointmentsOf(
    s,
    rows.map((r) => Number(r.id)),
  );
  return {
    data: rows.map((r) => toBooking(r, appts.get(Number(r.id)) ?? [])),
    meta: pageMeta(Number(count?.n ?? 0), q.page, q.per_page),
  };
}

export async function bookingDetail(s: Services, uuid: string): Promise<DeskBookingDetail> {
  const [r] = await queryRows<Row>(s.db, sql`select ${columns} ${base} where b.uuid = ${uuid}::uuid`);
  if (!r) throw new AppError('not_found', deskMessages.notFound);
  const id = Number(r.id);
  const tz = String(r.timezone);
  const [p] = await queryRows<Row>(
    s.db,
    sql`select id, uuid, method, status, amount_cents, refunded_cents, provider_ref, paid_at from payments where booking_id = ${id}`,
  );
  const refunds = p
    ? await queryRows<Row>(
        s.db,
        sql`select uuid, amount_cents, status, reason, created_at from refunds where payment_id = ${Number(p.id)} order by id`,
      )
    : [];
  return {
    ...toBooking(r, (await appointmentsOf(s, [id])).get(id) ?? []),
    clinic: { uuid: String(r.clinic_uuid), name: String(r.clinic_name) },
    payment: p
      ? {
          uuid: String(p.uuid),
          method: String(p.method),
          status: String(p.status),
          amount_cents: Number(p.amount_cents),
          refunded_cents: Number(p.refunded_cents),
          provider_ref: p.provider_ref === null ? null : String(p.provider_ref),
          paid_at: p.paid_at ? toZonedIso(new Date(p.paid_at as string), tz) : null,
        }
      : null,
    refunds: refunds.map((f) => ({
      uuid: String(f.uuid),
      amount_cents: Number(f.amount_cents),
      status: String(f.status),
      reason: String(f.reason),
      created_at: toZonedIso(new Date(f.created_at as string), tz),
    })),
  };
}

/** Cancels every hour of the booking that the table still lets the operator cancel. */
export async function cancelBooking(
  s: Services,
  operator: UserRow,
  uuid: string,
): Promise<DeskBookingDetail> {
  const [row] = await queryRows<{ id: number }>(
    s.db,
    sql`select id from bookings where uuid = ${uuid}::uuid`,
  );
  if (!row) throw new AppError('not_found', deskMessages.notFound);
  const actor = { kind: 'operator' as const, userId: operator.id };
  await transition(s, (tx, fx) =>
    onBooking(tx, Number(row.id), fx, async (t2, locked, f2) => {
      const now = s.clock();
      const open = locked.items.filter((a) =>
        findTransition(
          a.status,
          'canceled',
          'operator',
          { ...a, holdExpiresAt: locked.booking.holdExpiresAt },
          now,
        ),
      );
      if (open.length === 0) throw new AppError('conflict', deskMessages.nothingToCancel);
      // An unpaid booking goes whole with its first hour; each paid hour is refunded in full.
      for (const a of open) {
        const current = locked.items.find((x) => x.id === a.id)!;
        if (current.status === 'canceled') continue;
        const result = await cancelLocked(s, t2, locked, f2, actor, a.id);
        current.status = 'canceled';
        if (result.whole_booking) break;
      }
    }),
  );
  return bookingDetail(s, uuid);
}

/** SQL of the operator's desk: bookings found and read with everything that happened to them. */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { likeEscape } from './people.repository.ts';

type Row = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BookingFilter {
  search?: string;
  status?: string;
  dateInit?: string;
  dateEnd?: string;
  customer?: string;
}

/** 8 to 31 hex digits, hyphens where a uuid has them: the start of a uuid (the short id people read out). */
const UUID_PREFIX =
  /^[0-9a-f]{8}(?:-[0-9a-f]{0,4}(?:-[0-9a-f]{0,4}(?:-[0-9a-f]{0,4}(?:-[0-9a-f]{0,11})?)?)?)?$/i;

/**
 * The uuids that start with `prefix`, as a range (the smallest and the largest uuid with those
 * first digits), so the bookings' uuid index finds them.
 */
export function uuidPrefixRange(prefix: string): [string, string] | undefined {
  if (!UUID_PREFIX.test(prefix)) return undefined;
  const hex = prefix.replace(/-/g, '').toLowerCase();
  const asUuid = (h: string) =>
    `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}

/**
 * What the search box matches: a booking uuid exactly, or the start of one (8 or more hex digits,
 * the short id), CPF digits exactly, else any part of the person's name or e-mail (accents and case
 * folded), of an outside person's name or e-mail, or of the room's name.
 */
function searchFilter(search: string | undefined): SQL {
  const q = search?.trim();
  if (!q) return sql`true`;
  if (UUID.test(q)) return sql`b.uuid = ${q.toLowerCase()}::uuid`;
  const digits = q.replace(/\D/g, '');
  const like = sql`'%' || salas_fold(${likeEscape(q)}) || '%'`;
  const prefix = uuidPrefixRange(q);
  return sql`(salas_fold(cu.name) like ${like} or salas_fold(cu.email) like ${like}
    or salas_fold(r.name) like ${like} or salas_fold(b.outside_name) like ${like}
    or salas_fold(b.outside_email) like ${like}
    ${prefix ? sql`or b.uuid between ${prefix[0]}::uuid and ${prefix[1]}::uuid` : sql``}
    ${digits.length === 11 ? sql`or sp.cpf = ${digits}` : sql``})`;
}

/**
 * Bookings with at least one hour inside the dates, read on the clinic's calendar. The coarse
 * bounds (a day either side) let the appointments' time index do the work.
 */
function datesFilter(from: string | undefined, to: string | undefined): SQL {
  if (!from && !to) return sql`true`;
  const local = sql`(a.starts_at at time zone cl.timezone)::date`;
  return sql`exists (select 1 from appointments a where a.booking_id = b.id
    ${from ? sql`and a.starts_at >= (${from}::date - 1)::timestamptz and ${local} >= ${from}::date` : sql``}
    ${to ? sql`and a.starts_at < (${to}::date + 2)::timestamptz and ${local} <= ${to}::date` : sql``})`;
}

export function bookingFilter(f: BookingFilter): SQL {
  return sql`${searchFilter(f.search)}
    ${f.status ? sql`and b.status = ${f.status}` : sql``}
    ${f.customer ? sql`and cu.uuid = ${f.customer}::uuid` : sql``}
    and ${datesFilter(f.dateInit, f.dateEnd)}`;
}

const base = sql`from bookings b
  join users cu on cu.id = b.customer_id
  left join specialist_profiles sp on sp.user_id = cu.id
  join rooms r on r.id = b.room_id
  join clinics cl on cl.id = r.clinic_id
  left join payments p on p.booking_id = b.id`;

const columns = sql`b.id, b.uuid, b.status, b.amount_cents, b.payment_method, b.created_at, b.updated_at,
  b.hold_expires_at, b.outside_name, b.outside_email, b.note, b.series_id, b.customer_id,
  cl.timezone, cl.uuid as clinic_uuid, cl.name as clinic_name,
  cu.uuid as customer_uuid, cu.name as customer_name, cu.email as customer_email,
  r.uuid as room_uuid, r.name as room_name, p.status as payment_status`;

export async function countBookings(db: Executor, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${base} where ${where}`);
  return Number(row?.n ?? 0);
}

export function bookingRows(db: Executor, where: SQL, window: { limit: number; offset: number }) {
  return queryRows<Row>(
    db,
    sql`select ${columns} ${base} where ${where}
        order by b.created_at desc, b.id desc limit ${window.limit} offset ${window.offset}`,
  );
}

/** One booking with its clinic's address and partner, and its series. */
export async function bookingByUuid(db: Executor, uuid: string): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns}, ad.street, ad.number, ad.neighborhood, ad.city, ad.state,
               pa.uuid as partner_uuid, pa.name as partner_name, pa.email as partner_email,
               se.uuid as series_uuid
        ${base}
        join users pa on pa.id = cl.partner_id
        left join addresses ad on ad.id = cl.address_id
        left join series se on se.id = b.series_id
        where b.uuid = ${uuid}::uuid`,
  );
  return row;
}

export async function bookingIdByUuid(db: Executor, uuid: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from bookings where uuid = ${uuid}::uuid`);
  return row ? Number(row.id) : undefined;
}

/** The hours of some bookings, in time order, with who canceled each. */
export function appointmentsOf(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return Promise.resolve([] as Row[]);
  return queryRows<Row>(
    db,
    sql`select a.booking_id, a.id, a.uuid, a.starts_at, a.ends_at, a.status, a.price_cents, a.refund_cents,
               a.canceled_at, cb.name as canceled_by_name, cb.email as canceled_by_email,
               cb.role as canceled_by_role
        from appointments a left join users cb on cb.id = a.canceled_by
        where a.booking_id in (${sql.join(
          bookingIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by a.starts_at, a.id`,
  );
}

export async function paymentOf(db: Executor, bookingId: number): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select p.id, p.uuid, p.method, p.status, p.amount_cents, p.refunded_cents, p.provider_ref,
               p.paid_at, p.pix_copy_paste, c.brand as card_brand, c.last4 as card_last4
        from payments p left join cards c on c.id = p.card_id
        where p.booking_id = ${bookingId}`,
  );
  return row;
}

export function refundsOf(db: Executor, paymentId: number) {
  return queryRows<Row>(
    db,
    sql`select uuid, amount_cents, status, reason, created_at from refunds
        where payment_id = ${paymentId} order by created_at, id`,
  );
}

/** The provider's news about the payment, as applied (webhook, read back, daily comparison). */
export function paymentEventsOf(db: Executor, paymentId: number) {
  return queryRows<Row>(
    db,
    sql`select type, source, changed, received_at from payment_events
        where payment_id = ${paymentId} order by received_at, event_id`,
  );
}

/** The operator's cancels of this booking from the audit log (who, when, why). */
export function operatorCancelsOf(db: Executor, customerId: number, bookingUuid: string) {
  return queryRows<Row>(
    db,
    sql`select a.created_at, a.details, u.name, u.email, u.role
        from audit_log a left join users u on u.id = a.actor_id
        where a.target_user_id = ${customerId} and a.action = 'booking.canceled'
          and a.details->>'booking' = ${bookingUuid}
        order by a.created_at, a.id`,
  );
}

/**
 * The outbox's messages about one booking, mails and WhatsApp alike: those written for an event
 * about it (the booking, or some of its hours); and, for mails written before events (decision
 * 0036), since the booking, to one of its people and naming its room and one of its hours as the
 * mails write them, or carrying its Pix code; or, to anyone, naming its payment's uuid (the
 * receipt, the operators' dispute notices). A WhatsApp row's subject is what the person read; its
 * template's name is in its payload.
 */
export function messagesAbout(
  db: Executor,
  m: {
    bookingId: number;
    appointmentIds: number[];
    since: Date;
    recipients: string[];
    room: string;
    hours: string[];
    pixCode: string | null;
    paymentUuid: string | null;
  },
) {
  const text = sql`coalesce(m.payload->>'text', '')`;
  const has = (needle: string) => sql`strpos(${text}, ${needle}) > 0`;
  const anyHour = m.hours.length ? sql.join(m.hours.map(has), sql` or `) : sql`false`;
  const recipients = m.recipients.length
    ? sql`m.recipient in (${sql.join(
        m.recipients.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql`false`;
  const ofHours = m.appointmentIds.map(
    (id) => sql` or e.payload->'appointmentIds' @> ${JSON.stringify([id])}::jsonb`,
  );
  return queryRows<Row>(
    db,
    sql`select m.uuid, m.channel, m.recipient, m.status, m.delivery_status, m.delivery_updated_at,
               m.created_at, m.sent_at, m.subject,
               case when m.channel = 'whatsapp' then m.payload->>'template' end as template
        from mail_outbox m left join notification_events e on e.id = m.event_id
        where m.kind = 'message' and m.created_at >= ${m.since.toISOString()}::timestamptz
          and ((e.payload->>'bookingId' = ${String(m.bookingId)} ${sql.join(ofHours, sql``)})
               or (${recipients} and ((${has(m.room)} and (${anyHour}))
                ${m.pixCode ? sql`or ${has(m.pixCode)}` : sql``}))
               ${m.paymentUuid ? sql`or ${has(m.paymentUuid)}` : sql``})
        order by m.created_at, m.id limit 100`,
  );
}

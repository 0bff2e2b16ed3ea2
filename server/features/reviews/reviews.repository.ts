/**
 * Reviews' rows (DESIGN §10 "Reviews"): the only module that reads or writes `reviews` and the
 * rooms' `rating_count`/`rating_sum` kept beside them. A booking's "end" is the end of its last
 * hour that took place (confirmed or completed); canceled and missed hours do not count.
 */
import { type SQL, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '#common/contracts/reviews';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { bookableRoomCondition } from '../availability/bookable-room.ts';

/** The end of a booking's last hour that took place (null: none did). */
const endOf = (booking: SQL) =>
  sql`(select max(a.ends_at) from appointments a
       where a.booking_id = ${booking} and a.status in ('confirmed', 'completed'))`;

export type BookingForReview = {
  id: number;
  customer_id: number;
  room_id: number;
  status: string;
  payment_method: string;
  ended_at: Date | null;
};

export async function bookingForReview(db: Executor, uuid: string): Promise<BookingForReview | undefined> {
  const rows = await queryRows<BookingForReview>(
    db,
    sql`select b.id, b.customer_id, b.room_id, b.status, b.payment_method, ${endOf(sql`b.id`)} as ended_at
        from bookings b where b.uuid = ${uuid}`,
  );
  const row = rows[0];
  return row && { ...row, id: Number(row.id), room_id: Number(row.room_id), ended_at: toDate(row.ended_at) };
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

export type ReviewRow = {
  uuid: string;
  rating: number;
  comment: string | null;
  created_at: Date;
  timezone: string;
};

/**
 * Writes the booking's review and adds it to its room's numbers, in `tx`; undefined when the booking
 * already has one (the unique booking_id decides between requests arriving at once).
 */
export async function insertReview(
  tx: Tx,
  review: {
    bookingId: number;
    roomId: number;
    customerId: number;
    rating: number;
    comment: string | null;
    now: Date;
  },
): Promise<ReviewRow | undefined> {
  const rows = await queryRows<ReviewRow>(
    tx,
    sql`with written as (
          insert into reviews (booking_id, room_id, customer_id, rating, comment, created_at)
          values (${review.bookingId}, ${review.roomId}, ${review.customerId}, ${review.rating},
                  ${review.comment}, ${review.now.toISOString()}::timestamptz)
          on conflict (booking_id) do nothing
          returning uuid, rating, comment, created_at, room_id)
        select w.uuid, w.rating, w.comment, w.created_at, c.timezone
        from written w join rooms r on r.id = w.room_id join clinics c on c.id = r.clinic_id`,
  );
  const row = rows[0];
  if (!row) return undefined;
  await adjustRoomRating(tx, review.roomId, 1, review.rating);
  return { ...row, created_at: new Date(row.created_at) };
}

/** Adds `count` reviews summing `sum` to the room's visible numbers (negative: takes them away). */
export async function adjustRoomRating(tx: Executor, roomId: number, count: number, sum: number) {
  await tx.execute(
    sql`update rooms set rating_count = rating_count + ${count}, rating_sum = rating_sum + ${sum}
        where id = ${roomId}`,
  );
}

/** A public room's id (bookable: active, published, of an active partner). */
export async function publicRoomId(db: Executor, uuid: string): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select rooms.id from rooms where rooms.uuid = ${uuid} and ${bookableRoomCondition()}`,
  );
  return rows[0] && Number(rows[0].id);
}

/** What every list of reviews reads of one. */
export type ListedReview = {
  id: number;
  uuid: string;
  rating: number;
  comment: string | null;
  created_at: Date;
  author_name: string;
  author_deleted: boolean;
  reply_text: string | null;
  replied_at: Date | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  booking_uuid: string;
  room_uuid: string;
  room_name: string;
  clinic_uuid: string;
  clinic_name: string;
  timezone: string;
};

const listed = sql`r.id, r.uuid, r.rating, r.comment, r.created_at, u.name as author_name,
  (u.deleted_at is not null) as author_deleted, r.reply_text, r.replied_at, r.hidden_at, r.hidden_reason,
  b.uuid as booking_uuid, rm.uuid as room_uuid, rm.name as room_name, c.uuid as clinic_uuid,
  c.name as clinic_name, c.timezone`;
const joined = sql`reviews r join users u on u.id = r.customer_id join bookings b on b.id = r.booking_id
  join rooms rm on rm.id = r.room_id join clinics c on c.id = rm.clinic_id`;

const asListed = (rows: ListedReview[]): ListedReview[] =>
  rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at),
    replied_at: toDate(r.replied_at),
    hidden_at: toDate(r.hidden_at),
  }));

/** A page of reviews matching `where`, newest first, and how many match. */
export async function reviewsPage(
  db: Executor,
  where: SQL,
  page: { page: number; perPage: number },
): Promise<{ rows: ListedReview[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryRows<ListedReview>(
      db,
      sql`select ${listed} from ${joined} where ${where}
          order by r.created_at desc, r.id desc
          limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${joined} where ${where}`),
  ]);
  return { rows: asListed(rows), total: Number(count[0]?.n ?? 0) };
}

/** Every one of `parts`. */
export const and = (parts: SQL[]): SQL => sql.join(parts, sql` and `);

/** The filters of the lists, as SQL over `reviews r`, `rooms rm` and `clinics c`. */
export const reviewFilters = {
  visibleInRoom: (roomId: number) => sql`r.room_id = ${roomId} and r.hidden_at is null`,
  visibleOfPartner: (partnerId: number) => sql`c.partner_id = ${partnerId} and r.hidden_at is null`,
  unanswered: sql`r.reply_text is null`,
  hidden: sql`r.hidden_at is not null`,
  writtenBy: (customerId: number) => sql`r.customer_id = ${customerId}`,
  all: sql`true`,
};

/** One review as its room's partner or the operator acts on it, locked for the change. */
export async function lockReview(tx: Tx, uuid: string) {
  const rows = await queryRows<{
    id: number;
    room_id: number;
    customer_id: number;
    partner_id: number;
    rating: number;
    reply_text: string | null;
    hidden_at: Date | null;
  }>(
    tx,
    sql`select r.id, r.room_id, r.customer_id, c.partner_id, r.rating, r.reply_text, r.hidden_at
        from reviews r join rooms rm on rm.id = r.room_id join clinics c on c.id = rm.clinic_id
        where r.uuid = ${uuid}
        for update of r`,
  );
  const row = rows[0];
  return (
    row && {
      ...row,
      id: Number(row.id),
      room_id: Number(row.room_id),
      customer_id: Number(row.customer_id),
      partner_id: Number(row.partner_id),
    }
  );
}

export async function listedReview(db: Executor, id: number): Promise<ListedReview> {
  const rows = await queryRows<ListedReview>(db, sql`select ${listed} from ${joined} where r.id = ${id}`);
  return asListed(rows)[0]!;
}

export async function saveReply(tx: Tx, id: number, text: string, now: Date): Promise<void> {
  await tx.execute(
    sql`update reviews set reply_text = ${text}, replied_at = ${now.toISOString()}::timestamptz where id = ${id}`,
  );
}

export async function saveHidden(tx: Tx, id: number, hide: { reason: string; by: number; now: Date }) {
  await tx.execute(
    sql`update reviews set hidden_at = ${hide.now.toISOString()}::timestamptz, hidden_reason = ${hide.reason},
          hidden_by = ${hide.by}
        where id = ${id}`,
  );
}

export type PendingRow = {
  booking_uuid: string;
  room_uuid: string;
  room_name: string;
  clinic_name: string;
  timezone: string;
  ended_at: Date;
};

/**
 * The bookings a review is still open for (over `bookings b`): confirmed, paid on the platform, not
 * reviewed, and whose last hour ended within the window before `now`. The appointments' start index
 * finds the few bookings with an hour in the window (an hour lasts at most 60 minutes); the exact
 * end is checked on those.
 */
function reviewable(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${at} - make_interval(days => ${REVIEW_WINDOW_DAYS})`;
  return sql`b.status = 'confirmed' and b.payment_method <> 'manual'
    and b.id in (select a.booking_id from appointments a
                 where a.starts_at >= ${since} - interval '1 hour' and a.starts_at < ${at}
                   and a.status in ('confirmed', 'completed'))
    and not exists (select 1 from reviews v where v.booking_id = b.id)
    and ${endOf(sql`b.id`)} <= ${at} and ${endOf(sql`b.id`)} >= ${since}`;
}

export async function pendingFor(db: Executor, customerId: number, now: Date): Promise<PendingRow[]> {
  const rows = await queryRows<PendingRow>(
    db,
    sql`select * from (
          select b.uuid as booking_uuid, rm.uuid as room_uuid, rm.name as room_name, c.name as clinic_name,
            c.timezone, ${endOf(sql`b.id`)} as ended_at, b.id
          from bookings b join rooms rm on rm.id = b.room_id join clinics c on c.id = rm.clinic_id
          where b.customer_id = ${customerId} and ${reviewable(now)}) p
        order by p.ended_at desc, p.id desc`,
  );
  return rows.map((r) => ({ ...r, ended_at: new Date(r.ended_at) }));
}

/**
 * Marks as invited, once, the bookings whose review opened and whose specialist was not invited yet,
 * with SKIP LOCKED: two processes running this at once never claim the same booking. Answers their ids.
 */
export async function claimInvitations(tx: Tx, now: Date, limit = 500): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update bookings set review_invited_at = ${now.toISOString()}::timestamptz
        where id in (
          select b.id from bookings b
          where b.review_invited_at is null and ${reviewable(now)}
          order by b.id
          limit ${limit}
          for update of b skip locked)
        returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

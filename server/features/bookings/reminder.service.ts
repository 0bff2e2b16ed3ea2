/**
 * The day-before reminder: from 08:00 (clinic time) of the day before, each specialist gets one
 * mail per room with the next day's confirmed hours. Appointments are claimed by setting
 * `reminder_sent_at` with SKIP LOCKED, so any number of processes may run the job and a reminder
 * goes out once. Hours booked on the day before itself are not reminded: the confirmation is fresh.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { notify } from '../notifications/notify.service.ts';

export const REMINDER_LOCAL_HOUR = '08:00';

/** A claimed appointment: whose, where. */
type Claimed = { id: number; customer_id: number; room_id: number };

/** Sends the reminders now due; answers how many appointments were reminded. */
export async function sendDueReminders(s: Services): Promise<number> {
  // The claim and the mails commit together: a reminder is marked sent only with its mail written.
  const count = await s.db.transaction((tx) => remindDue(s, tx));
  if (count > 0) s.mailer.kick();
  return count;
}

async function remindDue(s: Services, tx: Tx): Promise<number> {
  const now = s.clock().toISOString();
  const claimed = await queryRows<Claimed>(
    tx,
    sql`update appointments set reminder_sent_at = ${now}::timestamptz
        where id in (
          select a.id from appointments a
          join rooms r on r.id = a.room_id
          join clinics c on c.id = r.clinic_id
          where a.status = 'confirmed' and a.reminder_sent_at is null
            -- a booking the partner recorded for someone off the platform: the partner keeps in touch
            and not exists (select 1 from bookings b where b.id = a.booking_id and b.payment_method = 'manual')
            and a.starts_at > ${now}::timestamptz
            and a.starts_at < ${now}::timestamptz + interval '2 days'
            and (a.starts_at at time zone c.timezone)::date
                = (${now}::timestamptz at time zone c.timezone)::date + 1
            and (${now}::timestamptz at time zone c.timezone)::time >= ${REMINDER_LOCAL_HOUR}::time
            and (a.created_at at time zone c.timezone)::date
                < (${now}::timestamptz at time zone c.timezone)::date
          order by a.id
          limit 1000
          for update of a skip locked)
        returning id, customer_id, room_id`,
  );
  if (claimed.length === 0) return 0;

  // One reminder per person and room, with all of that day's hours there.
  await notifyPerGroup(s, tx, 'reminder_due', claimed, (row) => `${row.customer_id}:${row.room_id}`);
  return claimed.length;
}

/** Records one `kind` event per group of claimed hours (`key` names a row's group), its hours in order. */
async function notifyPerGroup<R extends { id: number }>(
  s: Services,
  tx: Tx,
  kind: 'reminder_due' | 'booking_soon',
  claimed: R[],
  key: (row: R) => string,
): Promise<void> {
  const groups = new Map<string, number[]>();
  for (const row of claimed) groups.set(key(row), [...(groups.get(key(row)) ?? []), Number(row.id)]);
  await notify(
    s,
    tx,
    [...groups.values()].map((ids) => ({ kind, appointmentIds: ids.sort((a, b) => a - b) })),
  );
}

/**
 * "Starts soon" (WhatsApp, DESIGN §10): confirmed hours starting within WHATSAPP_REMINDER_HOURS
 * (24 by default), each claimed once by `soon_notice_sent_at` with SKIP LOCKED like the mail's. A
 * booking made after that moment before its hour gets none (its confirmation is fresh). One event
 * per person, room, day and booking — its quick replies act on that booking. The events are
 * recorded whether or not anyone hears of them: who does is the table's call (notifications.ts).
 */
export async function sendSoonNotices(s: Services): Promise<number> {
  const count = await s.db.transaction((tx) => noticeSoon(s, tx));
  if (count > 0) s.mailer.kick();
  return count;
}

async function noticeSoon(s: Services, tx: Tx): Promise<number> {
  const now = s.clock().toISOString();
  const hours = s.config.whatsappReminderHours;
  const claimed = await queryRows<Claimed & { booking_id: number; day: string }>(
    tx,
    sql`with due as (
          select a.id from appointments a
          join bookings b on b.id = a.booking_id
          where a.status = 'confirmed' and a.soon_notice_sent_at is null
            and b.payment_method <> 'manual'
            and a.starts_at > ${now}::timestamptz
            and a.starts_at <= ${now}::timestamptz + make_interval(hours => ${hours})
            and b.created_at <= a.starts_at - make_interval(hours => ${hours})
          order by a.id
          limit 1000
          for update of a skip locked)
        update appointments a set soon_notice_sent_at = ${now}::timestamptz
        from due, rooms r, clinics c
        where a.id = due.id and r.id = a.room_id and c.id = r.clinic_id
        returning a.id, a.customer_id, a.room_id, a.booking_id,
                  to_char(a.starts_at at time zone c.timezone, 'YYYY-MM-DD') as day`,
  );
  if (claimed.length === 0) return 0;
  await notifyPerGroup(
    s,
    tx,
    'booking_soon',
    claimed,
    (row) => `${row.customer_id}:${row.room_id}:${row.day}:${row.booking_id}`,
  );
  return claimed.length;
}

/** Minutes before a Pix hold ends that its payer is told on WhatsApp. */
export const PIX_EXPIRY_NOTICE_MINUTES = 10;

/**
 * "Pix about to expire" (WhatsApp): a pending Pix whose hold ends within 10 minutes, claimed once
 * by `pix_expiry_notice_at` with SKIP LOCKED. A hold of 10 minutes or less from its opening gets
 * none (the Pix mail is minutes old).
 */
export async function sendPixExpiryNotices(s: Services): Promise<number> {
  const count = await s.db.transaction(async (tx) => {
    const now = s.clock().toISOString();
    const claimed = await queryRows<{ booking_id: number }>(
      tx,
      sql`update payments set pix_expiry_notice_at = ${now}::timestamptz
          where id in (
            select p.id from payments p join bookings b on b.id = p.booking_id
            where p.method = 'pix' and p.status = 'pending' and p.pix_expiry_notice_at is null
              and b.status = 'pending_payment'
              and p.pix_expires_at > ${now}::timestamptz
              and p.pix_expires_at <= ${now}::timestamptz + make_interval(mins => ${PIX_EXPIRY_NOTICE_MINUTES})
              and p.pix_expires_at > p.created_at + make_interval(mins => ${PIX_EXPIRY_NOTICE_MINUTES})
            order by p.id
            limit 1000
            for update of p skip locked)
          returning booking_id`,
    );
    await notify(
      s,
      tx,
      claimed.map((row) => ({ kind: 'pix_expiring' as const, bookingId: Number(row.booking_id) })),
    );
    return claimed.length;
  });
  if (count > 0) s.mailer.kick();
  return count;
}

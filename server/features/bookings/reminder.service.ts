/**
 * The day-before reminder: from 08:00 (clinic time) of the day before, each specialist gets one
 * mail per room with the next day's confirmed hours. Appointments are claimed by setting
 * `reminder_sent_at` with SKIP LOCKED, so any number of processes may run the job and a reminder
 * goes out once. Hours booked on the day before itself are not reminded: the confirmation is fresh.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { clinicLocation, sendReminder } from './booking.mails.ts';

export const REMINDER_LOCAL_HOUR = '08:00';

/** A claimed appointment with what its mail needs (read in the claiming statement: no query per mail). */
type Claimed = {
  customer_id: number;
  room_id: number;
  starts_at: string | Date;
  email: string;
  name: string;
  room: string;
  clinic: string;
  timezone: string;
  street: string | null;
  number: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
};

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
    sql`with claimed as (update appointments set reminder_sent_at = ${now}::timestamptz
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
        returning customer_id, room_id, starts_at)
        select claimed.*, u.email, u.name, r.name as room, c.name as clinic, c.timezone,
               ad.street, ad.number, ad.neighborhood, ad.city, ad.state
        from claimed
        join users u on u.id = claimed.customer_id
        join rooms r on r.id = claimed.room_id
        join clinics c on c.id = r.clinic_id
        left join addresses ad on ad.id = c.address_id`,
  );
  if (claimed.length === 0) return 0;

  const groups = new Map<string, Claimed[]>();
  for (const row of claimed) {
    const key = `${row.customer_id}:${row.room_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const rows of groups.values()) {
    const d = rows[0]!;
    await sendReminder(
      s,
      {
        email: d.email,
        name: d.name,
        room: d.room,
        clinic: { name: d.clinic, timezone: d.timezone },
        location: clinicLocation(
          { name: d.clinic },
          d.street
            ? {
                street: d.street,
                number: d.number!,
                neighborhood: d.neighborhood!,
                city: d.city!,
                state: d.state!,
              }
            : null,
        ),
        starts: rows.map((r) => new Date(r.starts_at)).sort((a, b) => a.getTime() - b.getTime()),
      },
      tx,
    );
  }
  return claimed.length;
}

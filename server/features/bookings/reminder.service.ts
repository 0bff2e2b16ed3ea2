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
  const groups = new Map<string, number[]>();
  for (const row of claimed) {
    const key = `${row.customer_id}:${row.room_id}`;
    groups.set(key, [...(groups.get(key) ?? []), Number(row.id)]);
  }
  await notify(
    s,
    tx,
    [...groups.values()].map((ids) => ({
      kind: 'reminder_due' as const,
      appointmentIds: ids.sort((a, b) => a - b),
    })),
  );
  return claimed.length;
}

import { and, eq, type SQL, sql } from 'drizzle-orm';
import { clinics, rooms, users } from '../../db/schema.ts';

/**
 * The condition on `rooms` that makes a room visible and bookable (DESIGN §8): the room is active
 * and published (not a draft, decision 0038) and the partner who owns its clinic is active
 * (clinics have no switch of their own). Its own subquery, so it fits any query over `rooms`
 * whatever else that query joins: search, the public page, availability, booking, series,
 * waitlist, the sitemap.
 */
export function bookableRoomCondition(): SQL {
  return and(
    eq(rooms.active, true),
    eq(rooms.published, true),
    sql`${rooms.clinicId} in (select ${clinics.id} from ${clinics}
      join ${users} on ${users.id} = ${clinics.partnerId} where ${users.active})`,
  ) as SQL;
}

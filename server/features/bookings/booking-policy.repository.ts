/** What the booking limits (DESIGN §8) read about one person's unpaid Pix bookings. */
import { and, count, countDistinct, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments, bookings } from '../../db/schema.ts';

/**
 * The person's open unpaid Pix bookings (pending payment, hold not yet passed) and the hours they
 * hold, in one query.
 */
export async function openPixHolds(
  db: Executor,
  customerId: number,
  now: Date,
): Promise<{ bookings: number; hours: number }> {
  const rows = await db
    .select({ bookings: countDistinct(bookings.id), hours: count(appointments.id) })
    .from(bookings)
    .leftJoin(
      appointments,
      and(eq(appointments.bookingId, bookings.id), eq(appointments.status, 'pending_payment')),
    )
    .where(
      and(
        eq(bookings.customerId, customerId),
        eq(bookings.status, 'pending_payment'),
        eq(bookings.paymentMethod, 'pix'),
        gt(bookings.holdExpiresAt, now),
        // A later month of a horário fixo holds its hours before any Pix exists: not an open Pix.
        isNull(bookings.chargeAt),
      ),
    );
  return { bookings: Number(rows[0]?.bookings ?? 0), hours: Number(rows[0]?.hours ?? 0) };
}

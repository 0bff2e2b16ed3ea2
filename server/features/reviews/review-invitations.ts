/**
 * The invitation to review (DESIGN §10 "Reviews"): once a confirmed booking's last hour has ended,
 * its specialist is invited, once. The job claims the bookings by `review_invited_at` with SKIP
 * LOCKED and records a `review_invitation` event for each in the same transaction, so any number
 * of processes may run it and nobody is invited twice; what the invitation says, and on which
 * channels, is the notifications table's call. Outside (manual) bookings, canceled ones, those
 * already reviewed and those that ended more than REVIEW_WINDOW_DAYS ago are never invited.
 */
import type { Services } from '../../services.ts';
import { notify } from '../notifications/notify.service.ts';
import { claimInvitations } from './reviews.repository.ts';

/** Records the invitations now due; answers how many bookings were invited. */
export async function inviteToReview(s: Pick<Services, 'db' | 'clock' | 'mailer' | 'config' | 'whatsapp'>) {
  const count = await s.db.transaction(async (tx) => {
    const ids = await claimInvitations(tx, s.clock());
    await notify(
      s,
      tx,
      ids.map((bookingId) => ({ kind: 'review_invitation' as const, bookingId })),
    );
    return ids.length;
  });
  if (count > 0) s.mailer.kick();
  return count;
}

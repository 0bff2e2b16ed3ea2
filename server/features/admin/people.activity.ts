/**
 * What the operator sees of a person beyond the account (decision 0036): horários fixos, places in
 * waitlists, saved cards (brand and last 4, never more) and whether the invitation to set a password
 * is still open; and the invitation sent again, when the account still has no password.
 */
import { desc, eq } from 'drizzle-orm';
import { type AdminUserActivity, inviteMessages } from '#common/contracts/admin';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { cards, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { listSeries } from '../series/series.service.ts';
import { myWaitlist } from '../waitlist/waitlist.service.ts';
import * as audit from './audit.repository.ts';
import { invite } from './people.service.ts';

async function userByUuid(s: Services, uuid: string): Promise<UserRow> {
  const [user] = await s.db.select().from(users).where(eq(users.uuid, uuid));
  if (!user) throw new AppError('not_found', supplyMessages.notFound);
  return user;
}

export async function userActivity(s: Services, uuid: string): Promise<AdminUserActivity> {
  const user = await userByUuid(s, uuid);
  const books = user.role === 'customer' || user.role === 'partner';
  const [series, waitlist, saved] = books
    ? await Promise.all([
        listSeries(s, user),
        myWaitlist(s, user),
        s.db
          .select({
            uuid: cards.uuid,
            brand: cards.brand,
            last4: cards.last4,
            exp_month: cards.expMonth,
            exp_year: cards.expYear,
            is_default: cards.isDefault,
          })
          .from(cards)
          .where(eq(cards.userId, user.id))
          .orderBy(desc(cards.isDefault), desc(cards.createdAt)),
      ])
    : [[], [], []];
  return { series, waitlist, cards: saved, invitation_pending: books && user.passwordHash === null };
}

/**
 * A new link to set the first password, for an account the operator created whose person never
 * used the first one (it lasts three days). Earlier links keep working until they expire; the
 * first one used ends the others.
 */
export async function resendInvitation(s: Services, operator: UserRow, uuid: string) {
  const user = await userByUuid(s, uuid);
  if (user.role !== 'customer' && user.role !== 'partner')
    throw new AppError('conflict', inviteMessages.notInvitable);
  if (user.passwordHash !== null) throw new AppError('conflict', inviteMessages.hasPassword);
  if (!user.active) throw new AppError('conflict', inviteMessages.inactive);
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    await invite(s, tx, user, user.role as 'customer' | 'partner');
    await audit.record(tx, { actorId: operator.id, targetUserId: user.id, action: 'user.invited', now });
  });
  s.mailer.kick();
  return { message: inviteMessages.sent(user.email) };
}

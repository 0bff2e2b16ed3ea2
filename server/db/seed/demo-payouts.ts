/**
 * The demo's payouts (decision 0034): each partner got the net the platform collected and had available on
 * the first day of last month, and again on the first day of this month, paid the next morning
 * with a Pix end-to-end id; what became available since is waiting for the operator's next payout.
 */
import { sql } from 'drizzle-orm';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import { insertPayout, linesOf } from '../../features/payouts/payout.repository.ts';
import { dueItems } from '../../features/payouts/payout.service.ts';
import { queryRows, type Tx } from '../client.ts';
import type { Random } from './random.ts';

const ZONE = 'America/Sao_Paulo';
const DELAY_DAYS = 2;

export async function seedPayouts(tx: Tx, now: Date, operatorId: number, random: Random): Promise<void> {
  const thisMonth = `${zonedDate(now, ZONE).slice(0, 7)}-01`;
  const lastMonth = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
  const partners = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from users u where u.role = 'partner' order by u.id`,
  );
  for (const { id } of partners) {
    // Read once; what each payout carries is added to its lines here, as the database would.
    const lines = await linesOf(tx, Number(id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const day of [lastMonth, thisMonth]) {
      const at = zonedInstant(day, '09:00', ZONE);
      const items = dueItems(lines, at, DELAY_DAYS);
      for (const item of items) {
        // Every demo payout is paid: what it carries is claimed too.
        byId.get(item.appointmentId)!.carried_cents += item.amountCents;
        byId.get(item.appointmentId)!.claimed_cents += item.amountCents;
      }
      const amount = items.reduce((t, i) => t + i.amountCents, 0);
      if (amount <= 0) continue;
      const payout = await insertPayout(tx, {
        partnerId: Number(id),
        amountCents: amount,
        createdBy: operatorId,
        now: at,
        items,
      });
      const paidAt = zonedInstant(addDays(day, 1), '10:30', ZONE);
      const e2e = `E18236120${day.replace(/-/g, '')}1030${random.int(100000000, 999999999)}`;
      await tx.execute(
        sql`update payouts set status = 'paid', reference = ${e2e}, paid_at = ${paidAt.toISOString()}::timestamptz,
            updated_at = ${paidAt.toISOString()}::timestamptz where id = ${payout.id}`,
      );
    }
  }
}

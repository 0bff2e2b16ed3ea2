/**
 * Guessing stops, the owner keeps getting in (DESIGN §8 "Accounts"). Failed passwords and codes are
 * counted per (account, client address), per client address, and per account:
 * - 10 failures of one account from one address in 15 minutes → 429 for that pair only;
 * - 50 failures from one address in 15 minutes, whatever the accounts → 429 for that address;
 * - past 100 failures of one account in an hour (many addresses at once), only addresses the owner
 *   already signed in from (90 days) may try: someone hammering from elsewhere cannot lock them out;
 * - at the 20th failure in that hour the owner gets a mail saying so.
 * A try is counted before it is checked, so parallel guesses cannot slip past a limit; a success
 * takes it back and clears that address's count for the account.
 */
import { AppError, messages } from '#common/errors';
import type { Services } from '../../services.ts';
import { hitEach, settle, type ThrottleRule } from '../security/throttle.service.ts';
import * as mails from './auth.mails.ts';
import { signedInFrom } from './token.repository.ts';

export const signInLimits = {
  perPair: { action: 'signin:pair', limit: 10, windowSeconds: 15 * 60 },
  perAddress: { action: 'signin:ip', limit: 50, windowSeconds: 15 * 60 },
  perAccount: { action: 'signin:acct', limit: 100, windowSeconds: 60 * 60 },
  /** The failure of the hour that mails the owner. */
  burstMailAt: 20,
  knownAddressDays: 90,
} as const;

export interface Attempt {
  /** The password or code was right: the try is taken back, the pair's count cleared. */
  succeeded(): Promise<void>;
  /** It was wrong: the try stays counted; the owner hears of a burst. */
  failed(): Promise<void>;
}

interface Owner {
  id: number;
  name: string;
  email: string;
}

/**
 * Counts a try at signing in (password, sign-in code or verification code) of `email` from `ip`,
 * or answers 429 when one of the limits above is used up.
 */
export async function beginAttempt(
  s: Services,
  email: string,
  owner: Owner | undefined,
  ip: string,
): Promise<Attempt> {
  const now = s.clock();
  const account = email.trim().toLowerCase();
  const counters: Record<'pair' | 'address' | 'account', [ThrottleRule, string]> = {
    pair: [signInLimits.perPair, `${account}|${ip}`],
    address: [signInLimits.perAddress, ip],
    account: [signInLimits.perAccount, account],
  };
  const [pair = 0, address = 0, total = 0] = await hitEach(
    s.db,
    [counters.pair, counters.address, counters.account],
    now,
  );
  const throttled = () => new AppError('throttled', messages.throttled);
  if (pair > signInLimits.perPair.limit || address > signInLimits.perAddress.limit) throw throttled();
  if (total > signInLimits.perAccount.limit) {
    const since = new Date(now.getTime() - signInLimits.knownAddressDays * 24 * 60 * 60_000);
    if (!owner || !(await signedInFrom(s.db, owner.id, ip, since))) throw throttled();
  }
  return {
    async succeeded() {
      await settle(s.db, counters.pair, [counters.address, counters.account]);
    },
    async failed() {
      if (owner && total === signInLimits.burstMailAt) {
        const reset = `${s.config.publicUrl}/forgot-password`;
        await s.mailer.send({ to: owner.email, ...mails.failedSignInsMail(owner.name, total, reset) });
      }
    },
  };
}

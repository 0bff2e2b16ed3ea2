import { limits } from '#common/domain/limits';
import { AppError, messages } from '#common/errors';
import type { Executor } from '../../db/client.ts';
import * as repo from './throttle.repository.ts';

export interface ThrottleRule {
  /** Short name of the action, e.g. "login". */
  action: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Throttling rules of the account flows that are not guesses (those are in auth/sign-in-guard.ts):
 * how often one may ask for mails, register, or try a reset link.
 */
export const rules = {
  verifyPerIp: { action: 'verify:ip', limit: 50, windowSeconds: 15 * 60 },
  resendPerAccount: { action: 'resend:acct', limit: 1, windowSeconds: 60 },
  forgotPerAccount: { action: 'forgot:acct', limit: 1, windowSeconds: 60 },
  forgotPerIp: { action: 'forgot:ip', limit: 20, windowSeconds: 15 * 60 },
  registerPerIp: { action: 'register:ip', limit: 20, windowSeconds: 60 * 60 },
  /** Refused card attempts (saving or paying) per person: DESIGN §8, common/domain/limits.ts. */
  cardRefusedPerUser: {
    action: 'card-refused:user',
    limit: limits.maxRefusedCardAttemptsPerHour,
    windowSeconds: 60 * 60,
  },
} satisfies Record<string, ThrottleRule>;

/** The counter of one rule for one subject (an account, an address). */
const keyOf = (rule: ThrottleRule, subject: string) => `${rule.action}:${subject.toLowerCase()}`;

/** Counts a hit and throws 429 with the SPEC's message once the limit is passed. */
export async function enforce(db: Executor, rule: ThrottleRule, subject: string, now: Date): Promise<void> {
  const count = await repo.hit(db, keyOf(rule, subject), rule.windowSeconds, now);
  if (count > rule.limit) throw new AppError('throttled', messages.throttled);
}

/** Counts a hit without refusing anything; answers the count in the current window. */
export async function record(db: Executor, rule: ThrottleRule, subject: string, now: Date): Promise<number> {
  return repo.hit(db, keyOf(rule, subject), rule.windowSeconds, now);
}

/**
 * Counts a hit on each (rule, subject) in one statement, refusing nothing; answers the counts in
 * their current windows, in the order given (the pairs must be distinct).
 */
export async function hitEach(
  db: Executor,
  counters: [ThrottleRule, string][],
  now: Date,
): Promise<number[]> {
  return repo.hitAll(
    db,
    counters.map(([rule, subject]) => ({ key: keyOf(rule, subject), windowSeconds: rule.windowSeconds })),
    now,
  );
}

/**
 * A try that turned out well: forgets the count of `forget` and takes one hit back from each of
 * `giveBack` (never below zero).
 */
export async function settle(
  db: Executor,
  forget: [ThrottleRule, string],
  giveBack: [ThrottleRule, string][],
): Promise<void> {
  await repo.settle(
    db,
    keyOf(...forget),
    giveBack.map(([rule, subject]) => keyOf(rule, subject)),
  );
}

/**
 * One from each rule's allowance, or none: counts a hit on every rule and, when any is past its
 * limit, takes them all back and answers false. Inside the caller's transaction the counters stay
 * locked until it ends, so requests arriving at once are counted one after another and never pass
 * a limit together; a transaction rolled back counts nothing.
 */
export async function take(
  db: Executor,
  rules: ThrottleRule[],
  subject: string,
  now: Date,
): Promise<boolean> {
  const keys = rules.map((r) => ({ key: keyOf(r, subject), windowSeconds: r.windowSeconds }));
  const counts = await repo.hitAll(db, keys, now);
  if (counts.every((count, i) => count <= rules[i]!.limit)) return true;
  await repo.giveBack(
    db,
    keys.map((k) => k.key),
  );
  return false;
}

/** Whether the limit is already used up in the current window; counts nothing. */
export async function exhausted(
  db: Executor,
  rule: ThrottleRule,
  subject: string,
  now: Date,
): Promise<boolean> {
  const count = await repo.peek(db, keyOf(rule, subject), rule.windowSeconds, now);
  return count >= rule.limit;
}

export async function clear(db: Executor, rule: ThrottleRule, subject: string): Promise<void> {
  await repo.reset(db, keyOf(rule, subject));
}

/** Accounts and signed-in sessions for API tests, made the way a user would make them. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '#common/contracts/user';
import { insertUser, type UserRow } from '../features/auth/user.repository.ts';
import { hashPassword } from '../lib/password.ts';
import { request, type TestContext } from './app.ts';
import { cpfFrom, insertCompleteProfile } from './profiles.ts';

export const PASSWORD = 'Senha#Forte123';

let counter = 0;
/** Tells this process's addresses from another's on a shared database (not a clock reading). */
const RUN = randomBytes(3).toString('hex');
export function uniqueEmail(prefix = 'pessoa'): string {
  counter += 1;
  return `${prefix}.${RUN}${counter}@exemplo.com.br`;
}

export async function createUser(
  ctx: TestContext,
  options: { role?: Role; email?: string; name?: string; password?: string; verified?: boolean } = {},
): Promise<UserRow> {
  return insertUser(ctx.db, {
    name: options.name ?? 'Ana Beatriz Souza',
    email: options.email ?? uniqueEmail(options.role ?? 'customer'),
    passwordHash: await hashPassword(options.password ?? PASSWORD),
    role: options.role ?? 'customer',
    verified: options.verified ?? true,
    now: ctx.clock.now,
  });
}

/** The last mail sent to `to`. */
export function lastMailTo(ctx: TestContext, to: string) {
  const mail = ctx.mail.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`nenhum e-mail para ${to}`);
  return mail;
}

/** The 6-digit code in the text part of the last mail to `to`. */
export function lastCodeTo(ctx: TestContext, to: string): string {
  const match = lastMailTo(ctx, to).text.match(/Código: (\d{6})/);
  if (!match?.[1]) throw new Error('e-mail sem código');
  return match[1];
}

/** Both sign-in steps; answers the bearer token. */
export async function signIn(ctx: TestContext, email: string, password = PASSWORD): Promise<string> {
  const first = await request(ctx.app, {
    method: 'POST',
    url: '/api/loginTwoFactor',
    payload: { email, password },
  });
  expect(first.statusCode, first.body).toBe(200);
  const second = await request(ctx.app, {
    method: 'POST',
    url: '/api/authenticateToken',
    payload: { email, login_token: lastCodeTo(ctx, email) },
  });
  expect(second.statusCode, second.body).toBe(200);
  return second.json().data.token as string;
}

/** A CPF with valid check digits, different on every call (never one of the demo's). */
export function uniqueCpf(): string {
  counter += 1;
  return cpfFrom(counter);
}

/**
 * A specialist who may book (DESIGN §8): the completeData fields written straight to the database
 * with a fresh CPF. The name is kept.
 */
export async function completeProfile(ctx: TestContext, user: { id: number }): Promise<void> {
  await insertCompleteProfile(ctx.db, user.id, uniqueCpf(), ctx.clock.now);
}

/**
 * A new user of `role`, signed in. A customer comes with a completed profile, so that they may
 * book (DESIGN §8); pass `profile: false` for one who has not filled completeData yet.
 */
export async function signedInAs(
  ctx: TestContext,
  role: Role,
  options: { verified?: boolean; profile?: boolean } = {},
) {
  const user = await createUser(ctx, { role, verified: options.verified });
  if (options.profile ?? role === 'customer') await completeProfile(ctx, user);
  const token = await signIn(ctx, user.email);
  return { user, token };
}

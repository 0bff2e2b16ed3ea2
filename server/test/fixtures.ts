/** Accounts and signed-in sessions for API tests, made the way a user would make them. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { isValidCpf } from '#common/br/documents';
import type { Role } from '#common/contracts/user';
import { councils } from '../db/schema.ts';
import { saveAddress } from '../features/addresses/address.repository.ts';
import { insertUser, type UserRow } from '../features/auth/user.repository.ts';
import { upsertProfile } from '../features/specialists/profile.repository.ts';
import { hashPassword } from '../lib/password.ts';
import { request, type TestContext } from './app.ts';

export const PASSWORD = 'Senha#Forte123';

let counter = 0;
export function uniqueEmail(prefix = 'pessoa'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@exemplo.com.br`;
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
  const digits = [...String(300_000_000 + counter)].map(Number);
  for (const length of [9, 10]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  const cpf = digits.join('');
  if (!isValidCpf(cpf)) throw new Error(`CPF gerado inválido: ${cpf}`);
  return cpf;
}

/**
 * The completeData fields of a specialist (CPF, birth date, phone, council and number, address),
 * written straight to the database: what the booking gate asks for (DESIGN §8). The name is kept.
 */
export async function completeProfile(ctx: TestContext, user: { id: number }): Promise<void> {
  const [council] = await ctx.db.select().from(councils).where(eq(councils.acronym, 'CRP')).limit(1);
  if (!council) throw new Error('conselho CRP ausente');
  const now = ctx.clock.now;
  const addressId = await saveAddress(
    ctx.db,
    user.id,
    null,
    {
      zip_code: '01310100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Sala 42',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    now,
  );
  await upsertProfile(ctx.db, {
    userId: user.id,
    cpf: uniqueCpf(),
    birthDate: '1988-04-12',
    phone: '11987654321',
    profession: 'Psicóloga',
    councilId: council.id,
    councilNumber: '06/123456',
    councilState: 'SP',
    addressId,
    now,
  });
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

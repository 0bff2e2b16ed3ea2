/**
 * An account opened from a sign-up form: the specialist's (auth.service register) and the clinic's
 * (partners/partner-signup.service). Both take the same guards: the per-address sign-up counter
 * (one budget for both forms), the password strength rule, and a taken e-mail answered 'Email
 * existente' whatever the account's role. The account starts unconfirmed; its verification code is
 * requested in the transaction that writes it, with whatever else the form records.
 */
import { authMessages } from '#common/contracts/auth';
import type { User } from '#common/contracts/user';
import { AppError } from '#common/errors';
import { pgErrorCode, type Tx } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Services } from '../../services.ts';
import { enforce, rules } from '../security/throttle.service.ts';
import { assertStrongPassword } from './password.service.ts';
import * as usersRepo from './user.repository.ts';

export interface SignUpForm {
  name: string;
  email: string;
  password: string;
  role: 'customer' | 'partner';
  /** More of the person's own data (a company name) the password must not lean on. */
  ownWords?: string[];
}

const taken = () =>
  new AppError('validation', authMessages.emailTaken, { errors: { email: [authMessages.emailTaken] } });

/**
 * Opens the account; `alongside` writes, in the same transaction, what the form records besides
 * it (the partner's pending profile and its consent).
 */
export async function signUp(
  s: Services,
  form: SignUpForm,
  ip: string,
  alongside?: (tx: Tx, created: usersRepo.UserRow) => Promise<void>,
): Promise<User> {
  const now = s.clock();
  await enforce(s.db, rules.registerPerIp, ip, now);
  await assertStrongPassword(form.password, [form.name, form.email, ...(form.ownWords ?? [])]);
  if (await usersRepo.findUserByEmail(s.db, form.email)) throw taken();
  const passwordHash = await hashPassword(form.password);
  let user: usersRepo.UserRow;
  try {
    user = await s.db.transaction(async (tx) => {
      const created = await usersRepo.insertUser(tx, {
        name: form.name,
        email: form.email,
        passwordHash,
        role: form.role,
        verified: false,
        now,
      });
      await alongside?.(tx, created);
      await s.mailer.request('verification_code', created.email, tx);
      return created;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw taken();
    throw err;
  }
  s.mailer.kick();
  return usersRepo.toUser(s.db, user);
}

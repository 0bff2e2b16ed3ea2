/**
 * New passwords (ASVS 5.0 §6.2, DESIGN §8 "Accounts", docs/decisions/0013): the strength rule every
 * place that sets a password applies, and the signed-in change of one's own password.
 * Sign-in never checks strength: a password set before the rule keeps working until it is changed.
 */
import { type ChangePasswordBody, passwordChanged } from '#common/contracts/auth';
import { AppError } from '#common/errors';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { UserRow } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { enforce, type ThrottleRule } from '../security/throttle.service.ts';
import * as mails from './auth.mails.ts';
import { revokeOtherTokens } from './password.repository.ts';
import * as usersRepo from './user.repository.ts';

/** Guesses at the current password from a signed-in session: as many as sign-in allows. */
const changeRule: ThrottleRule = { action: 'password-change:user', limit: 10, windowSeconds: 15 * 60 };

const wrongCurrent = 'A senha atual está incorreta.';

/**
 * 422 in the API's validation shape when `password` is too weak; `userInputs` are the person's own
 * data (name, e-mail), which a password must not lean on. The dictionaries (~13 MB once loaded)
 * come in with the first password set, not at start: most processes never need them.
 */
export async function assertStrongPassword(
  password: string,
  userInputs: readonly (string | null | undefined)[],
): Promise<void> {
  const { checkPassword } = await import('#common/domain/password-strength');
  const check = checkPassword(password, userInputs);
  if (check.message)
    throw new AppError('validation', check.message, { errors: { password: [check.message] } });
}

/**
 * POST /api/user/password: the current password proves it is the person; the new one must be strong.
 * The other sessions end, the one used here stays, and the person is told by mail.
 */
export async function changePassword(
  s: Services,
  user: UserRow,
  tokenId: number,
  body: ChangePasswordBody,
): Promise<string> {
  const now = s.clock();
  await enforce(s.db, changeRule, user.uuid, now);
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new AppError('validation', wrongCurrent, { errors: { current_password: [wrongCurrent] } });
  }
  await assertStrongPassword(body.password, [user.name, user.email]);
  const passwordHash = await hashPassword(body.password);
  await s.db.transaction(async (tx) => {
    await usersRepo.setPasswordHash(tx, user.id, passwordHash, now);
    await revokeOtherTokens(tx, user.id, tokenId, now);
    await s.mailer.send({ to: user.email, ...mails.passwordChangedMail(user.name, 'others') }, tx);
  });
  s.mailer.kick();
  return passwordChanged;
}

/**
 * Accounts and the two-step sign-in (SPEC §4, §7, §8; DESIGN §4, §5).
 * Every secret (token, code, reset link) is random from the CSPRNG and stored only as a hash.
 */
import type {
  AuthenticateTokenBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
} from '#common/contracts/auth';
import { authMessages } from '#common/contracts/auth';
import type { User } from '#common/contracts/user';
import { AppError } from '#common/errors';
import type { Services } from '../../app.ts';
import { pgErrorCode } from '../../db/client.ts';
import { loginChallenges, verificationCodes } from '../../db/schema.ts';
import { randomCode, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { enforce, rules } from '../security/throttle.service.ts';
import * as mails from './auth.mails.ts';
import * as codes from './auth-codes.repository.ts';
import * as tokens from './token.repository.ts';
import * as usersRepo from './user.repository.ts';

export const LOGIN_CODE_MINUTES = 10;
export const VERIFICATION_CODE_MINUTES = 30;
export const RESET_LINK_MINUTES = 60;
export const MAX_CODE_ATTEMPTS = 5;

export interface RequestInfo {
  ip: string;
  userAgent?: string;
}

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** A code's hash is bound to its owner, so a hash cannot be replayed for another account. */
const codeHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

const suspended = () => new AppError('forbidden', authMessages.suspended, { extra: { Status: false } });
const invalidCode = (field: string) =>
  new AppError('validation', authMessages.invalidCode, { errors: { [field]: [authMessages.invalidCode] } });

async function send(s: Services, to: string, mail: { subject: string; text: string; html: string }) {
  await s.mailer.send({ to, ...mail });
}

async function sendVerificationCode(s: Services, user: usersRepo.UserRow): Promise<void> {
  const now = s.clock();
  const code = randomCode();
  await codes.replaceCode(s.db, verificationCodes, {
    userId: user.id,
    codeHash: codeHash(user.id, code),
    expiresAt: minutesFrom(now, VERIFICATION_CODE_MINUTES),
    now,
  });
  await send(s, user.email, mails.verificationMail(user.name, code, VERIFICATION_CODE_MINUTES));
}

export async function register(s: Services, body: RegisterBody, req: RequestInfo): Promise<User> {
  const now = s.clock();
  await enforce(s.db, rules.registerPerIp, req.ip, now);
  const taken = () =>
    new AppError('validation', authMessages.emailTaken, { errors: { email: [authMessages.emailTaken] } });
  if (await usersRepo.findUserByEmail(s.db, body.email)) throw taken();
  let user: usersRepo.UserRow;
  try {
    user = await usersRepo.insertUser(s.db, {
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: 'customer',
      verified: false,
      now,
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw taken();
    throw err;
  }
  await sendVerificationCode(s, user);
  return usersRepo.toUser(s.db, user);
}

/** First step: password checked, a single-use code mailed. */
export async function startLogin(s: Services, body: LoginBody, req: RequestInfo): Promise<{ email: string }> {
  const now = s.clock();
  await enforce(s.db, rules.loginPerIp, req.ip, now);
  await enforce(s.db, rules.loginPerAccount, body.email, now);
  const user = await usersRepo.findUserByEmail(s.db, body.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) throw new AppError('unauthenticated', authMessages.invalidCredentials);
  if (!user.active) throw suspended();

  const code = randomCode();
  await codes.replaceCode(s.db, loginChallenges, {
    userId: user.id,
    codeHash: codeHash(user.id, code),
    expiresAt: minutesFrom(now, LOGIN_CODE_MINUTES),
    now,
    ip: req.ip,
  });
  const link = `${s.config.publicUrl}/auth-user-ogin?email=${encodeURIComponent(user.email)}&token=${code}`;
  await send(s, user.email, mails.loginCodeMail(user.name, code, link, LOGIN_CODE_MINUTES));
  return { email: user.email };
}

/** Second step: the mailed code for this account's open challenge → a bearer token. */
export async function finishLogin(
  s: Services,
  body: AuthenticateTokenBody,
  req: RequestInfo,
): Promise<{ token: string; user: User }> {
  const now = s.clock();
  await enforce(s.db, rules.codePerIp, req.ip, now);
  await enforce(s.db, rules.codePerAccount, body.email, now);
  const user = await usersRepo.findUserByEmail(s.db, body.email);
  if (!user) throw invalidCode('login_token');
  if (!user.active) throw suspended();
  const challenge = await codes.spendAttempt(s.db, loginChallenges, user.id, now, MAX_CODE_ATTEMPTS);
  if (!challenge || !safeEqual(challenge.codeHash, codeHash(user.id, body.login_token))) {
    throw invalidCode('login_token');
  }
  if (!(await codes.consumeCode(s.db, loginChallenges, challenge.id, now))) throw invalidCode('login_token');

  const token = randomToken(32);
  await tokens.insertToken(s.db, {
    userId: user.id,
    tokenHash: sha256(token),
    userAgent: req.userAgent,
    ip: req.ip,
    now,
  });
  return { token, user: await usersRepo.toUser(s.db, user) };
}

export async function logout(s: Services, tokenId: number): Promise<void> {
  await tokens.revokeToken(s.db, tokenId, s.clock());
}

export async function verifyEmail(s: Services, email: string, code: string, req: RequestInfo): Promise<void> {
  const now = s.clock();
  await enforce(s.db, rules.verifyPerIp, req.ip, now);
  await enforce(s.db, rules.verifyPerAccount, email, now);
  const user = await usersRepo.findUserByEmail(s.db, email);
  if (!user) throw invalidCode('code');
  if (user.emailVerifiedAt) return;
  const open = await codes.spendAttempt(s.db, verificationCodes, user.id, now, MAX_CODE_ATTEMPTS);
  if (!open || !safeEqual(open.codeHash, codeHash(user.id, code))) throw invalidCode('code');
  if (!(await codes.consumeCode(s.db, verificationCodes, open.id, now))) throw invalidCode('code');
  await usersRepo.markEmailVerified(s.db, user.id, now);
}

/**
 * Resend (and `force/verification`): a new code for an unverified account; the same neutral answer
 * whether or not the account exists. At most one per minute per e-mail.
 */
export async function resendVerification(s: Services, email: string, req: RequestInfo): Promise<void> {
  const now = s.clock();
  await enforce(s.db, rules.verifyPerIp, req.ip, now);
  await enforce(s.db, rules.resendPerAccount, email, now);
  const user = await usersRepo.findUserByEmail(s.db, email);
  if (user?.active && !user.emailVerifiedAt) await sendVerificationCode(s, user);
}

export async function forgotPassword(s: Services, email: string, req: RequestInfo): Promise<void> {
  const now = s.clock();
  await enforce(s.db, rules.forgotPerAccount, email, now);
  await enforce(s.db, rules.forgotPerIp, req.ip, now);
  const user = await usersRepo.findUserByEmail(s.db, email);
  if (!user?.active) return;
  const token = randomToken(32);
  await codes.insertPasswordReset(s.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: minutesFrom(now, RESET_LINK_MINUTES),
    now,
  });
  const link = `${s.config.publicUrl}/password-reset?token=${token}&email=${encodeURIComponent(user.email)}`;
  await send(s, user.email, mails.passwordResetMail(user.name, link, RESET_LINK_MINUTES));
}

export async function resetPassword(s: Services, body: ResetPasswordBody, req: RequestInfo): Promise<void> {
  const now = s.clock();
  await enforce(s.db, rules.verifyPerIp, req.ip, now);
  const failed = () => new AppError('validation', authMessages.resetFailed);
  const user = await usersRepo.findUserByEmail(s.db, body.email);
  if (!user?.active) throw failed();
  const passwordHash = await hashPassword(body.password);
  await s.db.transaction(async (tx) => {
    if (!(await codes.usePasswordReset(tx, user.id, sha256(body.token), now))) throw failed();
    await usersRepo.setPasswordHash(tx, user.id, passwordHash, now);
    // The link proved the address is theirs (docs/decisions/0004).
    await usersRepo.markEmailVerified(tx, user.id, now);
    await tokens.revokeAllForUser(tx, user.id, now);
  });
  await send(s, user.email, mails.passwordChangedMail(user.name));
}

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
import type { MailMessage } from '../../adapters/mail.ts';
import type { Tx } from '../../db/client.ts';
import { loginChallenges, verificationCodes } from '../../db/schema.ts';
import { randomCode, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Services } from '../../services.ts';
import { enforce, rules } from '../security/throttle.service.ts';
import * as mails from './auth.mails.ts';
import * as codes from './auth-codes.repository.ts';
import { assertStrongPassword } from './password.service.ts';
import { beginAttempt } from './sign-in-guard.ts';
import { signUp } from './sign-up.ts';
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

/**
 * The account mails the outbox job makes from a request (mail/outbox.service.ts): a verification
 * code for an active, unverified account, a reset link for an active one; nothing otherwise.
 */
export async function accountMail(
  s: Services,
  tx: Tx,
  kind: 'password_reset' | 'verification_code',
  email: string,
): Promise<MailMessage | undefined> {
  const now = s.clock();
  const user = await usersRepo.findUserByEmail(tx, email);
  if (!user?.active) return undefined;
  if (kind === 'verification_code') {
    if (user.emailVerifiedAt) return undefined;
    const code = randomCode();
    await codes.replaceCode(tx, verificationCodes, {
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: minutesFrom(now, VERIFICATION_CODE_MINUTES),
      now,
    });
    return {
      to: user.email,
      ...mails.verificationMail(user.name, code, VERIFICATION_CODE_MINUTES, user.role),
    };
  }
  const token = randomToken(32);
  await codes.insertPasswordReset(tx, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: minutesFrom(now, RESET_LINK_MINUTES),
    now,
  });
  const link = `${s.config.publicUrl}/password-reset?token=${token}&email=${encodeURIComponent(user.email)}`;
  return { to: user.email, ...mails.passwordResetMail(user.name, link, RESET_LINK_MINUTES) };
}

export async function register(s: Services, body: RegisterBody, req: RequestInfo): Promise<User> {
  return signUp(s, { name: body.name, email: body.email, password: body.password, role: 'customer' }, req.ip);
}

/** A new bearer token for the person, stored only as its hash, with where it was opened. */
async function openSession(s: Services, userId: number, req: RequestInfo, now: Date): Promise<string> {
  const token = randomToken(32);
  await tokens.insertToken(s.db, {
    userId,
    tokenHash: sha256(token),
    userAgent: req.userAgent,
    ip: req.ip,
    now,
  });
  return token;
}

/** First step: password checked, a single-use code mailed. */
export async function startLogin(s: Services, body: LoginBody, req: RequestInfo): Promise<{ email: string }> {
  const now = s.clock();
  const user = await usersRepo.findUserByEmail(s.db, body.email);
  const attempt = await beginAttempt(s, body.email, user, req.ip);
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) {
    await attempt.failed();
    throw new AppError('unauthenticated', authMessages.invalidCredentials);
  }
  await attempt.succeeded();
  if (!user.active) throw suspended();

  const code = randomCode();
  const link = `${s.config.publicUrl}/auth-user-ogin?email=${encodeURIComponent(user.email)}&token=${code}`;
  await s.db.transaction(async (tx) => {
    await codes.replaceCode(tx, loginChallenges, {
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: minutesFrom(now, LOGIN_CODE_MINUTES),
      now,
      ip: req.ip,
    });
    await s.mailer.send(
      { to: user.email, ...mails.loginCodeMail(user.name, code, link, LOGIN_CODE_MINUTES) },
      tx,
    );
  });
  s.mailer.kick();
  return { email: user.email };
}

/** Second step: the mailed code for this account's open challenge → a bearer token. */
export async function finishLogin(
  s: Services,
  body: AuthenticateTokenBody,
  req: RequestInfo,
): Promise<{ token: string; user: User }> {
  const now = s.clock();
  const user = await usersRepo.findUserByEmail(s.db, body.email);
  const attempt = await beginAttempt(s, body.email, user, req.ip);
  const wrong = async () => {
    await attempt.failed();
    return invalidCode('login_token');
  };
  if (!user) throw await wrong();
  if (!user.active) throw suspended();
  // Each code keeps its own 5 tries, whatever the counters above say.
  const challenge = await codes.spendAttempt(s.db, loginChallenges, user.id, now, MAX_CODE_ATTEMPTS);
  if (!challenge || !safeEqual(challenge.codeHash, codeHash(user.id, body.login_token))) throw await wrong();
  if (!(await codes.consumeCode(s.db, loginChallenges, challenge.id, now))) throw await wrong();
  await attempt.succeeded();

  const token = await openSession(s, user.id, req, now);
  return { token, user: await usersRepo.toUser(s.db, user) };
}

export async function logout(s: Services, tokenId: number): Promise<void> {
  await tokens.revokeToken(s.db, tokenId, s.clock());
}

/**
 * How long after registering the first e-mail confirmation also opens a session
 * (docs/decisions/0017): sign-up asks for one code, not two.
 */
export const VERIFY_SIGNS_IN_HOURS = 24;

/**
 * What else happens when an account's e-mail is confirmed by its code, told by the app that builds
 * the routes (a clinic that signed itself up is real now: the operators hear of it).
 */
export type EmailConfirmed = (user: usersRepo.UserRow) => Promise<void>;

/**
 * Confirms the e-mail with the mailed code; `confirmed` runs once the code is spent. The
 * confirmation right after registration also signs the person in (answers a session), when all of
 * these hold: the request carries no session, the account is active and was unconfirmed until this
 * code, it was registered less than VERIFY_SIGNS_IN_HOURS ago and has never had a session (revoked
 * ones count). The code itself is the proof: single use, 5 tries, counted by the sign-in guard
 * like a sign-in code. Every later sign-in stays two-step.
 */
export async function verifyEmail(
  s: Services,
  email: string,
  code: string,
  req: RequestInfo & { signedIn: boolean },
  confirmed?: EmailConfirmed,
): Promise<{ token: string; user: User } | undefined> {
  const now = s.clock();
  const user = await usersRepo.findUserByEmail(s.db, email);
  const attempt = await beginAttempt(s, email, user, req.ip);
  const wrong = async () => {
    await attempt.failed();
    return invalidCode('code');
  };
  if (!user) throw await wrong();
  if (user.emailVerifiedAt) {
    await attempt.succeeded();
    return undefined;
  }
  const open = await codes.spendAttempt(s.db, verificationCodes, user.id, now, MAX_CODE_ATTEMPTS);
  if (!open || !safeEqual(open.codeHash, codeHash(user.id, code))) throw await wrong();
  if (!(await codes.consumeCode(s.db, verificationCodes, open.id, now))) throw await wrong();
  await attempt.succeeded();
  await usersRepo.markEmailVerified(s.db, user.id, now);
  await confirmed?.(user);

  const recent = now.getTime() - user.createdAt.getTime() < VERIFY_SIGNS_IN_HOURS * 3_600_000;
  if (req.signedIn || !user.active || !recent) return undefined;
  if (await tokens.hasEverSignedIn(s.db, user.id)) return undefined;
  const token = await openSession(s, user.id, req, now);
  const verified = { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now };
  return { token, user: await usersRepo.toUser(s.db, verified) };
}

/**
 * Resend (and `force/verification`): a new code for an unverified account; the same neutral answer
 * whether or not the account exists. At most one per minute per e-mail.
 */
export async function resendVerification(s: Services, email: string, req: RequestInfo): Promise<void> {
  const now = s.clock();
  await enforce(s.db, rules.verifyPerIp, req.ip, now);
  await enforce(s.db, rules.resendPerAccount, email, now);
  // The job decides whether the account exists and needs a code: the answer costs the same.
  await s.mailer.request('verification_code', email);
}

export async function forgotPassword(s: Services, email: string, req: RequestInfo): Promise<void> {
  const now = s.clock();
  await enforce(s.db, rules.forgotPerAccount, email, now);
  await enforce(s.db, rules.forgotPerIp, req.ip, now);
  // The job decides whether the account exists: the answer costs the same either way.
  await s.mailer.request('password_reset', email);
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
    await assertStrongPassword(body.password, [user.name, user.email]);
    await usersRepo.setPasswordHash(tx, user.id, passwordHash, now);
    // The link proved the address is theirs (docs/decisions/0004).
    await usersRepo.markEmailVerified(tx, user.id, now);
    await tokens.revokeAllForUser(tx, user.id, now);
    await s.mailer.send({ to: user.email, ...mails.passwordChangedMail(user.name) }, tx);
  });
  s.mailer.kick();
}

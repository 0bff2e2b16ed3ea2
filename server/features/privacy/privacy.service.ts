/**
 * LGPD self-service (Lei 13.709, art. 18; DESIGN §8; decision 0014): a person downloads everything
 * held about them, and deletes their account — personal data erased or anonymized, the records the
 * law keeps (bookings, payments, refunds) left pointing to the anonymized account.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, type Zippable, zipSync } from 'fflate';
import {
  DELETED_ACCOUNT_NAME,
  type DeleteAccountBody,
  EXPORT_DATA_FILE,
  exportFileName,
  privacyMessages,
} from '#common/contracts/privacy';
import { AppError } from '#common/errors';
import { zonedDate } from '#common/time/zone';
import type { Tx } from '../../db/client.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { cancelLocked, type Effects, onBooking, transition } from '../lifecycle/lifecycle.service.ts';
import { endCommitments } from '../lifecycle/person.lifecycle.ts';
import { variantKey } from '../photos/image.ts';
import { deletePhotoFiles } from '../photos/photo.repository.ts';
import { exhausted, record, type ThrottleRule } from '../security/throttle.service.ts';
import { collectPersonalData } from './privacy.export.ts';
import { accountDeletedMail } from './privacy.mails.ts';
import * as repo from './privacy.repository.ts';

const ZONE = 'America/Sao_Paulo';
/** Wrong passwords on the deletion form, per account: a stolen session cannot guess on forever. */
const wrongPasswordRule: ThrottleRule = { action: 'delete-account:user', limit: 10, windowSeconds: 15 * 60 };

const isOperator = (user: UserRow) => user.role === 'owner' || user.role === 'admin';
const conflict = (message: string) => new AppError('conflict', message);

// ------------------------------------------------------------------ export

export interface PersonalDataZip {
  fileName: string;
  bytes: Uint8Array;
}

/** `dados.json` and the person's photos (the large size of each), in one zip. */
export async function exportPersonalData(s: Services, user: UserRow): Promise<PersonalDataZip> {
  const now = s.clock();
  const data = await collectPersonalData(s.db, user, now);
  const files: Zippable = { [EXPORT_DATA_FILE]: strToU8(JSON.stringify(data.json, null, 2)) };
  for (const photo of data.photoFiles) {
    const bytes = await s.storage.get(variantKey(photo.storageKey, 'lg'));
    if (bytes) files[photo.path] = [new Uint8Array(bytes), { level: 0 }];
  }
  return { fileName: exportFileName(zonedDate(now, ZONE)), bytes: zipSync(files, { level: 6 }) };
}

// ------------------------------------------------------------------ deletion

/** Why this account may not go yet (409), read again under the locks inside the deletion. */
async function refusal(db: Parameters<typeof repo.countActiveRooms>[0], user: UserRow, now: Date) {
  if (user.role !== 'partner') return undefined;
  const [activeRooms, futureHours] = await Promise.all([
    repo.countActiveRooms(db, user.id),
    repo.countFutureHoursInRooms(db, user.id, now),
  ]);
  return activeRooms || futureHours ? privacyMessages.partnerBusy(activeRooms, futureHours) : undefined;
}

/**
 * Cancels the person's own hours still to come as the customer would, one lifecycle transition
 * each under the booking's lock (refund by the usual rule; an unpaid booking goes whole), inside
 * the deletion's transaction. Quietly: the deletion's own mail says what was canceled. Answers
 * what was canceled; an hour that could not be is left, and the deletion then refuses (409).
 */
async function cancelFutureHours(s: Services, tx: Tx, fx: Effects, userId: number) {
  const actor = { kind: 'customer', userId } as const;
  let hours = 0;
  let refundCents = 0;
  for (const a of await repo.futureHoursOf(tx, userId, s.clock())) {
    const result = await onBooking(tx, a.bookingId, fx, async (tx, locked, fx) => {
      const hour = locked.items.find((x) => x.id === a.id);
      // Gone meanwhile: canceled with the rest of its unpaid booking.
      if (hour?.status !== 'pending_payment' && hour?.status !== 'confirmed') return { n: 0, refund: 0 };
      const held = locked.items.filter((x) => x.status === 'pending_payment').length;
      const out = await cancelLocked(s, tx, locked, fx, actor, a.id, false);
      return { n: hour.status === 'pending_payment' ? held : 1, refund: out.refund_cents };
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'conflict') return { n: 0, refund: 0 };
      throw err;
    });
    hours += result.n;
    refundCents += result.refund;
  }
  return { hours, refundCents };
}

/**
 * `POST /api/user/delete`. The password first (422 on `password`); then the refusals (409); then
 * one transaction, all or nothing, under the person's lock (no booking can start for them
 * meanwhile): the checks again, their waitlist places and horários fixos end, their future hours
 * are canceled through the lifecycle, the account is erased and the mail written. Refunds, the
 * withdrawal of open charges and the offer of the freed time to the next in line follow the commit.
 */
export async function deleteAccount(
  s: Services,
  user: UserRow,
  body: DeleteAccountBody,
  log: { error(details: object, message: string): void },
): Promise<string> {
  const now = s.clock();
  const wrong = () =>
    new AppError('validation', privacyMessages.wrongPassword, {
      errors: { password: [privacyMessages.wrongPassword] },
    });
  if (await exhausted(s.db, wrongPasswordRule, user.uuid, now))
    throw new AppError('throttled', 'Muitas tentativas com a senha errada. Aguarde alguns minutos.');
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await record(s.db, wrongPasswordRule, user.uuid, now);
    throw wrong();
  }
  if (isOperator(user) && (await s.db.transaction((tx) => repo.lockOtherActiveOperators(tx, user.id))) === 0)
    throw conflict(privacyMessages.lastOperator);
  const refused = await refusal(s.db, user, now);
  if (refused) throw conflict(refused);

  const anonymous = { name: DELETED_ACCOUNT_NAME, email: `excluida+${randomUUID()}@salas.invalid` };
  const keys = await transition(s, async (tx, fx) => {
    const locked = await repo.lockUser(tx, user.id);
    if (!locked || locked.deletedAt) throw new AppError('unauthenticated', 'Esta conta já foi excluída.');
    if (isOperator(locked) && (await repo.lockOtherActiveOperators(tx, locked.id)) === 0)
      throw conflict(privacyMessages.lastOperator);
    const late = await refusal(tx, locked, s.clock());
    if (late) throw conflict(late);
    await endCommitments(s, tx, fx, { kind: 'customer', userId: locked.id }, locked.id);
    const canceled = await cancelFutureHours(s, tx, fx, locked.id);
    // An hour that could not be canceled: nothing above happens (the transaction rolls back).
    if ((await repo.futureHoursOf(tx, locked.id, s.clock())).length)
      throw conflict(privacyMessages.bookingDuringDeletion);
    const erased = await repo.eraseAccount(tx, locked, anonymous, s.clock());
    // Written after the erasure dropped the pending mails to this address: this one goes, and
    // only if the erasure commits (DESIGN §8 outbox); once sent, the row forgets the address.
    await s.mailer.send(
      { to: locked.email, ...accountDeletedMail(locked.name, canceled), forgetAs: anonymous.email },
      tx,
    );
    return erased;
  });
  s.mailer.kick();

  // After the commit, and never undoing it: storage is outside the transaction (files go once the
  // rows that named them are gone).
  await deletePhotoFiles(s.storage, keys).catch((err: unknown) =>
    log.error({ err, keys }, 'photos of a deleted account left in storage'),
  );
  return privacyMessages.deleted;
}

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
import { verifyPassword } from '../../lib/password.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { cancelAppointment } from '../lifecycle/lifecycle.service.ts';
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
 * each (refund by the usual rule; an unpaid booking goes whole). Answers what was canceled.
 */
async function cancelFutureHours(s: Services, user: UserRow) {
  let hours = 0;
  let refundCents = 0;
  for (const a of await repo.futureHoursOf(s.db, user.id, s.clock())) {
    const result = await cancelAppointment(s, { kind: 'customer', userId: user.id }, a.bookingId, a.id).catch(
      (err: unknown) => {
        // Gone meanwhile: canceled with the rest of its unpaid booking, or by someone else.
        if (err instanceof AppError && err.code === 'conflict') return undefined;
        throw err;
      },
    );
    if (!result) continue;
    hours += 1;
    refundCents += result.refund_cents;
  }
  return { hours, refundCents };
}

/**
 * `POST /api/user/delete`. The password first (422 on `password`); then the refusals (409); then
 * the person's future hours are canceled through the lifecycle — each transition is its own
 * transaction with the booking's lock, so they run before, not inside, the erasure; then one
 * transaction erases the account, checking again under the user's lock, and writes the mail.
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

  const canceled = await cancelFutureHours(s, user);

  const anonymous = { name: DELETED_ACCOUNT_NAME, email: `excluida+${randomUUID()}@salas.invalid` };
  const erased = await s.db.transaction(async (tx) => {
    const locked = await repo.lockUser(tx, user.id);
    if (!locked || locked.deletedAt) throw new AppError('unauthenticated', 'Esta conta já foi excluída.');
    if (isOperator(locked) && (await repo.lockOtherActiveOperators(tx, locked.id)) === 0)
      throw conflict(privacyMessages.lastOperator);
    const late = await refusal(tx, locked, s.clock());
    if (late) throw conflict(late);
    // A booking that slipped in after the cancellations (its transaction locks this same row).
    if ((await repo.futureHoursOf(tx, locked.id, s.clock())).length)
      throw conflict(privacyMessages.bookingDuringDeletion);
    const keys = await repo.eraseAccount(tx, locked, anonymous, s.clock());
    // Written after the erasure dropped the pending mails to this address: this one goes, and
    // only if the erasure commits (DESIGN §8 outbox).
    await s.mailer.send({ to: locked.email, ...accountDeletedMail(locked.name, canceled) }, tx);
    return { keys };
  });
  s.mailer.kick();

  // After the commit, and never undoing it: storage is outside the transaction (files go once the
  // rows that named them are gone).
  await deletePhotoFiles(s.storage, erased.keys).catch((err: unknown) =>
    log.error({ err, keys: erased.keys }, 'photos of a deleted account left in storage'),
  );
  return privacyMessages.deleted;
}

/**
 * A person's choice of WhatsApp notices (DESIGN §10, "WhatsApp"): off by default; on only for the
 * Brazilian mobile of their profile, with the time of the consent kept (LGPD); off again by the
 * person, by "PARAR" in the chat, or when the profile's phone becomes another number (the consent
 * was for the old one).
 */
import { type NotificationSettings, notificationMessages } from '#common/contracts/notifications';
import { brazilianMobile } from '#common/domain/phone';
import { AppError } from '#common/errors';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../auth/user.repository.ts';
import * as repo from './whatsapp.repository.ts';

export interface ConsentDeps {
  db: Executor;
  clock: () => Date;
}

/** The profile's mobile in international digits, or the 422 that says why there is none. */
async function profileMobile(d: ConsentDeps, user: UserRow): Promise<string> {
  const phone = await repo.profilePhoneOf(d.db, user);
  const refuse = (message: string) =>
    new AppError('validation', message, { errors: { whatsapp: [message] } });
  if (!phone) throw refuse(notificationMessages.noPhone);
  const mobile = brazilianMobile(phone);
  if (!mobile) throw refuse(notificationMessages.notMobile);
  return mobile;
}

/**
 * On: the consented number and its time. Off: the profile's mobile the notices would go to (null
 * without one), so the screen can say which number turning it on gives.
 */
export async function notificationSettings(d: ConsentDeps, user: UserRow): Promise<NotificationSettings> {
  const consent = await repo.consentOf(d.db, user.id);
  if (consent?.phone && consent.at)
    return { whatsapp: true, whatsapp_phone: consent.phone, whatsapp_opted_in_at: consent.at.toISOString() };
  const phone = await repo.profilePhoneOf(d.db, user);
  return {
    whatsapp: false,
    whatsapp_phone: (phone && brazilianMobile(phone)) || null,
    whatsapp_opted_in_at: null,
  };
}

/** `PUT /api/user/notifications`: on consents now for the profile's mobile (again: a new time). */
export async function updateNotificationSettings(
  d: ConsentDeps,
  user: UserRow,
  body: { whatsapp: boolean },
): Promise<NotificationSettings> {
  const now = d.clock();
  if (body.whatsapp) {
    const phone = await profileMobile(d, user);
    const current = await repo.consentOf(d.db, user.id);
    // Turning on what is already on keeps the first consent's time.
    if (current?.phone !== phone) await repo.setConsent(d.db, user.id, { phone, at: now }, now);
  } else await repo.setConsent(d.db, user.id, null, now);
  return notificationSettings(d, user);
}

/**
 * The profile's phone is now `phone` (in the caller's transaction): a consent given for another
 * number ends. Answers whether it ended.
 */
export function profilePhoneChanged(
  d: ConsentDeps,
  userId: number,
  phone: string | null | undefined,
): Promise<boolean> {
  return repo.dropConsentUnless(d.db, userId, phone ? brazilianMobile(phone) : undefined, d.clock());
}

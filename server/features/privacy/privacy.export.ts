/**
 * What `dados.json` holds (LGPD art. 18, II and V): everything kept about the person, in their own
 * words where it helps. Only their own rows: no other person's data, no password hash, no
 * provider token or reference, no token hash.
 */
import type { exportSections } from '#common/contracts/privacy';
import { toZonedIso } from '#common/time/zone';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { reviewsWrittenBy } from '../reviews/reviews.service.ts';
import * as repo from './privacy.repository.ts';

/**
 * What happened at a clinic (a booking, its payment and refunds, a series, a clinic or room made) is
 * dated on the clinic's clock; what belongs to the account alone (sessions, mails, cards) on
 * Brasília's. Every time carries its offset, so no reader has to guess (issue 42).
 */
const ACCOUNT_ZONE = 'America/Sao_Paulo';
const at = (d: Date | null, zone = ACCOUNT_ZONE) => (d ? toZonedIso(d, zone) : null);

const address = (a: Awaited<ReturnType<typeof repo.addressesOf>>[number] | null | undefined) =>
  a
    ? {
        uuid: a.uuid,
        zip_code: a.zipCode,
        street: a.street,
        number: a.number,
        complement: a.complement,
        neighborhood: a.neighborhood,
        city: a.city,
        state: a.state,
      }
    : null;

const photoFolder = { profile: 'perfil', clinic: 'clinicas', room: 'salas' } as const;

export interface PersonalData {
  json: Record<(typeof exportSections)[number], unknown>;
  /** Photos to put in the zip: the storage key of each and its path inside the zip. */
  photoFiles: { storageKey: string; path: string }[];
}

async function bookingsSection(db: Executor, userId: number) {
  const { list, hours, refunds } = await repo.bookingsOf(db, userId);
  return list.map(({ booking, room, clinic, payment }) => ({
    uuid: booking.uuid,
    status: booking.status,
    amount_cents: booking.amountCents,
    payment_method: booking.paymentMethod,
    created_at: at(booking.createdAt, clinic.timezone),
    room: { uuid: room.uuid, name: room.name },
    clinic: { uuid: clinic.uuid, name: clinic.name },
    appointments: hours
      .filter((a) => a.bookingId === booking.id)
      .map((a) => ({
        uuid: a.uuid,
        starts_at: at(a.startsAt, clinic.timezone),
        ends_at: at(a.endsAt, clinic.timezone),
        status: a.status,
        price_cents: a.priceCents,
        refund_cents: a.refundCents,
        canceled_at: at(a.canceledAt, clinic.timezone),
      })),
    payment: payment && {
      uuid: payment.uuid,
      method: payment.method,
      status: payment.status,
      amount_cents: payment.amountCents,
      refunded_cents: payment.refundedCents,
      paid_at: at(payment.paidAt, clinic.timezone),
      created_at: at(payment.createdAt, clinic.timezone),
      refunds: refunds
        .filter((r) => r.paymentId === payment.id)
        .map((r) => ({
          uuid: r.uuid,
          amount_cents: r.amountCents,
          reason: r.reason,
          status: r.status,
          created_at: at(r.createdAt, clinic.timezone),
        })),
    },
  }));
}

async function partnerSection(db: Executor, user: UserRow) {
  if (user.role !== 'partner') return null;
  const [found, { bank, pix }, supply] = await Promise.all([
    repo.partnerProfileOf(db, user.id),
    repo.bankDataOf(db, user.id),
    repo.clinicsAndRoomsOf(db, user.id),
  ]);
  const profileAddress = found?.profile.addressId
    ? (await repo.addressesOf(db, user.id)).find((a) => a.id === found.profile.addressId)
    : undefined;
  return {
    profile: found && {
      legal_name: found.profile.legalName,
      document_type: found.profile.documentType,
      document: found.profile.document,
      contact_email: found.profile.contactEmail,
      phone: found.profile.phone,
      address: address(profileAddress),
      plan: found.plan && {
        name: found.plan.name,
        commission_percent: found.plan.commissionPercent,
      },
      calendar_feed_active: found.profile.icalTokenHash !== null,
    },
    bank_account: bank
      ? {
          bank_code: bank.bankCode,
          agency: bank.agency,
          account: bank.account,
          account_digit: bank.accountDigit,
          account_type: bank.accountType,
          holder_name: bank.holderName,
          holder_document: bank.holderDocument,
        }
      : null,
    pix_key: pix ? { key_type: pix.keyType, key: pix.key } : null,
    clinics: supply.clinics.map(({ clinic, address: place }) => ({
      uuid: clinic.uuid,
      name: clinic.name,
      description: clinic.description,
      email: clinic.email,
      timezone: clinic.timezone,
      address: address(place),
      created_at: at(clinic.createdAt, clinic.timezone),
      rooms: supply.rooms
        .filter((r) => r.clinicId === clinic.id)
        .map((r) => ({
          uuid: r.uuid,
          name: r.name,
          description: r.description,
          price_per_minute: r.pricePerMinute,
          active: r.active,
          created_at: at(r.createdAt, clinic.timezone),
        })),
    })),
  };
}

async function seriesSection(db: Executor, userId: number) {
  return (await repo.seriesOf(db, userId)).map(({ series, room, clinic }) => ({
    uuid: series.uuid,
    status: series.status,
    room,
    clinic: { uuid: clinic.uuid, name: clinic.name },
    first_starts_at: at(series.firstStartsAt, clinic.timezone),
    minutes: series.minutes,
    weeks: series.weeks,
    skipped_dates: series.skippedDates,
    payment_method: series.paymentMethod,
    created_at: at(series.createdAt, clinic.timezone),
    canceled_at: at(series.canceledAt, clinic.timezone),
  }));
}

async function waitlistSection(db: Executor, userId: number) {
  return (await repo.waitlistOf(db, userId)).map(({ entry, room, clinic }) => ({
    uuid: entry.uuid,
    status: entry.status,
    room,
    clinic: { uuid: clinic.uuid, name: clinic.name },
    from: at(entry.startsAt, clinic.timezone),
    to: at(entry.endsAt, clinic.timezone),
    created_at: at(entry.createdAt, clinic.timezone),
  }));
}

/** The mails written to the person, as they read them (text), without attachments. */
async function mailsSection(db: Executor, email: string) {
  return (await repo.mailsTo(db, email)).map((m) => ({
    uuid: m.uuid,
    subject: m.kind === 'message' ? m.subject : null,
    kind: m.kind,
    status: m.status,
    text: typeof m.payload.text === 'string' ? m.payload.text : null,
    created_at: at(m.createdAt),
    sent_at: at(m.sentAt),
  }));
}

export async function collectPersonalData(db: Executor, user: UserRow, now: Date): Promise<PersonalData> {
  const [profile, addresses, phones, cards, bookings, series, waitlist, mails, sessions] = await Promise.all([
    repo.specialistProfileOf(db, user.id),
    repo.addressesOf(db, user.id),
    repo.phoneContactsOf(db, user.id),
    repo.cardsOf(db, user.id),
    bookingsSection(db, user.id),
    seriesSection(db, user.id),
    waitlistSection(db, user.id),
    mailsSection(db, user.email),
    repo.sessionsOf(db, user.id),
  ]);
  const [audit, partner, photos, reviews] = await Promise.all([
    repo.auditEntriesAbout(db, user.id),
    partnerSection(db, user),
    repo.photosOf(db, user.id),
    reviewsWrittenBy(db, user.id),
  ]);
  const photoFiles = photos.map(({ photo, clinicUuid, roomUuid }) => {
    const type = photo.type as keyof typeof photoFolder;
    const owner = type === 'clinic' ? `${clinicUuid}/` : type === 'room' ? `${roomUuid}/` : '';
    return { photo, clinicUuid, roomUuid, path: `fotos/${photoFolder[type]}/${owner}${photo.uuid}.webp` };
  });
  const json: PersonalData['json'] = {
    about:
      'Seus dados no Salas (LGPD, art. 18). Datas com o fuso de cada uma: agendamentos, pagamentos, clínicas e salas no horário da clínica; o restante no horário de Brasília. Valores em centavos de real. As fotos estão na pasta "fotos" deste arquivo.',
    generated_at: at(now),
    account: {
      uuid: user.uuid,
      name: user.name,
      email: user.email,
      role: user.role,
      active: user.active,
      email_verified_at: at(user.emailVerifiedAt),
      // The choice of WhatsApp notices: the number consented for and when (null: mail only).
      whatsapp: { phone: user.whatsappPhone, opted_in_at: at(user.whatsappOptedInAt) },
      created_at: at(user.createdAt),
      updated_at: at(user.updatedAt),
    },
    specialist_profile: profile
      ? {
          cpf: profile.profile.cpf,
          birth_date: profile.profile.birthDate,
          phone: profile.profile.phone,
          profession: profile.profile.profession,
          council: profile.council,
          council_number: profile.profile.councilNumber,
          council_state: profile.profile.councilState,
          address: address(addresses.find((a) => a.id === profile.profile.addressId)),
        }
      : null,
    addresses: addresses.map(address),
    phone_contacts: phones.map(({ contact, clinicUuid }) => ({
      uuid: contact.uuid,
      country_code: contact.countryCode,
      area_code: contact.areaCode,
      number: contact.number,
      type: contact.type,
      clinic_uuid: clinicUuid,
    })),
    cards: cards.map((c) => ({
      uuid: c.uuid,
      brand: c.brand,
      last4: c.last4,
      exp_month: c.expMonth,
      exp_year: c.expYear,
      holder_name: c.holderName,
      is_default: c.isDefault,
      created_at: at(c.createdAt),
    })),
    bookings,
    series,
    waitlist,
    reviews,
    mails,
    sessions: sessions.map((t) => ({
      created_at: at(t.createdAt),
      last_used_at: at(t.lastUsedAt),
      revoked_at: at(t.revokedAt),
      ip: t.ip,
      user_agent: t.userAgent,
    })),
    audit_log: audit.map((e) => ({
      action: e.action,
      by: e.actorRole === 'owner' || e.actorRole === 'admin' ? 'operador' : null,
      details: e.details,
      created_at: at(e.createdAt),
    })),
    partner,
    photos: photoFiles.map((p) => ({
      uuid: p.photo.uuid,
      type: p.photo.type,
      clinic_uuid: p.clinicUuid,
      room_uuid: p.roomUuid,
      file: p.path,
      created_at: at(p.photo.createdAt),
    })),
  };
  return { json, photoFiles: photoFiles.map((p) => ({ storageKey: p.photo.storageKey, path: p.path })) };
}

/**
 * The whole domain of Salas, designed once (SPEC §3, DESIGN §5).
 * Internal keys are bigint identities; everything a client sees is the `uuid`.
 * Enumerations are text columns with CHECK constraints (easy to extend by migration).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const publicId = () => uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`);
const createdAt = () => tstz('created_at').notNull().defaultNow();
const updatedAt = () => tstz('updated_at').notNull().defaultNow();
const ref = (name: string) => bigint(name, { mode: 'number' });

/** The ranges every booking-rule column keeps (nullable on rooms: null = the clinic's). */
const bookingRuleChecks = (
  table: string,
  t: {
    slotMinutes: AnyPgColumn;
    minBookingMinutes: AnyPgColumn;
    bufferMinutes: AnyPgColumn;
    maxDaysAhead: AnyPgColumn;
    minNoticeMinutes: AnyPgColumn;
  },
) => [
  check(`${table}_slot_minutes_check`, sql`${t.slotMinutes} in (30, 60)`),
  check(`${table}_min_booking_check`, sql`${t.minBookingMinutes} between 0 and 720`),
  check(`${table}_buffer_check`, sql`${t.bufferMinutes} in (0, 15, 30)`),
  check(`${table}_days_ahead_check`, sql`${t.maxDaysAhead} between 1 and 365`),
  check(`${table}_notice_check`, sql`${t.minNoticeMinutes} between 0 and 10080`),
];

/** Lists quoted for CHECK constraints. */
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const roles = ['owner', 'admin', 'customer', 'partner'] as const;
export type Role = (typeof roles)[number];

export const appointmentStatuses = [
  'pending_payment',
  'confirmed',
  'canceled',
  'completed',
  'no_show',
  'expired',
] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
/** Statuses that hold a slot: the double-booking guard covers exactly these. */
export const slotHoldingStatuses = ['pending_payment', 'confirmed', 'completed', 'no_show'] as const;

export const bookingStatuses = ['pending_payment', 'confirmed', 'canceled', 'expired', 'failed'] as const;
export const paymentMethods = ['card', 'pix'] as const;
/** A booking is paid by card or Pix, or recorded by its partner for someone off the platform ('manual'). */
export const bookingMethods = [...paymentMethods, 'manual'] as const;
export const paymentStatuses = [
  'pending',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
  'expired',
  /** The customer opened a dispute at the provider (Mercado Pago `in_mediation`): money frozen. */
  'disputed',
  /** The card's issuer took the money back (Mercado Pago `charged_back`). */
  'charged_back',
] as const;
export const photoTypes = ['clinic', 'room', 'profile'] as const;
export const contactTypes = ['mobile', 'landline', 'whatsapp', 'commercial'] as const;
export const pixKeyTypes = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export const bankAccountTypes = ['checking', 'savings', 'payment'] as const;
export const documentTypes = ['cpf', 'cnpj'] as const;

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: id(),
    uuid: publicId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null until an operator-created account sets its password. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull(),
    active: boolean('active').notNull().default(true),
    emailVerifiedAt: tstz('email_verified_at'),
    /** Set when the person deleted their account (LGPD): the row stays, anonymized, for the records the law keeps. */
    deletedAt: tstz('deleted_at'),
    /**
     * WhatsApp notices (DESIGN §10): the number the person consented for, in international digits
     * (`55` + area code + 9-digit mobile), and when. Both null: mail only (the default).
     */
    whatsappPhone: text('whatsapp_phone'),
    whatsappOptedInAt: tstz('whatsapp_opted_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role, t.createdAt),
    check('users_role_check', sql`${t.role} in (${inList(roles)})`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    uuid: publicId(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull(),
    complement: text('complement'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    /** Folded once on write (accents and case), for search: see salas_fold (migration 0001). */
    neighborhoodFolded: text('neighborhood_folded').generatedAlwaysAs(sql`salas_fold(neighborhood)`),
    cityFolded: text('city_folded').generatedAlwaysAs(sql`salas_fold(city)`),
    state: text('state').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_owner_idx').on(t.ownerId),
    index('addresses_neighborhood_trgm_idx').using('gin', sql`${t.neighborhoodFolded} gin_trgm_ops`),
    index('addresses_city_trgm_idx').using('gin', sql`${t.cityFolded} gin_trgm_ops`),
    check('addresses_zip_check', sql`${t.zipCode} ~ '^[0-9]{8}$'`),
    check('addresses_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
  ],
);

export const clinics = pgTable(
  'clinics',
  {
    id: id(),
    uuid: publicId(),
    partnerId: ref('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameFolded: text('name_folded').generatedAlwaysAs(sql`salas_fold(name)`),
    description: text('description').notNull().default(''),
    email: text('email'),
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    addressId: ref('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    // Booking rules every room of the clinic follows unless it sets its own (decision 0023).
    slotMinutes: smallint('slot_minutes').notNull().default(60),
    minBookingMinutes: smallint('min_booking_minutes').notNull().default(0),
    bufferMinutes: smallint('buffer_minutes').notNull().default(0),
    maxDaysAhead: smallint('max_days_ahead').notNull().default(365),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    /** Where the clinic is (WGS 84 degrees); null until the address is geocoded or a pin is placed. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** 'pin': the partner placed it (it always wins); 'address': geocoded from the address. */
    locationSource: text('location_source').$type<'pin' | 'address'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clinics_partner_idx').on(t.partnerId),
    index('clinics_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    /** Box and distance search (DESIGN §10 "Where rooms are"): a plain btree both databases have. */
    index('clinics_location_idx').on(t.latitude, t.longitude).where(sql`${t.latitude} is not null`),
    check(
      'clinics_location_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null)
        and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))
        and (${t.locationSource} is null) = (${t.latitude} is null)
        and (${t.locationSource} is null or ${t.locationSource} in ('pin', 'address'))`,
    ),
    ...bookingRuleChecks('clinics', t),
  ],
);

export const phoneContacts = pgTable(
  'phone_contacts',
  {
    id: id(),
    uuid: publicId(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the number belongs to a clinic rather than to the person. */
    clinicId: ref('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull().default('55'),
    areaCode: text('area_code').notNull(),
    number: text('number').notNull(),
    type: text('type').notNull().default('mobile'),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_contacts_owner_idx').on(t.ownerId),
    index('phone_contacts_clinic_idx').on(t.clinicId),
    check('phone_contacts_type_check', sql`${t.type} in (${inList(contactTypes)})`),
    check('phone_contacts_digits_check', sql`${t.areaCode} ~ '^[0-9]{2}$' and ${t.number} ~ '^[0-9]{8,9}$'`),
  ],
);

/** Brazilian professional councils ("conselhos"), GET /api/health-advice. */
export const councils = pgTable('councils', {
  id: id(),
  uuid: publicId(),
  acronym: text('acronym').notNull().unique(),
  name: text('name').notNull(),
  profession: text('profession').notNull(),
});

export const plans = pgTable(
  'plans',
  {
    id: id(),
    uuid: publicId(),
    name: text('name').notNull().unique(),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull(),
    monthlyFeeCents: integer('monthly_fee_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_commission_check', sql`${t.commissionPercent} >= 0 and ${t.commissionPercent} <= 100`),
    check('plans_fee_check', sql`${t.monthlyFeeCents} >= 0`),
  ],
);

/** Specialist (role customer) data filled by completeData. */
export const specialistProfiles = pgTable(
  'specialist_profiles',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cpf: text('cpf').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    phone: text('phone').notNull(),
    profession: text('profession').notNull(),
    councilId: ref('council_id')
      .notNull()
      .references(() => councils.id),
    councilNumber: text('council_number').notNull(),
    councilState: text('council_state').notNull(),
    addressId: ref('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('specialist_profiles_cpf_key').on(t.cpf),
    check('specialist_profiles_cpf_check', sql`${t.cpf} ~ '^[0-9]{11}$'`),
  ],
);

export const partnerProfiles = pgTable(
  'partner_profiles',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalName: text('legal_name'),
    documentType: text('document_type'),
    document: text('document'),
    contactEmail: text('contact_email'),
    phone: text('phone'),
    addressId: ref('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    planId: ref('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    /** Hash of the secret in the partner's private iCal feed URL. */
    icalTokenHash: text('ical_token_hash'),
    /** A clinic that signed itself up waits for the operator ('pending') before its rooms can be published. */
    approval: text('approval').notNull().default('approved'),
    approvedAt: tstz('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'partner_profiles_document_check',
      sql`${t.document} is null or (${t.documentType} = 'cpf' and ${t.document} ~ '^[0-9]{11}$') or (${t.documentType} = 'cnpj' and ${t.document} ~ '^[0-9]{14}$')`,
    ),
    check('partner_profiles_approval_check', sql`${t.approval} in ('pending', 'approved', 'rejected')`),
  ],
);

export const partnerBankAccounts = pgTable(
  'partner_bank_accounts',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    agency: text('agency').notNull(),
    account: text('account').notNull(),
    accountDigit: text('account_digit').notNull(),
    accountType: text('account_type').notNull(),
    holderName: text('holder_name').notNull(),
    holderDocument: text('holder_document').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('partner_bank_accounts_type_check', sql`${t.accountType} in (${inList(bankAccountTypes)})`),
    check('partner_bank_accounts_bank_check', sql`${t.bankCode} ~ '^[0-9]{3}$'`),
  ],
);

export const partnerPixKeys = pgTable(
  'partner_pix_keys',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyType: text('key_type').notNull(),
    key: text('key').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('partner_pix_keys_type_check', sql`${t.keyType} in (${inList(pixKeyTypes)})`)],
);

/**
 * A partner's own Mercado Pago account, connected by OAuth (DESIGN §9 "Partners connect Mercado
 * Pago"): its rooms are charged there, with the commission as the marketplace fee. Tokens are
 * encrypted at rest (AES-256-GCM, key from the environment) and never leave the server.
 */
export const partnerPaymentAccounts = pgTable('partner_payment_accounts', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** The seller's account id at the provider (Mercado Pago `user_id`). */
  accountId: text('account_id').notNull(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  /** The seller's public key, for card tokens made on its account when the provider needs one. */
  publicKey: text('public_key'),
  expiresAt: tstz('expires_at'),
  connectedAt: tstz('connected_at').notNull().defaultNow(),
  updatedAt: updatedAt(),
});

/** Single-use OAuth `state`s, bound to the partner who asked, with the PKCE verifier (encrypted). */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state sent to the provider (the state itself is never stored). */
    stateHash: text('state_hash').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifierEnc: text('code_verifier_enc'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_user_idx').on(t.userId)],
);

export const payoutStatuses = ['pending', 'paid', 'canceled'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * Money the operator sends a partner not connected to the provider (DESIGN §9 "Statements and
 * payouts"): everything available when it was created, line by line; paid with its proof, or
 * canceled (its lines become available again).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    uuid: publicId(),
    partnerId: ref('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    /** The proof: a Pix end-to-end id or a bank receipt number. */
    reference: text('reference'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: tstz('paid_at'),
    canceledAt: tstz('canceled_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_partner_idx').on(t.partnerId, t.createdAt),
    check('payouts_status_check', sql`${t.status} in (${inList(payoutStatuses)})`),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The lines of a payout: per appointment, the part of its net paid here (negative when a refund
 * after an earlier payout takes money back). A line counts while its payout is pending or paid.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: id(),
    payoutId: ref('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    appointmentId: ref('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    uniqueIndex('payout_items_once_key').on(t.payoutId, t.appointmentId),
    index('payout_items_appointment_idx').on(t.appointmentId),
    check('payout_items_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

// ---------------------------------------------------------------- supply

export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    uuid: publicId(),
    clinicId: ref('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameFolded: text('name_folded').generatedAlwaysAs(sql`salas_fold(name)`),
    description: text('description').notNull().default(''),
    /** BRL per minute, up to 4 decimal places; an hour costs round(ppm * 60 * 100) centavos. */
    pricePerMinute: numeric('price_per_minute', { precision: 12, scale: 4 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** 1 = pinned by the operator (first in search), 0 = not pinned. */
    fixed: smallint('fixed').notNull().default(0),
    // The room's own booking rules; null = its clinic's (decision 0023).
    slotMinutes: smallint('slot_minutes'),
    minBookingMinutes: smallint('min_booking_minutes'),
    bufferMinutes: smallint('buffer_minutes'),
    maxDaysAhead: smallint('max_days_ahead'),
    minNoticeMinutes: integer('min_notice_minutes'),
    /** A draft is the partner's alone until published (issue 31); rooms from before drafts are published. */
    published: boolean('published').notNull().default(true),
    publishedAt: tstz('published_at'),
    /** The visible reviews' count and sum of ratings, kept with each review written or hidden. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rooms_clinic_idx').on(t.clinicId),
    check(
      'rooms_rating_check',
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`,
    ),
    index('rooms_listing_idx').on(t.fixed, t.name),
    index('rooms_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    check('rooms_price_check', sql`${t.pricePerMinute} > 0`),
    check('rooms_fixed_check', sql`${t.fixed} in (0, 1)`),
    ...bookingRuleChecks('rooms', t),
  ],
);

export const facilities = pgTable(
  'facilities',
  {
    id: id(),
    uuid: publicId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('facilities_name_lower_key').on(sql`lower(${t.name})`)],
);

export const roomFacilities = pgTable(
  'room_facilities',
  {
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    facilityId: ref('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.facilityId] }),
    index('room_facilities_facility_idx').on(t.facilityId),
  ],
);

const hoursColumns = {
  id: id(),
  /** 0 = domingo ... 6 = sábado. */
  weekday: smallint('weekday').notNull(),
  opensAt: time('opens_at').notNull(),
  closesAt: time('closes_at').notNull(),
};

export const clinicOpeningHours = pgTable(
  'clinic_opening_hours',
  {
    ...hoursColumns,
    clinicId: ref('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('clinic_opening_hours_clinic_idx').on(t.clinicId, t.weekday),
    check('clinic_opening_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('clinic_opening_hours_range_check', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/** When a room has any, they replace its clinic's opening hours. */
export const roomOperatingHours = pgTable(
  'room_operating_hours',
  {
    ...hoursColumns,
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('room_operating_hours_room_idx').on(t.roomId, t.weekday),
    check('room_operating_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('room_operating_hours_range_check', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

export const blockedSchedules = pgTable(
  'blocked_schedules',
  {
    id: id(),
    uuid: publicId(),
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    reason: text('reason'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('blocked_schedules_room_idx').on(t.roomId, t.startsAt),
    check('blocked_schedules_range_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: id(),
    uuid: publicId(),
    type: text('type').notNull(),
    clinicId: ref('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    roomId: ref('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Key of the original re-encoded file in the storage adapter; sizes derive from it. */
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    isCover: boolean('is_cover').notNull().default(false),
    position: integer('position').notNull().default(0),
    uploadedBy: ref('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_clinic_idx').on(t.clinicId, t.position),
    index('photos_room_idx').on(t.roomId, t.position),
    index('photos_user_idx').on(t.userId),
    check('photos_type_check', sql`${t.type} in (${inList(photoTypes)})`),
    check(
      'photos_owner_check',
      sql`(${t.type} = 'clinic' and ${t.clinicId} is not null and ${t.roomId} is null and ${t.userId} is null)
       or (${t.type} = 'room' and ${t.roomId} is not null and ${t.clinicId} is null and ${t.userId} is null)
       or (${t.type} = 'profile' and ${t.userId} is not null and ${t.clinicId} is null and ${t.roomId} is null)`,
    ),
  ],
);

// ---------------------------------------------------------------- bookings and money

export const cards = pgTable(
  'cards',
  {
    id: id(),
    uuid: publicId(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The payment provider's token; the card number is never stored. */
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('cards_user_idx').on(t.userId),
    uniqueIndex('cards_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
    check('cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('cards_exp_check', sql`${t.expMonth} between 1 and 12`),
  ],
);

export const seriesStatuses = ['active', 'canceled'] as const;

/**
 * A "horário fixo" (decision 0024): the same room, weekday and hours every week, from a first
 * occurrence, for `weeks` weeks or (null) until canceled. Each calendar month of it is one booking
 * (bookings.series_id) paid on its own: the first at once, the others on `charge_at`.
 */
export const series = pgTable(
  'series',
  {
    id: id(),
    uuid: publicId(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    /** The first occurrence's start; the others fall on the same weekday and wall-clock time. */
    firstStartsAt: tstz('first_starts_at').notNull(),
    /** Minutes each occurrence lasts (a multiple of the room's grid). */
    minutes: smallint('minutes').notNull(),
    /** Weeks in all; null = until canceled. */
    weeks: smallint('weeks'),
    /** Dates (clinic's zone) left out: taken when booked, or skipped later. */
    skippedDates: date('skipped_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    paymentMethod: text('payment_method').notNull(),
    cardId: ref('card_id').references(() => cards.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    canceledAt: tstz('canceled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('series_customer_idx').on(t.customerId),
    check('series_status_check', sql`${t.status} in (${inList(seriesStatuses)})`),
    check('series_method_check', sql`${t.paymentMethod} in (${inList(paymentMethods)})`),
    check('series_weeks_check', sql`${t.weeks} is null or ${t.weeks} between 1 and 52`),
  ],
);

/** An order: one or more appointments paid by one payment. */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    uuid: publicId(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** End of the Pix hold; null for card bookings. */
    holdExpiresAt: tstz('hold_expires_at'),
    /** The horário fixo this month belongs to (decision 0024). */
    seriesId: ref('series_id').references(() => series.id, { onDelete: 'restrict' }),
    /** A later month of a series: when its charge is (next) tried; null once paid or ended. */
    chargeAt: tstz('charge_at'),
    /** Charges tried for this month (a refused card is tried again the next day, until the hold ends). */
    chargeAttempts: smallint('charge_attempts').notNull().default(0),
    /** A booking the partner recorded for someone off the platform (method 'manual'): who, and a note. */
    outsideName: text('outside_name'),
    outsideEmail: text('outside_email'),
    note: text('note'),
    /** When its specialist was invited to review the room (once, after its last hour ended). */
    reviewInvitedAt: tstz('review_invited_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_customer_idx').on(t.customerId, t.createdAt),
    index('bookings_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending_payment'`),
    /** Holds that ended lately, whatever became of them: the read-back job of open charges. */
    index('bookings_hold_ended_idx').on(t.holdExpiresAt),
    index('bookings_series_idx').on(t.seriesId),
    index('bookings_charge_idx').on(t.chargeAt).where(sql`${t.chargeAt} is not null`),
    check('bookings_status_check', sql`${t.status} in (${inList(bookingStatuses)})`),
    check('bookings_method_check', sql`${t.paymentMethod} in (${inList(bookingMethods)})`),
    check('bookings_outside_check', sql`(${t.paymentMethod} = 'manual') = (${t.outsideName} is not null)`),
    check('bookings_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export const waitlistStatuses = ['waiting', 'offered', 'booked', 'left', 'expired'] as const;

/**
 * A person waiting for a room's time to free up (decision 0025): a taken slot, or any time of a
 * day range. When held time inside it is released, the first in line (created_at) gets it held for
 * 15 minutes (`offer_booking_id`, a booking of theirs awaiting payment), then the next.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    uuid: publicId(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    status: text('status').notNull().default('waiting'),
    offerBookingId: ref('offer_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    offerExpiresAt: tstz('offer_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_room_idx').on(t.roomId, t.status, t.createdAt),
    index('waitlist_customer_idx').on(t.customerId),
    check('waitlist_status_check', sql`${t.status} in (${inList(waitlistStatuses)})`),
    check('waitlist_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One slot of one room (30 or 60 minutes, the room's grid), holding its time — and, the last slot
 * of a booked stretch, the room's buffer after it. Double booking is refused by the exclusion
 * constraint `appointments_room_time_excl` (migration 0006, not expressible here): no two holding
 * appointments of a room overlap over [starts_at, ends_at + buffer_minutes).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    uuid: publicId(),
    bookingId: ref('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    customerId: ref('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull(),
    priceCents: integer('price_cents').notNull(),
    refundCents: integer('refund_cents').notNull().default(0),
    canceledAt: tstz('canceled_at'),
    canceledBy: ref('canceled_by').references(() => users.id, { onDelete: 'set null' }),
    reminderSentAt: tstz('reminder_sent_at'),
    /** When the "starts soon" notice (WhatsApp, hours before) was claimed for this hour. */
    soonNoticeSentAt: tstz('soon_notice_sent_at'),
    /** Minutes after the end kept free for cleaning (last slot of a stretch), as the rule was when booked. */
    bufferMinutes: smallint('buffer_minutes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_room_time_idx').on(t.roomId, t.startsAt),
    /** The held hours of a room's day, for availability and search (small: holding statuses only). */
    index('appointments_room_held_idx')
      .on(t.roomId, t.startsAt)
      .where(sql`${t.status} in (${inList(slotHoldingStatuses)})`),
    index('appointments_customer_idx').on(t.customerId, t.startsAt),
    index('appointments_booking_idx').on(t.bookingId),
    index('appointments_time_idx').on(t.startsAt),
    check('appointments_status_check', sql`${t.status} in (${inList(appointmentStatuses)})`),
    check(
      'appointments_length_check',
      sql`${t.endsAt} - ${t.startsAt} in (interval '30 minutes', interval '1 hour')`,
    ),
    check('appointments_buffer_check', sql`${t.bufferMinutes} in (0, 15, 30)`),
    check(
      'appointments_price_check',
      sql`${t.priceCents} >= 0 and ${t.refundCents} between 0 and ${t.priceCents}`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    uuid: publicId(),
    bookingId: ref('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    method: text('method').notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    cardId: ref('card_id').references(() => cards.id, { onDelete: 'set null' }),
    pixCopyPaste: text('pix_copy_paste'),
    pixExpiresAt: tstz('pix_expires_at'),
    /** When the "Pix about to expire" notice was claimed for this payment (once). */
    pixExpiryNoticeAt: tstz('pix_expiry_notice_at'),
    paidAt: tstz('paid_at'),
    /**
     * The split of what was kept (DESIGN §9 "Every payment split in the ledger"), kept up to date
     * by the lifecycle with every change of the payment: `gross_cents` is what was captured (0
     * until then), `fee_cents` the plan's commission of what was kept at `fee_percent` (the plan
     * in force when the money arrived), `net_cents = gross − refunded − fee` the partner's share,
     * `provider_fee_cents` the provider's own fee when it reports one.
     */
    grossCents: integer('gross_cents').notNull().default(0),
    feePercent: numeric('fee_percent', { precision: 5, scale: 2 }),
    feeCents: integer('fee_cents').notNull().default(0),
    netCents: integer('net_cents').notNull().default(0),
    providerFeeCents: integer('provider_fee_cents'),
    /**
     * Where the money went (DESIGN §9): `payout`, the platform's account (the partner is paid by a
     * payout), or `split`, the partner's own provider account (the commission taken as the
     * marketplace fee at the payment).
     */
    settlement: text('settlement').$type<'split' | 'payout'>().notNull().default('payout'),
    /** The partner's account at the provider, for a split payment (refunds go through it). */
    collectorAccountId: text('collector_account_id'),
    /** When the charge was last read back from the provider by the reconciliation job. */
    providerCheckedAt: tstz('provider_checked_at'),
    /**
     * When we last asked the provider to capture or open this charge, written (and committed)
     * before the call: a process that dies between the provider's capture and our write leaves a
     * payment with an attempt and no `provider_ref`, which the reconciliation job looks up at the
     * provider by our reference (DESIGN §10 "Staying up").
     */
    chargeStartedAt: tstz('charge_started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    check('payments_method_check', sql`${t.method} in (${inList(paymentMethods)})`),
    check('payments_status_check', sql`${t.status} in (${inList(paymentStatuses)})`),
    check('payments_refund_check', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('payments_settlement_check', sql`${t.settlement} in ('split', 'payout')`),
    /** The disputes the operator's dashboard lists. */
    index('payments_dispute_idx').on(t.updatedAt).where(sql`${t.status} in ('disputed', 'charged_back')`),
  ],
);

export const paymentEventSources = ['webhook', 'read_back', 'daily', 'simulated'] as const;
export type PaymentEventSource = (typeof paymentEventSources)[number];

/**
 * Provider events already applied (idempotency by event id), with where they came from and whether
 * they changed our books: the daily comparison's changes are the differences the operator sees.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    paymentId: ref('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    source: text('source').$type<PaymentEventSource>().notNull().default('webhook'),
    changed: boolean('changed').notNull().default(false),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_events_source_check', sql`${t.source} in (${inList(paymentEventSources)})`),
    index('payment_events_changed_idx').on(t.receivedAt).where(sql`${t.changed}`),
  ],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const refundReasons = [
  'customer_cancel',
  'partner_cancel',
  'operator_cancel',
  'late_payment',
  'provider',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * Money going back (DESIGN §8): written in the transaction that cancels, sent to the provider after
 * the commit with its `uuid` as idempotency key, retried by a job until the provider answers.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    uuid: publicId(),
    paymentId: ref('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** When the operators were told this refund is still pending after a day. */
    reportedAt: tstz('reported_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('refunds_status_check', sql`${t.status} in (${inList(refundStatuses)})`),
    check('refunds_reason_check', sql`${t.reason} in (${inList(refundReasons)})`),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The built-in sandbox gateway's own books (what a real provider keeps on its side): charges with
 * what was captured and refunded, and refunds by idempotency key. Only the sandbox provider writes
 * here; with another provider these tables stay empty.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  ref: text('ref').primaryKey(),
  capturedCents: integer('captured_cents').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: createdAt(),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  chargeRef: text('charge_ref')
    .notNull()
    .references(() => sandboxCharges.ref, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- auth and security

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** First step of the two-step sign-in: a mailed code bound to this challenge. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    uuid: publicId(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: tstz('consumed_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId, t.createdAt)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.createdAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server process (throttling). */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  windowStart: tstz('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Operator actions on someone else's data. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: ref('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: ref('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetUserId, t.createdAt)],
);

/**
 * What happened, as the notifications module reads it (STYLE 17): one row per event, written in the
 * transaction of the move that caused it, with the ids it is about in `payload`. Each message it
 * makes (an outbox row per recipient and channel) points back at its event.
 */
export const notificationEventKinds = [
  'booking_confirmed',
  'pix_pending',
  'late_payment_refunded',
  'hours_canceled',
  'series_charge_refused',
  'payment_dispute',
  'refunds_stuck',
  'waitlist_offer',
  'outside_booking_recorded',
  'payout_paid',
  'reminder_due',
  'booking_soon',
  'pix_expiring',
  'review_invitation',
] as const;
export type NotificationEventKind = (typeof notificationEventKinds)[number];

export const notificationEvents = pgTable(
  'notification_events',
  {
    id: id(),
    kind: text('kind').$type<NotificationEventKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_events_created_idx').on(t.createdAt),
    check('notification_events_kind_check', sql`${t.kind} in (${inList(notificationEventKinds)})`),
  ],
);

/** How a message reaches its person; each outbox row is one message on one channel. */
export const messageChannels = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

export const mailKinds = ['message', 'password_reset', 'verification_code'] as const;
export type MailKind = (typeof mailKinds)[number];
export const mailStatuses = ['pending', 'sent', 'failed', 'skipped'] as const;
export type MailStatus = (typeof mailStatuses)[number];
/** What WhatsApp's status webhooks said of a sent message (Meta's `statuses[].status`). */
export const deliveryStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The mail outbox (DESIGN §8): every mail is a row written in the transaction that causes it and
 * sent by a job. `message` rows carry the rendered mail; `password_reset` and `verification_code`
 * rows are requests the job turns into a mail (or skips when the account does not qualify), so an
 * answer costs the same whether or not the e-mail has an account.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    uuid: publicId(),
    kind: text('kind').$type<MailKind>().notNull().default('message'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    /** `message`: { text, html, attachments: [{ filename, contentType, base64 }] }. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    /**
     * The mail's Message-ID (`<random@domain>`), chosen once and reused by every attempt, so a
     * resend is the same message to the receiver and no two installations share one (DESIGN §10).
     */
    messageId: text('message_id'),
    /** The channel the row goes out on (only e-mail for now). */
    channel: text('channel').$type<MessageChannel>().notNull().default('email'),
    /** The event the message tells of; none for account mails and rows written before events. */
    eventId: ref('event_id').references(() => notificationEvents.id, { onDelete: 'set null' }),
    /** The provider's id of the sent message (WhatsApp's `wamid`), to match its status webhooks. */
    providerMessageId: text('provider_message_id'),
    /** The last delivery status the provider reported (WhatsApp), and when. */
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>(),
    deliveryUpdatedAt: tstz('delivery_updated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_key').on(t.messageId),
    index('mail_outbox_event_idx').on(t.eventId),
    uniqueIndex('mail_outbox_provider_message_key').on(t.providerMessageId),
    check(
      'mail_outbox_delivery_status_check',
      sql`${t.deliveryStatus} is null or ${t.deliveryStatus} in (${inList(deliveryStatuses)})`,
    ),
    check('mail_outbox_channel_check', sql`${t.channel} in (${inList(messageChannels)})`),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    check('mail_outbox_status_check', sql`${t.status} in (${inList(mailStatuses)})`),
    check('mail_outbox_kind_check', sql`${t.kind} in (${inList(mailKinds)})`),
  ],
);

/**
 * Messages WhatsApp delivered to the product's number (webhook `messages[]`), kept by their `wamid`
 * so a webhook Meta delivers twice acts once.
 */
export const whatsappInbound = pgTable('whatsapp_inbound', {
  id: id(),
  wamid: text('wamid').notNull().unique(),
  fromPhone: text('from_phone').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * A specialist's rating of a room after a booking (DESIGN §10 "Reviews"): one per booking, written
 * once; the room's partner may reply once; the operator may hide it with a reason. Nothing edits or
 * deletes one otherwise.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    uuid: publicId(),
    bookingId: ref('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    roomId: ref('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    customerId: ref('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    replyText: text('reply_text'),
    repliedAt: tstz('replied_at'),
    hiddenAt: tstz('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: ref('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_room_idx').on(t.roomId, t.createdAt).where(sql`${t.hiddenAt} is null`),
    index('reviews_customer_idx').on(t.customerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_reply_check', sql`(${t.replyText} is null) = (${t.repliedAt} is null)`),
    check('reviews_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/** Addresses the geocoder answered (a miss too: `latitude` null), so one address is asked once. */
export const geocodeCache = pgTable('geocode_cache', {
  /** The address as asked, folded (salas_fold of street, number, neighbourhood, city, state, CEP). */
  query: text('query').primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  createdAt: createdAt(),
});

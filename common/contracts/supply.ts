/**
 * Partners' supply (SPEC §7 Clinics, Rooms, Opening hours and blocking, Facilities, Address and
 * contact; DESIGN §4 "More shapes"). Shared by the Fastify routes and the web forms.
 */
import { z } from 'zod';
import { onlyDigits } from '../br/documents.ts';
import { publishItems } from '../domain/room-publishing.ts';
import { contactTypes } from '../domain/supply.ts';
import { hourPriceCents, MIN_HOUR_PRICE_CENTS } from '../money.ts';
import { marketInstant } from './dates.ts';
import { multiLine, singleLine } from './text.ts';

// The plain values beside the schemas (messages, labels, enums), for the server's imports.
export * from '../domain/room-publishing.ts';
export * from '../domain/supply.ts';

import { addressInput, addressSchema } from './auth.ts';

export const uuidParam = (message = 'Recurso não encontrado.') => z.uuid({ message });

// ---------------------------------------------------------------- hours

const timeOfDay = z
  .string({ message: 'Informe o horário.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use o formato HH:mm (por exemplo 08:00).');

export const hourRange = z
  .object({
    weekday: z
      .number({ message: 'Informe o dia da semana.' })
      .int()
      .min(0, 'Dia inválido.')
      .max(6, 'Dia inválido.'),
    opens_at: timeOfDay,
    closes_at: timeOfDay,
  })
  .refine((h) => h.opens_at < h.closes_at, {
    message: 'O horário de fechamento deve ser depois do de abertura.',
    path: ['closes_at'],
  });
export type HourRange = z.infer<typeof hourRange>;

/** Replaces the whole week; one or more ranges per day, not overlapping. */
export const weekHoursBody = z.object({
  hours: z
    .array(hourRange, { message: 'Informe os horários.' })
    .max(50, 'Horários demais.')
    .refine(
      (list) =>
        list.every((a, i) =>
          list.every(
            (b, j) =>
              i === j || a.weekday !== b.weekday || a.closes_at <= b.opens_at || b.closes_at <= a.opens_at,
          ),
        ),
      'Há horários sobrepostos no mesmo dia.',
    ),
});
export type WeekHoursBody = z.infer<typeof weekHoursBody>;
export const weekHoursResponse = z.object({ data: z.array(hourRange) });

// ---------------------------------------------------------------- address and contact

export const addressBody = addressInput.extend({
  /** Attach the address to this clinic of the signed-in partner. */
  clinic_uuid: z.uuid({ message: 'Clínica não encontrada.' }).optional(),
});
export type AddressBody = z.infer<typeof addressBody>;
export const addressResponse = z.object({ data: addressSchema });

export const contactBody = z.object({
  country_code: z
    .string()
    .transform(onlyDigits)
    .pipe(z.string().regex(/^\d{1,3}$/, 'DDI inválido.'))
    .default('55'),
  area_code: z
    .string({ message: 'Informe o DDD.' })
    .transform(onlyDigits)
    .pipe(z.string().regex(/^[1-9]\d$/, 'DDD inválido.')),
  number: z
    .string({ message: 'Informe o número.' })
    .transform(onlyDigits)
    .pipe(z.string().regex(/^\d{8,9}$/, 'Número inválido: 8 ou 9 dígitos.')),
  type: z.enum(contactTypes, { message: 'Tipo de telefone inválido.' }).default('commercial'),
  clinic_uuid: z.uuid({ message: 'Clínica não encontrada.' }).optional(),
});
export type ContactBody = z.input<typeof contactBody>;
export const contactSchema = z.object({
  uuid: z.uuid(),
  country_code: z.string(),
  area_code: z.string(),
  number: z.string(),
  type: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactResponse = z.object({ data: contactSchema });

// ---------------------------------------------------------------- photos

export const photoSchema = z.object({ uuid: z.uuid(), url: z.string(), is_cover: z.boolean() });
export type Photo = z.infer<typeof photoSchema>;
export const photoListResponse = z.object({ data: z.array(photoSchema) });

// ---------------------------------------------------------------- clinics

const timezones = Intl.supportedValuesOf('timeZone');

export const clinicBody = z
  .object({
    name: singleLine(
      z
        .string({ message: 'Informe o nome.' })
        .trim()
        .min(2, 'Informe o nome da clínica.')
        .max(120, 'Nome longo demais.'),
    ),
    description: multiLine(z.string().trim().max(2000, 'Descrição longa demais.')).default(''),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.union([z.literal(''), z.email({ message: 'Informe um e-mail válido.' })]))
      .transform((v) => v || null)
      .nullish(),
    timezone: z
      .string()
      .refine((tz) => timezones.includes(tz) || tz === 'UTC', 'Fuso horário inválido.')
      .default('America/Sao_Paulo'),
    /**
     * The pin the partner placed (both, WGS 84 degrees): it wins over the address's geocoding.
     * Both null take the pin away (the address is geocoded again); absent leaves the place as it is.
     */
    latitude: z
      .number({ message: 'Latitude inválida.' })
      .min(-90, 'Latitude inválida.')
      .max(90, 'Latitude inválida.')
      .nullish(),
    longitude: z
      .number({ message: 'Longitude inválida.' })
      .min(-180, 'Longitude inválida.')
      .max(180, 'Longitude inválida.')
      .nullish(),
  })
  .refine(
    (b) =>
      (b.latitude === undefined) === (b.longitude === undefined) &&
      (b.latitude === null) === (b.longitude === null),
    {
      message: 'Informe latitude e longitude juntas.',
      path: ['latitude'],
    },
  );
export type ClinicBody = z.input<typeof clinicBody>;

export const clinicSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  email: z.string().nullable(),
  timezone: z.string(),
  address: addressSchema.nullable(),
  phones: z.array(contactSchema),
  photos: z.array(photoSchema),
  rooms_count: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** 'pin': placed by the partner; 'address': geocoded from the address; null: not placed yet. */
  location_source: z.enum(['pin', 'address']).nullable(),
});
export type Clinic = z.infer<typeof clinicSchema>;
export const clinicResponse = z.object({ data: clinicSchema });
export const clinicListResponse = z.object({ data: z.array(clinicSchema) });

// ---------------------------------------------------------------- facilities

export const facilitySchema = z.object({ uuid: z.uuid(), name: z.string() });
export type Facility = z.infer<typeof facilitySchema>;
export const facilityListResponse = z.object({ data: z.array(facilitySchema) });

// ---------------------------------------------------------------- rooms

export const priceMessages = {
  positive: 'O preço deve ser maior que zero.',
  maximum: 'O preço pode ser no máximo R$ 100,00 por minuto.',
  /** MIN_HOUR_PRICE_CENTS in words. */
  minimum: 'O preço mínimo é R$ 2,00 por hora (R$ 1,00 a meia hora).',
} as const;

/**
 * Up to 4 decimal places, at most R$ 100/min, and an hour of at least MIN_HOUR_PRICE_CENTS: no
 * slot a specialist can book is charged under R$ 1,00 (decision 0030).
 */
export const pricePerMinute = z
  .union([z.string(), z.number()], { message: 'Informe o preço.' })
  .transform((v) => String(v).trim().replace(',', '.'))
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, 'Preço inválido: use até 4 casas decimais.')
      .refine((v) => Number(v) > 0, priceMessages.positive)
      .refine((v) => Number(v) <= 100, priceMessages.maximum)
      .refine((v) => !(Number(v) > 0) || hourPriceCents(v) >= MIN_HOUR_PRICE_CENTS, priceMessages.minimum),
  );

export const roomBody = z.object({
  name: singleLine(
    z
      .string({ message: 'Informe o nome.' })
      .trim()
      .min(2, 'Informe o nome da sala.')
      .max(120, 'Nome longo demais.'),
  ),
  description: multiLine(z.string().trim().max(2000, 'Descrição longa demais.')).default(''),
  price_per_minute: pricePerMinute,
  active: z.boolean().default(true),
  /** The room's facilities, all at once (the editor's one "Salvar", decision 0038); absent keeps them. */
  facilities: z
    .array(z.uuid({ message: 'Diferencial não encontrado.' }), { message: 'Informe os diferenciais.' })
    .max(100, 'Diferenciais demais.')
    .optional(),
});
export type RoomBody = z.input<typeof roomBody>;

/** One line of a room's publishing checklist (decision 0038). */
export const publishCheckSchema = z.object({
  item: z.enum(publishItems),
  done: z.boolean(),
  label: z.string(),
});
export type PublishCheck = z.infer<typeof publishCheckSchema>;

export const roomSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  price_per_minute: z.string(),
  hour_price_cents: z.number().int(),
  active: z.boolean(),
  fixed: z.number().int(),
  clinic: z.object({ uuid: z.uuid(), name: z.string(), timezone: z.string() }),
  facilities: z.array(facilitySchema),
  photos: z.array(photoSchema),
  operating_hours: z.array(hourRange),
  /** A draft (false) is the partner's alone: out of search, its page and booking (decision 0038). */
  published: z.boolean(),
  published_at: z.string().nullable(),
  /** What publishing asks for, and whether each is done. */
  checklist: z.array(publishCheckSchema),
});
export type Room = z.infer<typeof roomSchema>;
export const roomResponse = z.object({ data: roomSchema });
export const roomListResponse = z.object({ data: z.array(roomSchema) });

/**
 * 422 of `POST /api/partner/room/{uuid}/publish`: what is still missing (`code` and `missing` absent
 * when the request itself was malformed — the usual 422 of DESIGN §4).
 */
export const publishRefusalResponse = z.object({
  message: z.string(),
  code: z.enum(['room_incomplete', 'partner_not_approved']).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  missing: z.array(z.object({ item: z.enum(publishItems), message: z.string() })).optional(),
});
export type PublishRefusal = z.infer<typeof publishRefusalResponse>;

// ---------------------------------------------------------------- blocked schedules

const instant = marketInstant();

export const bulkBlockingBody = z
  .object({
    room_uuid: z
      .array(z.uuid({ message: 'Sala não encontrada.' }), { message: 'Escolha as salas.' })
      .min(1, 'Escolha pelo menos uma sala.')
      .max(100, 'Salas demais de uma vez.'),
    starts_at: instant,
    ends_at: instant,
    reason: z.string().trim().max(200, 'Motivo longo demais.').nullish(),
    /**
     * Over held hours (DESIGN §9): absent → 409 listing them; `skip` blocks only the free parts;
     * `cancel` cancels those bookings with a full refund and blocks it all.
     */
    on_conflict: z
      .enum(['skip', 'cancel'], {
        message: 'Escolha bloquear só os horários livres ou cancelar as reservas.',
      })
      .optional(),
  })
  .refine((b) => new Date(b.starts_at) < new Date(b.ends_at), {
    message: 'O fim do bloqueio deve ser depois do início.',
    path: ['ends_at'],
  })
  .refine((b) => new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime() <= 366 * 86_400_000, {
    message: 'Um bloqueio pode durar no máximo um ano.',
    path: ['ends_at'],
  });
export type BulkBlockingBody = z.infer<typeof bulkBlockingBody>;

/**
 * The 409 of a block over held hours (DESIGN §9), each with who holds it (`customer_name`: the
 * specialist, or the person of an outside booking; added to §9's shape for the room's partner).
 */
export const blockConflictResponse = z.object({
  message: z.string(),
  code: z.literal('conflicts'),
  conflicts: z.array(
    z.object({
      appointment_uuid: z.uuid(),
      room_uuid: z.uuid(),
      date_time: z.string(),
      customer_name: z.string(),
    }),
  ),
});
export type BlockConflict = z.infer<typeof blockConflictResponse>;

export const blockMessages = {
  conflicts: (n: number) =>
    n === 1
      ? 'Há 1 reserva nesse horário: bloqueie só os horários livres ou cancele a reserva com reembolso total.'
      : `Há ${n} reservas nesse horário: bloqueie só os horários livres ou cancele as reservas com reembolso total.`,
} as const;

export const blockSchema = z.object({
  uuid: z.uuid(),
  room_uuid: z.uuid(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string().nullable(),
});
export type Block = z.infer<typeof blockSchema>;
export const blockListResponse = z.object({ data: z.array(blockSchema) });

// ---------------------------------------------------------------- availability

export const slotSchema = z.object({ date_time: z.string(), available: z.boolean() });
export const availabilityResponse = z.object({
  data: z.object({ date: z.string(), slots: z.array(slotSchema) }),
});
export type Availability = z.infer<typeof availabilityResponse>['data'];

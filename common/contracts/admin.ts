/** The operator's back office (SPEC §7 "fusion" calls; DESIGN §4 operator shapes). */
import { z } from 'zod';
import { isValidCnpj, isValidCpf, onlyDigits } from '../br/documents.ts';
import { partnerAppointmentSchema } from './booking.ts';
import { marketDate } from './dates.ts';
import { formNumber } from './form-number.ts';
import { partnerApprovals } from './partner.ts';
import { pageMeta, pageQuery } from './rooms.ts';
import { seriesSchema } from './series.ts';
import { multiLine, singleLine } from './text.ts';
import { waitlistEntrySchema } from './waitlist.ts';

export const adminMessages = {
  emailTaken: 'Email existente',
  partnerEmailTaken: 'Email já existe no sistema',
  saveFailed: 'Erro ao salvar informações',
  updated: 'Informações Atualizadas com Sucesso!',
  exported: 'Arquivo exportado com sucesso',
  exportFailed: 'Erro ao exportar arquivo',
  financeFailed: 'Erro ao exportar finanças',
  notSelf: 'Você não pode desativar a sua própria conta.',
  notOwner: 'Somente o proprietário pode desativar outro operador.',
  facilityTaken: 'Já existe um diferencial com esse nome.',
  planTaken: 'Já existe um plano com esse nome.',
} as const;

const isoDate = marketDate();
const name = singleLine(
  z.string({ message: 'Informe o nome.' }).trim().min(3, 'Informe o nome completo.').max(120),
);
const legalName = singleLine(z.string().trim().max(200)).nullish();
const email = z
  .string({ message: 'Informe o e-mail.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Informe um e-mail válido.' }));
const binary = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
  message: 'Use 0 ou 1.',
});

/** A date range, both ends included, at most about two years. */
export const dateRangeBody = z
  .object({ dateInit: isoDate, dateEnd: isoDate })
  .refine((v) => v.dateInit <= v.dateEnd, {
    message: 'A data final vem antes da inicial.',
    path: ['dateEnd'],
  })
  .refine((v) => Date.parse(v.dateEnd) - Date.parse(v.dateInit) <= 800 * 86_400_000, {
    message: 'Escolha um período de até dois anos.',
    path: ['dateEnd'],
  });
export type DateRange = z.infer<typeof dateRangeBody>;

// ---------------------------------------------------------------- people

export const specialistSorts = ['name', 'email', 'created_at'] as const;
export const sortedQuery = pageQuery.extend({
  sort: z.enum(specialistSorts, { message: 'Ordenação inválida.' }).default('name'),
  order: z.enum(['asc', 'desc'], { message: 'Ordem inválida.' }).default('asc'),
});

export const searchAttributes = ['name', 'email', 'cpf'] as const;
export const customerSearchBody = z.object({
  attribute: z.enum(searchAttributes, { message: 'Busque por nome, e-mail ou CPF.' }),
  value: z.string({ message: 'Informe o que buscar.' }).trim().min(1, 'Informe o que buscar.').max(120),
});

/** What the back office shows of any account, specialist or partner. */
const adminAccountSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
});

export const adminSpecialistSchema = adminAccountSchema.extend({
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  profession: z.string().nullable(),
  council: z.string().nullable(),
  appointments_count: z.number().int(),
});
export type AdminSpecialist = z.infer<typeof adminSpecialistSchema>;
export const adminSpecialistPage = z.object({ data: z.array(adminSpecialistSchema), meta: pageMeta });

export const planSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  commission_percent: z.string(),
  monthly_fee_cents: z.number().int(),
  active: z.boolean(),
  partners_count: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

/** Where another partner account stands, as the operator reads it: its sign-up, or suspended. */
export const partnerAccountStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const;

/**
 * Another partner account whose profile holds the same CNPJ or CPF. A company may run several
 * clinics in one account, and a network may share a document across accounts, so a repeated
 * document is not refused: the operator is shown it wherever it decides (the list, the approve
 * dialog, the partner's page) with a link to the other account.
 */
export const sameDocumentPartnerSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  legal_name: z.string().nullable(),
  status: z.enum(partnerAccountStatuses),
});
export type SameDocumentPartner = z.infer<typeof sameDocumentPartnerSchema>;

export const adminPartnerSchema = adminAccountSchema.extend({
  legal_name: z.string().nullable(),
  document: z.string().nullable(),
  phone: z.string().nullable(),
  plan: z.object({ uuid: z.uuid(), name: z.string(), commission_percent: z.string() }).nullable(),
  clinics_count: z.number().int(),
  rooms_count: z.number().int(),
  /** Where a clinic's own sign-up stands (docs/decisions/0039); partners the operator made are approved. */
  approval: z.enum(partnerApprovals),
  approved_at: z.string().nullable(),
  /** Other partner accounts with the same document, oldest first (none: an empty list). */
  same_document_as: z.array(sameDocumentPartnerSchema),
});
export type AdminPartner = z.infer<typeof adminPartnerSchema>;
export const adminPartnerPage = z.object({ data: z.array(adminPartnerSchema), meta: pageMeta });

/** `paginate=false` answers every row (for selects); otherwise pages. */
export const usersQuery = pageQuery.extend({
  paginate: z.enum(['true', 'false'], { message: 'Use paginate=true ou false.' }).default('true'),
  /** Partners only: those whose sign-up is in that state ("Pendentes" = pending). */
  approval: z.enum(partnerApprovals, { message: 'Use pending, approved ou rejected.' }).optional(),
});

/** POST /api/fusion/partner/{uuid}/reject: why, told to the partner in the mail and in its area. */
export const rejectPartnerBody = z.object({
  reason: multiLine(
    z
      .string({ message: 'Diga o motivo da recusa.' })
      .trim()
      .min(5, 'Diga o motivo da recusa.')
      .max(500, 'Motivo longo demais (até 500 caracteres).'),
  ),
});

export const partnerApprovalMessages = {
  alreadyApproved: 'Este parceiro já está aprovado.',
  notPending: 'Só um cadastro em análise pode ser recusado.',
  rejectedWaits: 'Este cadastro foi recusado: ele volta para análise quando o parceiro pedir uma nova.',
  emailUnverified: 'O parceiro ainda não confirmou o e-mail: aprove depois da confirmação.',
  notRejected: 'Seu cadastro não está recusado: não há nova análise a pedir.',
} as const;

/** The specialist fills CPF, council and the rest after setting the password (completeData). */
export const customerStoreBody = z.object({ name, email });

export const partnerStoreBody = z
  .object({
    name,
    email,
    plan_uuid: z.uuid({ message: 'Escolha o plano.' }),
    document: z
      .string()
      .transform(onlyDigits)
      .transform((v) => v || null)
      .nullish(),
    legal_name: legalName,
  })
  .refine((v) => !v.document || isValidCpf(v.document) || isValidCnpj(v.document), {
    message: 'CPF ou CNPJ inválido.',
    path: ['document'],
  });

export const setActiveBody = z.object({
  user_uuid: z.uuid({ message: 'Usuário inválido.' }),
  setStatus: binary,
  /** Suspending a partner: also cancel its rooms' future bookings, refunding them in full. */
  cancel_future: z.boolean().optional(),
});
export const setActiveResponse = z.object({
  data: z.object({
    uuid: z.uuid(),
    active: z.boolean(),
    canceled_appointments: z.number().int(),
    refunded_cents: z.number().int(),
  }),
});

/** A partner's rooms' appointments still to come (what suspending it would leave or cancel). */
export const partnerFutureSchema = z.object({
  appointments: z.array(partnerAppointmentSchema),
  total_cents: z.number().int(),
});
export const partnerFutureResponse = z.object({ data: partnerFutureSchema });

/** The operator's edit of a partner (PUT /api/fusion/basicdata/{id}). */
export const adminBasicDataBody = z.object({
  name,
  phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .transform(onlyDigits)
      .refine((v) => v.length === 10 || v.length === 11, 'Telefone inválido: use DDD + número.')
      .nullish(),
  ),
  legal_name: legalName,
  plan_uuid: z.uuid({ message: 'Plano inválido.' }).optional(),
});

export const auditEntrySchema = z.object({
  action: z.string(),
  description: z.string(),
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
});

export const adminUserDetailSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role_name: z.string(),
  active: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
  specialist: adminSpecialistSchema.nullable(),
  partner: adminPartnerSchema.nullable(),
  clinics: z.array(
    z.object({
      uuid: z.uuid(),
      name: z.string(),
      city: z.string().nullable(),
      rooms: z.array(
        z.object({ uuid: z.uuid(), name: z.string(), active: z.boolean(), fixed: z.number().int() }),
      ),
    }),
  ),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const allUsersSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role_name: z.string(),
  active: z.boolean(),
});

/**
 * What else the operator sees of a person (GET /api/fusion/user/{uuid}/activity, decision 0036):
 * horários fixos, places in waitlists, saved cards (brand and last 4 only) and whether the
 * invitation to set a password is still open (the account has no password yet).
 */
export const adminUserActivitySchema = z.object({
  series: z.array(seriesSchema),
  waitlist: z.array(waitlistEntrySchema),
  cards: z.array(
    z.object({
      uuid: z.uuid(),
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
      is_default: z.boolean(),
    }),
  ),
  invitation_pending: z.boolean(),
});
export type AdminUserActivity = z.infer<typeof adminUserActivitySchema>;

export const inviteMessages = {
  sent: (email: string) => `Enviamos a ${email} um novo link para definir a senha.`,
  hasPassword: 'Esta pessoa já definiu a senha: se a esqueceu, ela usa "Esqueci minha senha" na entrada.',
  inactive: 'A conta está desativada: reative-a antes de reenviar o convite.',
  notInvitable: 'Só especialistas e parceiros recebem convite.',
} as const;
export const inviteResponse = z.object({ data: z.object({ message: z.string() }) });

// ---------------------------------------------------------------- rooms and appointments

export const adminRoomsQuery = pageQuery.extend({
  search: z.string().trim().max(120).optional(),
  partner: z.uuid().optional(),
  fixed: z.enum(['0', '1']).optional(),
  active: z.enum(['0', '1']).optional(),
});

export const adminRoomSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  fixed: z.number().int(),
  hour_price_cents: z.number().int(),
  clinic: z.object({
    uuid: z.uuid(),
    name: z.string(),
    neighborhood: z.string().nullable(),
    city: z.string().nullable(),
  }),
  partner: z.object({ uuid: z.uuid(), name: z.string() }),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;
export const adminRoomPage = z.object({ data: z.array(adminRoomSchema), meta: pageMeta });

export const setFixedBody = z.object({ room_uuid: z.uuid({ message: 'Sala inválida.' }), fixed: binary });

export const adminAppointmentsBody = z
  .object({
    dateInit: isoDate,
    dateEnd: isoDate,
    partner: z.uuid().nullish(),
    clinic: z.uuid().nullish(),
    room: z.uuid().nullish(),
    status: z
      .enum(['pending_payment', 'confirmed', 'canceled', 'completed', 'no_show', 'expired'], {
        message: 'Situação inválida.',
      })
      .nullish(),
  })
  .refine((v) => v.dateInit <= v.dateEnd, {
    message: 'A data final vem antes da inicial.',
    path: ['dateEnd'],
  });

/** The partner agenda's row, with whose clinic it is. */
export const adminAppointmentSchema = partnerAppointmentSchema.extend({
  partner: z.object({ uuid: z.uuid(), name: z.string() }),
});
export type AdminAppointment = z.infer<typeof adminAppointmentSchema>;
export const adminAppointmentPage = z.object({ data: z.array(adminAppointmentSchema), meta: pageMeta });

// ---------------------------------------------------------------- facilities and plans

export const facilityBody = z.object({
  name: singleLine(
    z.string({ message: 'Informe o nome.' }).trim().min(2, 'Informe o nome.').max(60, 'Nome longo demais.'),
  ),
});
export const adminFacilitySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  rooms_count: z.number().int(),
});
export type AdminFacility = z.infer<typeof adminFacilitySchema>;

export const planBody = z.object({
  name: singleLine(z.string({ message: 'Informe o nome.' }).trim().min(2, 'Informe o nome.').max(60)),
  commission_percent: formNumber(
    z.coerce
      .number({ message: 'Informe a comissão.' })
      .min(0, 'A comissão vai de 0 a 100%.')
      .max(100, 'A comissão vai de 0 a 100%.')
      .multipleOf(0.01, 'Use no máximo duas casas decimais.'),
  ),
  monthly_fee_cents: formNumber(
    z.coerce
      .number({ message: 'Informe a mensalidade.' })
      .int('Informe a mensalidade em centavos.')
      .min(0, 'A mensalidade não pode ser negativa.')
      .max(100_000_000),
  ),
  active: z.boolean().optional(),
});

// ---------------------------------------------------------------- dashboards

/** The dashboards' period, in the query string. */
export const dashboardQuery = dateRangeBody;

export const coworkingCountSchema = z.object({
  clinics: z.number().int(),
  rooms: z.number().int(),
  active_rooms: z.number().int(),
  partners: z.number().int(),
  new_clinics: z.number().int(),
});
export const frequentSchedulesSchema = z.object({
  /** weekday 0 (domingo) … 6, hour 0…23 (clinic time), appointments that hour. */
  cells: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() })),
});
export const salesTurnoverSchema = z.object({
  gross_cents: z.number().int(),
  refunded_cents: z.number().int(),
  commission_cents: z.number().int(),
  net_cents: z.number().int(),
  paid_appointments: z.number().int(),
  days: z.array(z.object({ date: z.string(), gross_cents: z.number().int(), net_cents: z.number().int() })),
});
export const specialistsStatsSchema = z.object({
  total: z.number().int(),
  new: z.number().int(),
  active: z.number().int(),
  days: z.array(z.object({ date: z.string(), new: z.number().int() })),
});
export const availableRoomsSchema = z.object({
  rooms: z.number().int(),
  open_hours: z.number().int(),
  booked_hours: z.number().int(),
  /** booked / open, 0…1 (null without open hours). */
  occupancy: z.number().nullable(),
  top: z.array(
    z.object({ uuid: z.uuid(), name: z.string(), clinic: z.string(), booked_hours: z.number().int() }),
  ),
});
export type CoworkingCount = z.infer<typeof coworkingCountSchema>;
export type FrequentSchedules = z.infer<typeof frequentSchedulesSchema>;
export type SalesTurnover = z.infer<typeof salesTurnoverSchema>;
export type SpecialistsStats = z.infer<typeof specialistsStatsSchema>;
export type AvailableRooms = z.infer<typeof availableRoomsSchema>;

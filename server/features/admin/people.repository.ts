/** SQL of the operator's lists of people: specialists and partners with their counts. */
import { type SQL, sql } from 'drizzle-orm';
import type { AdminPartner, AdminSpecialist } from '#common/contracts/admin';
import { type Executor, queryRows } from '../../db/client.ts';

/** The account columns both lists select (`accountColumns`). */
type AccountRow = {
  uuid: string;
  name: string;
  email: string;
  active: boolean;
  verified: boolean;
  created_at: string | Date;
};

type SpecialistRow = AccountRow & {
  cpf: string | null;
  phone: string | null;
  profession: string | null;
  council: string | null;
  appointments_count: number;
};

const iso = (d: string | Date) => new Date(d).toISOString();

const toAccount = (r: AccountRow) => ({
  uuid: r.uuid,
  name: r.name,
  email: r.email,
  active: r.active,
  email_verified: r.verified,
  created_at: iso(r.created_at),
});

const accountColumns = sql.raw(
  'u.uuid, u.name, u.email, u.active, u.email_verified_at is not null as verified, u.created_at',
);

const toSpecialist = (r: SpecialistRow): AdminSpecialist => ({
  ...toAccount(r),
  cpf: r.cpf,
  phone: r.phone,
  profession: r.profession,
  council: r.council,
  appointments_count: Number(r.appointments_count),
});

const specialistSelect = sql`
  select ${accountColumns},
         sp.cpf, sp.phone, sp.profession,
         case when c.acronym is null then null else c.acronym || ' ' || sp.council_number || '/' || sp.council_state end as council,
         (select count(*) from appointments a where a.customer_id = u.id)::int as appointments_count
  from users u
  left join specialist_profiles sp on sp.user_id = u.id
  left join councils c on c.id = sp.council_id`;

export interface ListWindow {
  limit?: number;
  offset?: number;
}

const window = (w: ListWindow) =>
  w.limit === undefined ? sql`` : sql` limit ${w.limit} offset ${w.offset ?? 0}`;

export async function countSpecialists(db: Executor, where: SQL = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u left join specialist_profiles sp on sp.user_id = u.id
        where u.role = 'customer' and ${where}`,
  );
  return Number(row?.n ?? 0);
}

export async function listSpecialists(
  db: Executor,
  options: { where?: SQL; orderBy: SQL; window: ListWindow },
): Promise<AdminSpecialist[]> {
  const rows = await queryRows<SpecialistRow>(
    db,
    sql`${specialistSelect} where u.role = 'customer' and ${options.where ?? sql`true`}
        order by ${options.orderBy}, u.id${window(options.window)}`,
  );
  return rows.map(toSpecialist);
}

/** `%` and `_` typed by a person are letters, not wildcards. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search by name or e-mail (accent- and case-insensitive, any part) or CPF (digits, any part). */
export function specialistSearch(attribute: 'name' | 'email' | 'cpf', value: string): SQL {
  if (attribute === 'cpf') {
    const digits = value.replace(/\D/g, '');
    return sql`sp.cpf like ${`%${digits || '-'}%`}`;
  }
  const column = attribute === 'name' ? sql`u.name` : sql`u.email`;
  return sql`salas_fold(${column}) like '%' || salas_fold(${likeEscape(value)}) || '%'`;
}

type PartnerRow = AccountRow & {
  legal_name: string | null;
  document: string | null;
  phone: string | null;
  plan_uuid: string | null;
  plan_name: string | null;
  commission_percent: string | null;
  clinics_count: number;
  rooms_count: number;
  approval: AdminPartner['approval'];
  approved_at: string | Date | null;
  same_document_as: AdminPartner['same_document_as'] | null;
};

const toPartner = (r: PartnerRow): AdminPartner => ({
  ...toAccount(r),
  legal_name: r.legal_name,
  document: r.document,
  phone: r.phone,
  plan:
    r.plan_uuid && r.plan_name
      ? { uuid: r.plan_uuid, name: r.plan_name, commission_percent: String(r.commission_percent) }
      : null,
  clinics_count: Number(r.clinics_count),
  rooms_count: Number(r.rooms_count),
  approval: r.approval,
  approved_at: r.approved_at === null ? null : iso(r.approved_at),
  same_document_as: r.same_document_as ?? [],
});

/**
 * The other partner accounts (erased ones aside) whose profile holds the same document, oldest
 * first, with where each stands. No index on the document: partners are a few thousand at most.
 */
const sameDocumentAs = sql`(select json_agg(json_build_object(
      'uuid', o.uuid, 'name', o.name, 'legal_name', op.legal_name,
      'status', case when not o.active then 'suspended' else op.approval end)
      order by o.created_at, o.id)
    from partner_profiles op join users o on o.id = op.user_id
    where op.document = pp.document and pp.document <> '' and op.user_id <> u.id
      and o.role = 'partner' and o.deleted_at is null) as same_document_as`;

/** Partners whose sign-up is in `approval` (a partner without a profile is approved). */
export const partnerApproval = (approval: AdminPartner['approval']): SQL =>
  sql`coalesce(pp.approval, 'approved') = ${approval}`;

export async function countPartners(db: Executor, where: SQL = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u left join partner_profiles pp on pp.user_id = u.id
        where u.role = 'partner' and ${where}`,
  );
  return Number(row?.n ?? 0);
}

export async function listPartners(
  db: Executor,
  options: { where?: SQL; window: ListWindow },
): Promise<AdminPartner[]> {
  const rows = await queryRows<PartnerRow>(
    db,
    sql`select ${accountColumns},
               pp.legal_name, pp.document, pp.phone, pl.uuid as plan_uuid, pl.name as plan_name,
               pl.commission_percent::text as commission_percent,
               coalesce(pp.approval, 'approved') as approval, pp.approved_at, ${sameDocumentAs},
               (select count(*) from clinics c where c.partner_id = u.id)::int as clinics_count,
               (select count(*) from rooms r join clinics c on c.id = r.clinic_id where c.partner_id = u.id)::int as rooms_count
        from users u
        left join partner_profiles pp on pp.user_id = u.id
        left join plans pl on pl.id = pp.plan_id
        where u.role = 'partner' and ${options.where ?? sql`true`}
        order by salas_fold(u.name), u.name, u.id${window(options.window)}`,
  );
  return rows.map(toPartner);
}

export async function clinicsWithRooms(db: Executor, partnerId: number) {
  const rows = await queryRows<{
    clinic_uuid: string;
    clinic_name: string;
    city: string | null;
    room_uuid: string | null;
    room_name: string | null;
    room_active: boolean | null;
    fixed: number | null;
  }>(
    db,
    sql`select c.uuid as clinic_uuid, c.name as clinic_name, ad.city, r.uuid as room_uuid,
               r.name as room_name, r.active as room_active, r.fixed
        from clinics c
        left join addresses ad on ad.id = c.address_id
        left join rooms r on r.clinic_id = c.id
        where c.partner_id = ${partnerId}
        order by c.name, c.id, r.name, r.id`,
  );
  const clinics = new Map<
    string,
    {
      uuid: string;
      name: string;
      city: string | null;
      rooms: { uuid: string; name: string; active: boolean; fixed: number }[];
    }
  >();
  for (const r of rows) {
    let clinic = clinics.get(r.clinic_uuid);
    if (!clinic) {
      clinic = { uuid: r.clinic_uuid, name: r.clinic_name, city: r.city, rooms: [] };
      clinics.set(r.clinic_uuid, clinic);
    }
    if (r.room_uuid)
      clinic.rooms.push({
        uuid: r.room_uuid,
        name: r.room_name!,
        active: Boolean(r.room_active),
        fixed: Number(r.fixed),
      });
  }
  return [...clinics.values()];
}

/**
 * Dashboard figures for a period (both ends included), for the whole marketplace or one partner's
 * rooms. An appointment — and a clinic's sign-up — falls on the day of its clinic's clock (issue 42:
 * 23:30 in Manaus is that day's, as in the agenda and the statement); a specialist's sign-up, which
 * belongs to no clinic, on Brasília's (REPORT_ZONE), as the dashboard says on screen. Money: an
 * appointment's revenue is what the specialist paid and kept paying — its price less any refund —
 * when its payment went through (a payment in dispute still counts, one charged back no longer
 * does); the commission is the percentage frozen on its payment when the money arrived (the
 * partner's plan then), rounded to the centavo; net is the rest.
 */
import { type SQL, sql } from 'drizzle-orm';
import type {
  AvailableRooms,
  CoworkingCount,
  FrequentSchedules,
  SalesTurnover,
  SpecialistsStats,
} from '#common/contracts/admin';
import { addDays, zonedInstant } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { onDaysIn } from '../../lib/clinic-days.ts';
import type { Services } from '../../services.ts';

export const REPORT_ZONE = 'America/Sao_Paulo';

export interface Scope {
  dateInit: string;
  dateEnd: string;
  /** Only this partner's clinics and rooms. */
  partnerId?: number;
}

/** Brasília's days of the period, for what belongs to no clinic (a specialist's sign-up). */
const bounds = (q: Scope) => ({
  from: zonedInstant(q.dateInit, '00:00', REPORT_ZONE).toISOString(),
  to: zonedInstant(addDays(q.dateEnd, 1), '00:00', REPORT_ZONE).toISOString(),
});
/** `a.starts_at` on a day of the period on the clock of clinic `c`. */
const onClinicDays = (q: Scope, instant = sql`a.starts_at`) => onDaysIn(instant, sql`c.timezone`, q);
const partnerFilter = (q: Scope, column: SQL) =>
  q.partnerId === undefined ? sql`true` : sql`${column} = ${q.partnerId}`;
const n = (v: unknown) => Number(v ?? 0);

/** Paid money per appointment in the period (the finance export's rows use the same rule). */
export function revenueRows(q: Scope): SQL {
  return sql`
    select a.id, a.uuid, a.starts_at, a.status, a.price_cents, a.refund_cents,
           a.price_cents - a.refund_cents as gross_cents,
           round((a.price_cents - a.refund_cents) * coalesce(p.fee_percent, pl.commission_percent, 0) / 100)::int as commission_cents,
           coalesce(p.fee_percent, pl.commission_percent, 0)::text as commission_percent,
           pl.name as plan_name, p.method, p.paid_at,
           r.name as room_name, c.name as clinic_name, c.timezone,
           pu.name as partner_name, pu.email as partner_email, pp.document as partner_document,
           cu.name as customer_name, cu.email as customer_email
    from appointments a
    join payments p on p.booking_id = a.booking_id
    join rooms r on r.id = a.room_id
    join clinics c on c.id = r.clinic_id
    join users pu on pu.id = c.partner_id
    left join partner_profiles pp on pp.user_id = pu.id
    left join plans pl on pl.id = pp.plan_id
    join users cu on cu.id = a.customer_id
    where ${onClinicDays(q)}
      and p.status in ('paid', 'partially_refunded', 'refunded', 'disputed')
      and a.status <> 'pending_payment'
      and a.price_cents - a.refund_cents > 0
      and ${partnerFilter(q, sql`c.partner_id`)}`;
}

export async function coworkingCount(s: Services, q: Scope): Promise<CoworkingCount> {
  const [row] = await queryRows<Record<string, unknown>>(
    s.db,
    sql`select count(distinct c.id)::int as clinics, count(r.id)::int as rooms,
               count(r.id) filter (where r.active)::int as active_rooms,
               count(distinct c.partner_id)::int as partners,
               count(distinct c.id) filter (where ${onClinicDays(q, sql`c.created_at`)})::int as new_clinics
        from clinics c left join rooms r on r.clinic_id = c.id
        where ${partnerFilter(q, sql`c.partner_id`)}`,
  );
  return {
    clinics: n(row?.clinics),
    rooms: n(row?.rooms),
    active_rooms: n(row?.active_rooms),
    partners: n(row?.partners),
    new_clinics: n(row?.new_clinics),
  };
}

/** Appointments per weekday and hour on the clinic's own clock (the heat map). */
export async function frequentSchedules(s: Services, q: Scope): Promise<FrequentSchedules> {
  const rows = await queryRows<{ weekday: number; hour: number; count: number }>(
    s.db,
    sql`select extract(dow from a.starts_at at time zone c.timezone)::int as weekday,
               extract(hour from a.starts_at at time zone c.timezone)::int as hour,
               count(*)::int as count
        from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id
        where ${onClinicDays(q)}
          and a.status in ('confirmed', 'completed', 'no_show')
          and ${partnerFilter(q, sql`c.partner_id`)}
        group by 1, 2 order by 1, 2`,
  );
  return { cells: rows.map((r) => ({ weekday: n(r.weekday), hour: n(r.hour), count: n(r.count) })) };
}

export async function salesTurnover(s: Services, q: Scope): Promise<SalesTurnover> {
  const rows = await queryRows<Record<string, unknown>>(
    s.db,
    sql`with paid as (${revenueRows(q)})
        select to_char(starts_at at time zone timezone, 'YYYY-MM-DD') as date,
               sum(gross_cents)::bigint as gross, sum(commission_cents)::bigint as commission,
               sum(refund_cents)::bigint as refunded, count(*)::int as appointments
        from paid group by 1 order by 1`,
  );
  const [refunds] = await queryRows<{ refunded: number }>(
    s.db,
    sql`select coalesce(sum(a.refund_cents), 0)::bigint as refunded
        from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id
        where ${onClinicDays(q)}
          and ${partnerFilter(q, sql`c.partner_id`)}`,
  );
  const byDate = new Map(rows.map((r) => [String(r.date), r]));
  const days: SalesTurnover['days'] = [];
  for (let d = q.dateInit; d <= q.dateEnd; d = addDays(d, 1)) {
    const r = byDate.get(d);
    days.push({ date: d, gross_cents: n(r?.gross), net_cents: n(r?.gross) - n(r?.commission) });
  }
  const gross = rows.reduce((t, r) => t + n(r.gross), 0);
  const commission = rows.reduce((t, r) => t + n(r.commission), 0);
  return {
    gross_cents: gross,
    refunded_cents: n(refunds?.refunded),
    commission_cents: commission,
    net_cents: gross - commission,
    paid_appointments: rows.reduce((t, r) => t + n(r.appointments), 0),
    days,
  };
}

export async function specialistsStats(s: Services, q: Scope): Promise<SpecialistsStats> {
  const { from, to } = bounds(q);
  const scoped =
    q.partnerId === undefined
      ? sql`true`
      : sql`u.id in (select a.customer_id from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id where c.partner_id = ${q.partnerId})`;
  const [totals] = await queryRows<Record<string, unknown>>(
    s.db,
    sql`select count(*) filter (where u.created_at < ${to}::timestamptz)::int as total,
               count(*) filter (where u.created_at >= ${from}::timestamptz and u.created_at < ${to}::timestamptz)::int as new
        from users u where u.role = 'customer' and ${scoped}`,
  );
  const [active] = await queryRows<{ active: number }>(
    s.db,
    sql`select count(distinct a.customer_id)::int as active
        from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id
        where ${onClinicDays(q)}
          and a.status in ('confirmed', 'completed', 'no_show')
          and ${partnerFilter(q, sql`c.partner_id`)}`,
  );
  const perDay = await queryRows<{ date: string; new: number }>(
    s.db,
    sql`select to_char(u.created_at at time zone ${REPORT_ZONE}, 'YYYY-MM-DD') as date, count(*)::int as new
        from users u
        where u.role = 'customer' and u.created_at >= ${from}::timestamptz and u.created_at < ${to}::timestamptz and ${scoped}
        group by 1`,
  );
  const byDate = new Map(perDay.map((r) => [r.date, n(r.new)]));
  const days: SpecialistsStats['days'] = [];
  for (let d = q.dateInit; d <= q.dateEnd; d = addDays(d, 1)) days.push({ date: d, new: byDate.get(d) ?? 0 });
  return { total: n(totals?.total), new: n(totals?.new), active: n(active?.active), days };
}

/** Open hours of the active rooms in the period against the hours booked in them. */
export async function availableRooms(s: Services, q: Scope): Promise<AvailableRooms> {
  const [open] = await queryRows<{ rooms: number; open_hours: number }>(
    s.db,
    sql`with days as (
          select extract(dow from d)::int as wd, count(*)::int as times
          from generate_series(${q.dateInit}::date, ${q.dateEnd}::date, interval '1 day') d group by 1
        ), r as (
          select r.id, r.clinic_id from rooms r join clinics c on c.id = r.clinic_id
          where r.active and ${partnerFilter(q, sql`c.partner_id`)}
        ), hrs as (
          select r.id as room_id, h.weekday, h.opens_at, h.closes_at
          from r join room_operating_hours h on h.room_id = r.id
          union all
          select r.id, h.weekday, h.opens_at, h.closes_at
          from r join clinic_opening_hours h on h.clinic_id = r.clinic_id
          where not exists (select 1 from room_operating_hours x where x.room_id = r.id)
        )
        select (select count(*) from r)::int as rooms,
               coalesce(sum(days.times * greatest(0,
                 (case when hrs.closes_at = '23:59' then 24 else floor(extract(epoch from hrs.closes_at) / 3600) end)
                 - ceil(extract(epoch from hrs.opens_at) / 3600))), 0)::bigint as open_hours
        from hrs join days on days.wd = hrs.weekday`,
  );
  const top = await queryRows<{ uuid: string; name: string; clinic: string; booked_hours: number }>(
    s.db,
    sql`select r.uuid, r.name, c.name as clinic, count(*)::int as booked_hours
        from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id
        where ${onClinicDays(q)}
          and a.status in ('confirmed', 'completed', 'no_show') and r.active
          and ${partnerFilter(q, sql`c.partner_id`)}
        group by r.id, r.uuid, r.name, c.name order by 4 desc, r.name limit 5`,
  );
  const [total] = await queryRows<{ booked: number }>(
    s.db,
    sql`select count(*)::int as booked
        from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id
        where ${onClinicDays(q)}
          and a.status in ('confirmed', 'completed', 'no_show') and r.active
          and ${partnerFilter(q, sql`c.partner_id`)}`,
  );
  const booked = n(total?.booked);
  const openHours = n(open?.open_hours);
  return {
    rooms: n(open?.rooms),
    open_hours: openHours,
    booked_hours: booked,
    occupancy: openHours > 0 ? Math.min(1, booked / openHours) : null,
    top: top.map((r) => ({ ...r, booked_hours: n(r.booked_hours) })),
  };
}

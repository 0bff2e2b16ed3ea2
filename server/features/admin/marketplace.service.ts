/**
 * The operator's view of the marketplace: every room (search, filters, pinning), every
 * appointment in a period (filters by partner, clinic, room, status), facilities and plans.
 */
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminAppointment,
  type AdminFacility,
  type AdminRoom,
  adminMessages,
  type adminRoomsQuery,
  type facilityBody,
  type Plan,
  type planBody,
  type setFixedBody,
} from '#common/contracts/admin';
import type { PageMeta } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import { pgErrorCode } from '../../db/client.ts';
import {
  addresses,
  appointments,
  bookings,
  clinics,
  facilities,
  payments,
  plans,
  roomFacilities,
  rooms,
  users,
} from '../../db/schema.ts';
import { onDaysIn } from '../../lib/clinic-days.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { outsideOf } from '../bookings/outside-booking.service.ts';
import * as audit from './audit.repository.ts';
import { likeEscape } from './people.repository.ts';

const notFound = () => new AppError('not_found', supplyMessages.notFound);
type Page<T> = { data: T[]; meta: PageMeta };

// ---------------------------------------------------------------- rooms

export async function listRooms(s: Services, q: z.output<typeof adminRoomsQuery>): Promise<Page<AdminRoom>> {
  const filters: (SQL | undefined)[] = [
    q.search
      ? sql`salas_fold(${rooms.name} || ' ' || ${clinics.name} || ' ' || ${users.name} || ' ' || coalesce(${addresses.neighborhood}, '') || ' ' || coalesce(${addresses.city}, '')) like '%' || salas_fold(${likeEscape(q.search)}) || '%'`
      : undefined,
    q.partner ? eq(users.uuid, q.partner) : undefined,
    q.fixed ? eq(rooms.fixed, Number(q.fixed)) : undefined,
    q.active ? eq(rooms.active, q.active === '1') : undefined,
  ];
  const where = and(...filters);
  const from = () =>
    s.db
      .select({
        room: rooms,
        clinic: clinics,
        address: addresses,
        partner: { uuid: users.uuid, name: users.name },
      })
      .from(rooms)
      .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
      .innerJoin(users, eq(users.id, clinics.partnerId))
      .leftJoin(addresses, eq(addresses.id, clinics.addressId));
  const [{ n } = { n: 0 }] = await s.db
    .select({ n: count() })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, clinics.partnerId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(sql`${rooms.fixed} desc`, sql`salas_fold(${rooms.name})`, asc(rooms.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    data: rows.map((r) => ({
      uuid: r.room.uuid,
      name: r.room.name,
      active: r.room.active,
      fixed: r.room.fixed,
      hour_price_cents: hourPriceCents(r.room.pricePerMinute),
      clinic: {
        uuid: r.clinic.uuid,
        name: r.clinic.name,
        neighborhood: r.address?.neighborhood ?? null,
        city: r.address?.city ?? null,
      },
      partner: r.partner,
    })),
    meta: pageMeta(n, q.page, q.per_page),
  };
}

/** Pinned rooms lead the public search; the partner's trail records it. */
export async function setFixed(s: Services, operator: UserRow, body: z.output<typeof setFixedBody>) {
  const [row] = await s.db
    .select({ room: rooms, partnerId: clinics.partnerId })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(rooms.uuid, body.room_uuid));
  if (!row) throw notFound();
  const fixed = Number(body.fixed);
  if (row.room.fixed !== fixed) {
    const now = s.clock();
    await s.db.transaction(async (tx) => {
      await tx.update(rooms).set({ fixed, updatedAt: now }).where(eq(rooms.id, row.room.id));
      await audit.record(tx, {
        actorId: operator.id,
        targetUserId: row.partnerId,
        action: fixed ? 'room.pinned' : 'room.unpinned',
        details: { room: row.room.name, room_uuid: row.room.uuid },
        now,
      });
    });
  }
  return { uuid: row.room.uuid, fixed };
}

// ---------------------------------------------------------------- appointments

export interface AppointmentFilter {
  dateInit: string;
  dateEnd: string;
  partner?: string | null;
  clinic?: string | null;
  room?: string | null;
  status?: string | null;
  /** A specialist's own appointments. */
  customer?: string | null;
}

export function appointmentWhere(f: AppointmentFilter): SQL {
  return and(
    // Each appointment on its clinic's day (issue 42), as the partner's agenda lists it.
    onDaysIn(appointments.startsAt, clinics.timezone, f),
    f.partner ? eq(users.uuid, f.partner) : undefined,
    f.clinic ? eq(clinics.uuid, f.clinic) : undefined,
    f.room ? eq(rooms.uuid, f.room) : undefined,
    f.status ? eq(appointments.status, f.status as never) : undefined,
    f.customer
      ? sql`${appointments.customerId} = (select id from users where uuid = ${f.customer} and role = 'customer')`
      : undefined,
  )!;
}

export async function listAppointments(
  s: Services,
  f: AppointmentFilter,
  page: number,
  perPage: number,
): Promise<Page<AdminAppointment>> {
  const where = appointmentWhere(f);
  const base = () =>
    s.db
      .select({ n: count() })
      .from(appointments)
      .innerJoin(rooms, eq(rooms.id, appointments.roomId))
      .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
      .innerJoin(users, eq(users.id, clinics.partnerId));
  const [{ n } = { n: 0 }] = await base().where(where);
  const customer = sql`(select json_build_object('uuid', c.uuid, 'name', c.name, 'email', c.email) from users c where c.id = ${appointments.customerId})`;
  const rows = await s.db
    .select({
      a: appointments,
      room: { uuid: rooms.uuid, name: rooms.name },
      clinic: { uuid: clinics.uuid, name: clinics.name, timezone: clinics.timezone },
      partner: { uuid: users.uuid, name: users.name },
      customer: sql<{ uuid: string; name: string; email: string }>`${customer}`,
      method: bookings.paymentMethod,
      seriesId: bookings.seriesId,
      paymentStatus: payments.status,
      booking: bookings,
    })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, clinics.partnerId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(where)
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((r) => ({
      uuid: r.a.uuid,
      date_time: toZonedIso(r.a.startsAt, r.clinic.timezone),
      ends_at: toZonedIso(r.a.endsAt, r.clinic.timezone),
      status: r.a.status,
      amount_cents: r.a.priceCents,
      payment_method: r.method,
      room: r.room,
      clinic: { uuid: r.clinic.uuid, name: r.clinic.name },
      partner: r.partner,
      customer: typeof r.customer === 'string' ? JSON.parse(r.customer) : r.customer,
      booking_uuid: r.booking.uuid,
      outside: outsideOf(r.booking),
      series: r.seriesId !== null,
      payment_status: r.paymentStatus,
    })),
    meta: pageMeta(n, page, perPage),
  };
}

/** POST /api/fusion/appointment/{id}: the appointments of one person (a specialist's bookings or a partner's rooms). */
export async function appointmentsOfUser(
  s: Services,
  uuid: string,
  range: { dateInit: string; dateEnd: string },
  page: number,
  perPage: number,
) {
  const [user] = await s.db.select().from(users).where(eq(users.uuid, uuid));
  if (!user || (user.role !== 'customer' && user.role !== 'partner')) throw notFound();
  return listAppointments(
    s,
    user.role === 'partner' ? { ...range, partner: uuid } : { ...range, customer: uuid },
    page,
    perPage,
  );
}

// ---------------------------------------------------------------- facilities

const facilityCount = sql<number>`(select count(*) from room_facilities rf where rf.facility_id = ${facilities.id})::int`;

export async function listFacilities(s: Services, page?: { page: number; perPage: number }) {
  const query = s.db
    .select({ uuid: facilities.uuid, name: facilities.name, rooms_count: facilityCount })
    .from(facilities)
    .orderBy(sql`salas_fold(${facilities.name})`)
    .$dynamic();
  if (!page) return { data: (await query).map(toFacility) };
  const [{ n } = { n: 0 }] = await s.db.select({ n: count() }).from(facilities);
  const rows = await query.limit(page.perPage).offset((page.page - 1) * page.perPage);
  return { data: rows.map(toFacility), meta: pageMeta(n, page.page, page.perPage) };
}

const toFacility = (r: { uuid: string; name: string; rooms_count: number }): AdminFacility => ({
  ...r,
  rooms_count: Number(r.rooms_count),
});

export async function getFacility(s: Services, uuid: string): Promise<AdminFacility> {
  const [row] = await s.db
    .select({ uuid: facilities.uuid, name: facilities.name, rooms_count: facilityCount })
    .from(facilities)
    .where(eq(facilities.uuid, uuid));
  if (!row) throw notFound();
  return toFacility(row);
}

const facilityTaken = () =>
  new AppError('validation', adminMessages.facilityTaken, {
    errors: { name: [adminMessages.facilityTaken] },
  });

export async function saveFacility(
  s: Services,
  uuid: string | null,
  body: z.output<typeof facilityBody>,
): Promise<AdminFacility> {
  try {
    if (!uuid) {
      const [row] = await s.db.insert(facilities).values({ name: body.name }).returning();
      return { uuid: row!.uuid, name: row!.name, rooms_count: 0 };
    }
    const updated = await s.db
      .update(facilities)
      .set({ name: body.name })
      .where(eq(facilities.uuid, uuid))
      .returning();
    if (updated.length === 0) throw notFound();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw facilityTaken();
    throw err;
  }
  return getFacility(s, uuid);
}

/** Deleting one in use detaches it from its rooms (the screen asks first). */
export async function deleteFacility(s: Services, uuid: string): Promise<{ uuid: string; detached: number }> {
  const facility = await getFacility(s, uuid);
  await s.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.uuid, uuid));
    await tx.delete(roomFacilities).where(eq(roomFacilities.facilityId, row!.id));
    await tx.delete(facilities).where(eq(facilities.id, row!.id));
  });
  return { uuid, detached: facility.rooms_count };
}

// ---------------------------------------------------------------- plans

export async function listPlans(s: Services): Promise<Plan[]> {
  const rows = await s.db
    .select({
      plan: plans,
      partners: sql<number>`(select count(*) from partner_profiles pp where pp.plan_id = ${plans.id})::int`,
    })
    .from(plans)
    .orderBy(asc(plans.commissionPercent), asc(plans.name));
  return rows.map(({ plan, partners }) => ({
    uuid: plan.uuid,
    name: plan.name,
    commission_percent: String(plan.commissionPercent),
    monthly_fee_cents: plan.monthlyFeeCents,
    active: plan.active,
    partners_count: Number(partners),
  }));
}

const planTaken = () =>
  new AppError('validation', adminMessages.planTaken, { errors: { name: [adminMessages.planTaken] } });

/** Creates or edits a plan; a plan change applies to the commission of payments from then on. */
export async function savePlan(
  s: Services,
  uuid: string | null,
  body: z.output<typeof planBody>,
): Promise<Plan> {
  const now = s.clock();
  const values = {
    name: body.name,
    commissionPercent: body.commission_percent.toFixed(2),
    monthlyFeeCents: body.monthly_fee_cents,
    ...(body.active === undefined ? {} : { active: body.active }),
    updatedAt: now,
  };
  let id: string;
  try {
    if (uuid) {
      const taken = await s.db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.name, body.name), ne(plans.uuid, uuid)));
      if (taken.length) throw planTaken();
      const updated = await s.db.update(plans).set(values).where(eq(plans.uuid, uuid)).returning();
      if (updated.length === 0) throw notFound();
      id = uuid;
    } else {
      const [row] = await s.db.insert(plans).values(values).returning();
      id = row!.uuid;
    }
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw planTaken();
    throw err;
  }
  return (await listPlans(s)).find((p) => p.uuid === id)!;
}

import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { checkLedger } from '../../features/lifecycle/ledger.ts';
import { inviteToReview } from '../../features/reviews/review-invitations.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signIn } from '../../test/fixtures.ts';
import { type Db, queryRows } from '../client.ts';
import * as t from '../schema.ts';
import { seedDemoDataIfEmpty } from './demo.ts';
import { DEMO_PASSWORD } from './demo-content.ts';

const ZONE = 'America/Sao_Paulo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const started = performance.now();
  expect(await seedDemoDataIfEmpty(ctx.db, ctx.storage, ctx.clock.now)).toBe(true);
  console.log(`demonstração semeada em ${Math.round(performance.now() - started)} ms (${ctx.database.kind})`);
}, 120_000);
afterAll(() => ctx.close());

/** Counts and sums that change if a single row of the history changes. */
async function fingerprint(db: Db) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select
          (select count(*) from users)::int as users,
          (select count(*) from rooms)::int as rooms,
          (select count(*) from bookings)::int as bookings,
          (select coalesce(sum(amount_cents), 0) from bookings)::bigint::text as booked_cents,
          (select string_agg(status || ':' || n, ',' order by status) from
             (select status, count(*) as n from appointments group by status) s) as appointments,
          (select string_agg(status || ':' || n, ',' order by status) from
             (select status, count(*) as n from payments group by status) s) as payments,
          (select coalesce(sum(refunded_cents), 0) from payments)::bigint::text as refunded_cents,
          (select count(*) from refunds)::int as refunds,
          (select extract(epoch from min(starts_at))::bigint from appointments)::text as first_start,
          (select extract(epoch from max(starts_at))::bigint from appointments)::text as last_start,
          (select count(*) || ':' || sum(rating) || ':' || count(reply_text) from reviews) as reviews`,
  );
}

async function get(token: string, url: string) {
  const res = await request(ctx.app, { method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('demo data (DESIGN §3)', () => {
  it.each([
    ['admin@salas.test', 'owner'],
    ['parceiro@salas.test', 'partner'],
    ['parceiro2@salas.test', 'partner'],
    ['especialista@salas.test', 'customer'],
    ['especialista2@salas.test', 'customer'],
  ])('%s signs in with Salas@2026 through both steps as %s', async (email, role) => {
    const token = await signIn(ctx, email, DEMO_PASSWORD);
    const me = await request(ctx.app, { method: 'GET', url: '/api/user', token });
    expect(me.json().data).toMatchObject({ email, role_name: role, active: true, email_verified: true });
  });

  it('gives each partner clinics in different cities, rooms with hours, photos, facilities, a plan and bank data', async () => {
    const partners = await ctx.db.select().from(t.users).where(eq(t.users.role, 'partner'));
    expect(partners.length).toBeGreaterThanOrEqual(5);
    for (const partner of partners) {
      const clinics = await ctx.db
        .select({ id: t.clinics.id, city: t.addresses.city })
        .from(t.clinics)
        .innerJoin(t.addresses, eq(t.addresses.id, t.clinics.addressId))
        .where(eq(t.clinics.partnerId, partner.id));
      expect(clinics.length).toBeGreaterThanOrEqual(2);
      const [profile] = await ctx.db
        .select()
        .from(t.partnerProfiles)
        .where(eq(t.partnerProfiles.userId, partner.id));
      expect(profile!.planId).not.toBeNull();
      const [bank] = await ctx.db
        .select()
        .from(t.partnerBankAccounts)
        .where(eq(t.partnerBankAccounts.userId, partner.id));
      expect(bank!.bankCode).toMatch(/^\d{3}$/);
      for (const clinic of clinics) {
        const hours = await ctx.db
          .select()
          .from(t.clinicOpeningHours)
          .where(eq(t.clinicOpeningHours.clinicId, clinic.id));
        expect(hours.length).toBeGreaterThan(0);
      }
    }
    const cities = await ctx.db
      .selectDistinct({ city: t.addresses.city })
      .from(t.clinics)
      .innerJoin(t.addresses, eq(t.addresses.id, t.clinics.addressId));
    expect(cities.map((c) => c.city)).toEqual(
      expect.arrayContaining(['Belo Horizonte', 'Rio de Janeiro', 'São Paulo', 'Curitiba', 'Manaus']),
    );
    // The browser journeys count the rooms of the city of São Paulo (e2e/rooms.spec.ts).
    const [inSaoPaulo] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from rooms r join clinics c on c.id = r.clinic_id
          join addresses a on a.id = c.address_id where a.city = 'São Paulo'`,
    );
    expect(inSaoPaulo!.n).toBe(5);
    const [roomsWithoutPhoto] = await ctx.db
      .select({ n: count() })
      .from(t.rooms)
      .leftJoin(t.photos, eq(t.photos.roomId, t.rooms.id))
      .where(eq(t.photos.id, null as never));
    expect(roomsWithoutPhoto?.n ?? 0).toBe(0);
  });

  it('serves the demo photos as re-encoded WebP with long cache headers', async () => {
    const [photo] = await ctx.db.select().from(t.photos).limit(1);
    for (const size of ['sm', 'lg']) {
      const res = await request(ctx.app, { method: 'GET', url: `/api/photo/${photo!.uuid}?size=${size}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
    const missing = await request(ctx.app, {
      method: 'GET',
      url: '/api/photo/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await request(ctx.app, { method: 'GET', url: '/api/photo/..%2F..%2Fetc%2Fpasswd' });
    expect(bad.statusCode).toBe(404);
  });

  it('gives the demo specialists a past, a cancellation and paid hours ahead, and does not seed twice', async () => {
    for (const email of ['especialista@salas.test', 'especialista2@salas.test']) {
      const [person] = await ctx.db.select().from(t.users).where(eq(t.users.email, email));
      const list = await ctx.db
        .select()
        .from(t.appointments)
        .where(eq(t.appointments.customerId, person!.id));
      expect(
        list.filter((a) => a.startsAt < ctx.clock.now && a.status === 'completed').length,
      ).toBeGreaterThan(10);
      const ahead = list.filter((a) => a.startsAt > ctx.clock.now);
      expect(ahead.map((a) => a.status)).toEqual(['confirmed', 'confirmed']);
      expect(list.some((a) => a.status === 'canceled' && a.refundCents === a.priceCents)).toBe(true);
    }
    // Mariana chose WhatsApp notices on her profile's mobile (DESIGN §10).
    const [mariana] = await ctx.db.select().from(t.users).where(eq(t.users.email, 'especialista@salas.test'));
    expect(mariana).toMatchObject({ whatsappPhone: '5511976543210', whatsappOptedInAt: expect.any(Date) });
    expect(await seedDemoDataIfEmpty(ctx.db, ctx.storage, ctx.clock.now)).toBe(false);
  });

  it('holds three months of history and the coming weeks, every row consistent with the ledger check', async () => {
    expect(await checkLedger(ctx.db, { now: ctx.clock.now })).toEqual([]);
    const [span] = await queryRows<Record<string, number>>(
      ctx.db,
      sql`select extract(epoch from ${ctx.clock.now.toISOString()}::timestamptz - min(starts_at)) / 86400 as back,
                 extract(epoch from max(starts_at) - ${ctx.clock.now.toISOString()}::timestamptz) / 86400 as ahead,
                 count(distinct customer_id)::int as specialists
          from appointments`,
    );
    expect(Number(span!.back)).toBeGreaterThanOrEqual(88);
    expect(Number(span!.ahead)).toBeGreaterThanOrEqual(28);
    expect(span!.specialists).toBeGreaterThanOrEqual(40);
    const [mix] = await queryRows<Record<string, number>>(
      ctx.db,
      sql`select
            (select count(*) from payments where method = 'pix' and status = 'paid')::int as pix_paid,
            (select count(*) from payments where method = 'card' and status = 'paid')::int as card_paid,
            (select count(*) from payments where status = 'expired')::int as pix_expired,
            (select count(*) from payments where status in ('refunded', 'partially_refunded'))::int as refunded,
            (select count(*) from refunds where status = 'succeeded')::int as refunds,
            (select count(*) from refunds where reason = 'late_payment')::int as late,
            (select count(*) from appointments where status = 'no_show')::int as no_show,
            (select count(*) from appointments where status = 'canceled' and refund_cents = 0)::int as late_cancel,
            (select count(*) from appointments a join users u on u.id = a.canceled_by where u.role = 'partner')::int as partner_cancel,
            (select count(*) from bookings b where b.amount_cents <> (select sum(price_cents) from appointments a where a.booking_id = b.id)
               or b.amount_cents <> (select amount_cents from payments p where p.booking_id = b.id))::int as bad_amounts`,
    );
    expect(mix).toMatchObject({ bad_amounts: 0 });
    for (const key of [
      'pix_paid',
      'card_paid',
      'pix_expired',
      'refunded',
      'refunds',
      'no_show',
      'late_cancel',
      'partner_cancel',
    ])
      expect(mix![key], key).toBeGreaterThan(0);
    // Every hour inside its room's (or clinic's) hours on the clinic's own clock.
    const [outside] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n
          from appointments a join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id
          where not exists (
            select 1 from (
              select h.weekday, h.opens_at, h.closes_at from room_operating_hours h where h.room_id = r.id
              union all
              select h.weekday, h.opens_at, h.closes_at from clinic_opening_hours h
              where h.clinic_id = c.id and not exists (select 1 from room_operating_hours x where x.room_id = r.id)
            ) oh
            where oh.weekday = extract(dow from a.starts_at at time zone c.timezone)
              and (a.starts_at at time zone c.timezone)::time >= oh.opens_at
              and (oh.closes_at = '23:59' or (a.starts_at at time zone c.timezone)::time + interval '1 hour' <= oh.closes_at))`,
    );
    expect(outside!.n).toBe(0);
    // Nobody holds two rooms at the same hour.
    const [twice] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from (
            select customer_id, starts_at from appointments where status in ('confirmed', 'completed', 'no_show')
            group by 1, 2 having count(*) > 1) x`,
    );
    expect(twice!.n).toBe(0);
  });

  it('shows the operator a busy last 30 days: occupancy between 25 % and 70 %, quiet Sundays', async () => {
    const token = await signIn(ctx, 'admin@salas.test', DEMO_PASSWORD);
    const dateEnd = zonedDate(ctx.clock.now, ZONE);
    const range = `dateInit=${addDays(dateEnd, -29)}&dateEnd=${dateEnd}`;
    const rooms = await get(token, `/api/fusion/dashboard/availableRooms?${range}`);
    const sales = await get(token, `/api/fusion/dashboard/salesturnover?${range}`);
    const people = await get(token, `/api/fusion/dashboard/specialists?${range}`);
    const heat: { cells: { weekday: number; count: number }[] } = await get(
      token,
      `/api/fusion/dashboard/frequentschedules?${range}`,
    );
    console.log(
      `últimos 30 dias: ocupação ${(rooms.occupancy * 100).toFixed(1)} % (${rooms.booked_hours} de ${rooms.open_hours} h), ` +
        `${sales.paid_appointments} horas pagas, faturamento R$ ${(sales.gross_cents / 100).toFixed(2)}, ` +
        `comissão R$ ${(sales.commission_cents / 100).toFixed(2)}, devolvido R$ ${(sales.refunded_cents / 100).toFixed(2)}, ` +
        `${people.active} especialistas ativos, ${people.new} novos`,
    );
    expect(rooms.occupancy).toBeGreaterThanOrEqual(0.25);
    expect(rooms.occupancy).toBeLessThanOrEqual(0.7);
    expect(
      sales.days.filter((d: { gross_cents: number }) => d.gross_cents > 0).length,
    ).toBeGreaterThanOrEqual(25);
    const byWeekday = Array.from({ length: 7 }, (_, wd) =>
      heat.cells.filter((c) => c.weekday === wd).reduce((s, c) => s + c.count, 0),
    );
    expect(byWeekday[0]! * 4).toBeLessThan(Math.min(...byWeekday.slice(1, 6)));
  });

  it('spreads reviews over the rooms, and leaves especialista@salas.test bookings to review', async () => {
    const rooms = await queryRows<{ n: number; count: number; sum: number; visible: number; total: number }>(
      ctx.db,
      sql`select count(v.id)::int as n, r.rating_count as count, r.rating_sum as sum,
            count(v.id) filter (where v.hidden_at is null)::int as visible,
            coalesce(sum(v.rating) filter (where v.hidden_at is null), 0)::int as total
          from rooms r left join reviews v on v.room_id = r.id group by r.id`,
    );
    // Some rooms reviewed often, some never; each room's numbers are its visible reviews.
    expect(rooms.filter((r) => r.n >= 10).length).toBeGreaterThan(3);
    expect(rooms.filter((r) => r.n === 0).length).toBeGreaterThan(3);
    for (const r of rooms) expect([r.count, r.sum]).toEqual([r.visible, r.total]);
    const [mix] = await queryRows<
      Record<'all' | 'good' | 'fair' | 'poor' | 'comments' | 'words' | 'replies' | 'hidden' | 'ahead', number>
    >(
      ctx.db,
      sql`select count(*)::int as all, count(*) filter (where rating >= 4)::int as good,
            count(*) filter (where rating = 3)::int as fair, count(*) filter (where rating <= 2)::int as poor,
            count(comment)::int as comments, count(distinct comment)::int as words,
            count(reply_text)::int as replies, count(hidden_at)::int as hidden,
            count(*) filter (where created_at > ${ctx.clock.now.toISOString()}::timestamptz)::int as ahead
          from reviews`,
    );
    expect(mix!.good / mix!.all).toBeGreaterThan(0.75);
    expect(mix!.fair).toBeGreaterThan(0);
    expect(mix!.poor).toBeGreaterThan(0);
    expect(mix!.poor / mix!.all).toBeLessThan(0.06);
    expect(mix!.comments / mix!.all).toBeGreaterThan(0.5);
    expect(mix!.words).toBeGreaterThan(10);
    expect(mix!.replies).toBeGreaterThan(0);
    expect(mix!).toMatchObject({ hidden: 1, ahead: 0 });

    const token = await signIn(ctx, 'especialista@salas.test', DEMO_PASSWORD);
    const pending = (await get(token, '/api/customer/reviews/pending')) as { ended_at: string }[];
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.length).toBeLessThanOrEqual(3);
    // Every finished booking was invited already: the first start sends nobody a late invitation.
    expect(await inviteToReview(ctx.app.services)).toBe(0);
  });

  it('is deterministic: a second seed with the same start instant gives the same counts and sums', async () => {
    const other = await createTestContext();
    try {
      await seedDemoDataIfEmpty(other.db, other.storage, ctx.clock.now);
      expect(await fingerprint(other.db)).toEqual(await fingerprint(ctx.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});

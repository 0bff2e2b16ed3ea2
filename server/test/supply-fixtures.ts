/** Clinics and rooms made through the API, as a partner would. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Booking } from '#common/contracts/booking';
import { cards, partnerProfiles, plans, rooms } from '../db/schema.ts';
import { request, type TestContext } from './app.ts';

export async function createClinic(
  ctx: TestContext,
  partner: { uuid: string },
  token: string,
  name = 'Clínica Bem Viver',
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/partner/${partner.uuid}/coworking`,
    token,
    payload: { name, description: 'Consultórios no centro', email: 'contato@bemviver.com.br' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; name: string };
}

/**
 * A bookable room: made through the API (a draft, decision 0038), then published as a partner
 * would have (written straight to the row, since tests open the clinic and add photos in any
 * order); `{ draft: true }` leaves it a draft.
 */
export async function createRoom(
  ctx: TestContext,
  partner: { uuid: string },
  token: string,
  clinicUuid: string,
  name = 'Sala 1',
  price = '1.0000',
  options: { draft?: boolean } = {},
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/partner/${partner.uuid}/coworking/${clinicUuid}/room`,
    token,
    payload: { name, description: 'Sala com maca', price_per_minute: price },
  });
  expect(res.statusCode, res.body).toBe(201);
  const room = res.json().data as { uuid: string; name: string };
  if (!options.draft)
    await ctx.db
      .update(rooms)
      .set({ published: true, publishedAt: ctx.clock.now })
      .where(eq(rooms.uuid, room.uuid));
  return room;
}

/** Opening hours for a clinic: the whole day, every day, unless told otherwise. */
export async function openClinic(
  ctx: TestContext,
  partner: { uuid: string },
  token: string,
  clinicUuid: string,
  weekdays = [0, 1, 2, 3, 4, 5, 6],
  hours: [string, string] = ['00:00', '23:59'],
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/partner/${partner.uuid}/coworking/${clinicUuid}/opening-hour`,
    token,
    payload: { hours: weekdays.map((weekday) => ({ weekday, opens_at: hours[0], closes_at: hours[1] })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A clinic of the partner, open on `weekdays` from `hours` (every day, the whole day, unless told
 * otherwise), with one bookable room in it.
 */
export async function openRoom(
  ctx: TestContext,
  partner: { user: { uuid: string }; token: string },
  options: {
    clinic?: string;
    room?: string;
    price?: string;
    weekdays?: number[];
    hours?: [string, string];
  } = {},
) {
  const clinic = await createClinic(ctx, partner.user, partner.token, options.clinic);
  await openClinic(ctx, partner.user, partner.token, clinic.uuid, options.weekdays, options.hours);
  const room = await createRoom(ctx, partner.user, partner.token, clinic.uuid, options.room, options.price);
  return { clinic, room };
}

/**
 * Puts the partner on the plan called `name`, whose commission the platform keeps of what their
 * rooms earn: made with `commissionPercent` if no plan has that name yet (another partner may be
 * put on the same one), written straight to the database as an operator's edit would leave it.
 */
export async function putOnPlan(
  ctx: TestContext,
  partner: { id: number },
  commissionPercent: string,
  name = `Plano ${commissionPercent} de ${partner.id}`,
) {
  await ctx.db.insert(plans).values({ name, commissionPercent }).onConflictDoNothing({ target: plans.name });
  const [plan] = await ctx.db.select().from(plans).where(eq(plans.name, name));
  await ctx.db
    .insert(partnerProfiles)
    .values({ userId: partner.id, planId: plan!.id })
    .onConflictDoUpdate({ target: partnerProfiles.userId, set: { planId: plan!.id } });
  return plan!;
}

/** A saved card; the sandbox approves 4242… and declines 4000 0000 0000 0002. */
export async function saveCard(
  ctx: TestContext,
  user: { uuid: string },
  token: string,
  number = '4242424242424242',
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/customer/${user.uuid}/card`,
    token,
    payload: {
      number,
      holder_name: 'Ana Souza',
      exp_month: 12,
      exp_year: 2031,
      cvv: '123',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string };
}

/**
 * A card row written straight to the database, as if saved earlier: `declines` makes one the
 * provider verified once but now refuses to charge (saving a declining card is refused, DESIGN §8).
 */
export async function storedCard(
  ctx: TestContext,
  user: { id: number },
  options: { declines?: boolean } = {},
) {
  const [row] = await ctx.db
    .insert(cards)
    .values({
      userId: user.id,
      providerToken: `tok_sandbox_${options.declines ? 'decline' : 'ok'}_fixture${user.id}_${randomBytes(4).toString('hex')}`,
      brand: 'visa',
      last4: options.declines ? '0002' : '4242',
      expMonth: 12,
      expYear: 2031,
      holderName: 'ANA SOUZA',
    })
    .returning();
  return row!;
}

/** Books the hours with the saved card and answers the booking. */
export async function bookByCard(
  ctx: TestContext,
  token: string,
  roomUuid: string,
  cardUuid: string,
  dateTimes: string[],
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token,
    payload: { room_uuid: roomUuid, date_times: dateTimes, payment_method: 'card', card_uuid: cardUuid },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Booking;
}

/** A room's own opening hours (the clinic's stop applying to it): one range on each weekday given. */
export async function setRoomHours(
  ctx: TestContext,
  token: string,
  roomUuid: string,
  weekdays: number[],
  hours: [string, string],
) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/partner/operatinghour/${roomUuid}`,
    token,
    payload: { hours: weekdays.map((weekday) => ({ weekday, opens_at: hours[0], closes_at: hours[1] })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

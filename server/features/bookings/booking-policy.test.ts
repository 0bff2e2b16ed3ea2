import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '#common/contracts/booking';
import { bookingGateMessages, limitMessages, limits } from '#common/domain/limits';
import { addDays, zonedDate } from '#common/time/zone';
import { appointments, bookings, rooms } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { completeProfile, createUser, signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { publicPage } from '../public-pages/public-page.ts';
import { assertMayBook, profileComplete } from './booking-policy.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string; name: string };
let roomId: number;
let day: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Política');
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Regras');
  roomId = (await t.db.select().from(rooms)).find((r) => r.uuid === room.uuid)!.id;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 2);
});
afterAll(() => t.close());

const at = (hh: string) => `${day}T${hh}:00:00-03:00`;
const as = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });
const bookPix = (token: string, dateTimes: string[]) =>
  as(token, 'POST', '/api/customer/appointment/bulk', {
    room_uuid: room.uuid,
    date_times: dateTimes,
    payment_method: 'pix',
  });
const cardBody = (number: string) => ({
  number,
  holder_name: 'Ana Souza',
  exp_month: 12,
  exp_year: 2031,
  cvv: '123',
});

/** An error thrown by `fn`, for its status and body. */
async function refusal(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (err) {
    return err as { status: number; message: string; errors?: Record<string, string[]>; extra?: object };
  }
  throw new Error('esperava uma recusa');
}

describe('who may book (403 with a code)', () => {
  it('refuses an unverified account with code email_unverified', async () => {
    const person = await signedInAs(t, 'customer', { verified: false });
    const res = await bookPix(person.token, [at('08')]);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      message: bookingGateMessages.email_unverified,
      code: 'email_unverified',
    });
  });

  it('refuses a verified account without the completeData fields with code profile_incomplete', async () => {
    const person = await signedInAs(t, 'customer', { profile: false });
    const res = await bookPix(person.token, [at('08')]);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      message: bookingGateMessages.profile_incomplete,
      code: 'profile_incomplete',
    });
  });

  it('lets a verified partner book without a specialist profile, not an unverified one', async () => {
    const s = t.app.services;
    const verified = await createUser(t, { role: 'partner' });
    await expect(assertMayBook(s, verified, { method: 'pix', starts: [Date.parse(at('09'))] })).resolves.toBe(
      undefined,
    );
    const unverified = await createUser(t, { role: 'partner', verified: false });
    const err = await refusal(() => assertMayBook(s, unverified, { method: 'card', starts: [] }));
    expect(err.status).toBe(403);
    expect(err.extra).toEqual({ code: 'email_unverified' });
  });

  it('calls a profile complete only with every completeData field', () => {
    const profile = {
      name: 'Ana',
      cpf: '52998224725',
      birth_date: '1988-04-12',
      phone: '11987654321',
      profession: 'Psicóloga',
      council: { uuid: '00000000-0000-4000-8000-000000000000', acronym: 'CRP', name: 'CRP', profession: 'x' },
      council_number: '06/1',
      council_state: 'SP',
      address: {
        uuid: '00000000-0000-4000-8000-000000000001',
        zip_code: '01310100',
        street: 'Avenida Paulista',
        number: '1',
        complement: null,
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    };
    expect(profileComplete(profile)).toBe(true);
    expect(profileComplete(null)).toBe(false);
    expect(profileComplete({ ...profile, address: null })).toBe(false);
    expect(profileComplete({ ...profile, council_number: ' ' })).toBe(false);
    expect(profileComplete({ ...profile, cpf: '11111111111' })).toBe(false);
  });
});

describe('limits per person', () => {
  let person: UserRow;
  const s = () => t.app.services;
  const hourAt = (n: number) => new Date(Date.parse(`${addDays(day, 1)}T00:00:00-03:00`) + n * HOUR);

  /** An unpaid Pix booking of `hours` slots starting at slot `first`, its hold ending at `holdEndsAt`. */
  async function pixBooking(first: number, hours: number, holdEndsAt: Date) {
    const [booking] = await t.db
      .insert(bookings)
      .values({
        customerId: person.id,
        roomId,
        status: 'pending_payment',
        amountCents: hours * 6000,
        paymentMethod: 'pix',
        holdExpiresAt: holdEndsAt,
      })
      .returning();
    await t.db.insert(appointments).values(
      Array.from({ length: hours }, (_, i) => ({
        bookingId: booking!.id,
        roomId,
        customerId: person.id,
        startsAt: hourAt(first + i),
        endsAt: hourAt(first + i + 1),
        status: 'pending_payment' as const,
        priceCents: 6000,
      })),
    );
    return booking!;
  }

  beforeAll(async () => {
    person = await createUser(t);
    await completeProfile(t, person);
  });

  it('refuses starts more than 365 days ahead (422 on date_times)', async () => {
    const now = t.clock.now.getTime();
    const far = now + limits.maxDaysAhead * DAY + HOUR;
    const err = await refusal(() => assertMayBook(s(), person, { method: 'card', starts: [now + DAY, far] }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ date_times: [limitMessages.tooFarAhead] });
    await expect(
      assertMayBook(s(), person, { method: 'pix', starts: [now + limits.maxDaysAhead * DAY - HOUR] }),
    ).resolves.toBe(undefined);
  });

  it('allows at most 3 open unpaid Pix bookings; expired holds and card bookings do not count', async () => {
    const open = new Date(t.clock.now.getTime() + 10 * 60_000);
    await pixBooking(0, 1, open);
    await pixBooking(1, 1, open);
    await pixBooking(2, 1, new Date(t.clock.now.getTime() - 60_000)); // hold passed
    const starts = [hourAt(20).getTime()];
    await expect(assertMayBook(s(), person, { method: 'pix', starts })).resolves.toBe(undefined);
    await pixBooking(3, 1, open);
    const err = await refusal(() => assertMayBook(s(), person, { method: 'pix', starts }));
    expect(err.status).toBe(422);
    expect(err.message).toBe(limitMessages.openPix);
    expect(err.errors).toEqual({ payment_method: [limitMessages.openPix] });
    // Paying by card is another matter.
    await expect(assertMayBook(s(), person, { method: 'card', starts })).resolves.toBe(undefined);
    // Once a hold passes, there is room again.
    t.clock.advance(11 * 60_000);
    await expect(assertMayBook(s(), person, { method: 'pix', starts })).resolves.toBe(undefined);
    t.clock.advance(-11 * 60_000);
  });

  it('allows at most 24 hours held unpaid, counting the new ones', async () => {
    const other = await createUser(t);
    await completeProfile(t, other);
    person = other;
    const open = new Date(t.clock.now.getTime() + 10 * 60_000);
    await pixBooking(30, 20, open);
    const free = (n: number) => Array.from({ length: n }, (_, i) => hourAt(60 + i).getTime());
    await expect(assertMayBook(s(), person, { method: 'pix', starts: free(4) })).resolves.toBe(undefined);
    const err = await refusal(() => assertMayBook(s(), person, { method: 'pix', starts: free(5) }));
    expect(err.status).toBe(422);
    expect(err.message).toBe(limitMessages.heldHours);
    expect(err.errors).toEqual({ date_times: [limitMessages.heldHours] });
  });
});

describe('saving a card verifies it with the provider', () => {
  it('stores nothing when the card is declined: 422 with the card message', async () => {
    const person = await signedInAs(t, 'customer');
    const res = await as(
      person.token,
      'POST',
      `/api/customer/${person.user.uuid}/card`,
      cardBody('4000000000000002'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: bookingMessages.cardCheck,
      errors: { number: [bookingMessages.cardCheck] },
    });
    const list = await as(person.token, 'GET', `/api/customer/card/${person.user.uuid}`);
    expect(list.json().data).toEqual([]);
  });

  it('answers 429 after 5 refused attempts in the hour, even for a good card, and works an hour later', async () => {
    const person = await signedInAs(t, 'customer');
    const save = (number: string) =>
      as(person.token, 'POST', `/api/customer/${person.user.uuid}/card`, cardBody(number));
    for (let i = 0; i < limits.maxRefusedCardAttemptsPerHour; i += 1) {
      expect((await save('4000000000000002')).statusCode).toBe(422);
    }
    const sixth = await save('4000000000000002');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(limitMessages.cardAttempts);
    const good = await save('4242424242424242');
    expect(good.statusCode).toBe(429);
    // Someone else is not held back.
    const other = await signedInAs(t, 'customer');
    await saveCard(t, other.user, other.token);

    t.clock.advance(HOUR);
    try {
      expect((await save('4242424242424242')).statusCode).toBe(201);
      const list = await as(person.token, 'GET', `/api/customer/card/${person.user.uuid}`);
      expect(list.json().data).toHaveLength(1);
    } finally {
      t.clock.advance(-HOUR);
    }
  });
});

describe('rooms of an inactive partner', () => {
  it('leave search (with and without a date), and their page and availability answer 404', async () => {
    const operator = await signedInAs(t, 'owner');
    const search = async (body: object) =>
      (await as(undefined, 'POST', '/api/customer/room/genericsearch', body))
        .json()
        .data.map((r: { uuid: string }) => r.uuid);
    const page = () => as(undefined, 'GET', `/api/rooms/${room.uuid}`);
    const slots = () => as(undefined, 'GET', `/api/customer/room/${room.uuid}/availability/${day}`);
    const setActive = async (on: 0 | 1) => {
      const res = await as(operator.token, 'POST', '/api/fusion/setActiveStatus', {
        user_uuid: partner.user.uuid,
        setStatus: on,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    expect(await search({})).toContain(room.uuid);
    expect(await search({ date: day })).toContain(room.uuid);
    expect((await page()).statusCode).toBe(200);
    expect((await slots()).statusCode).toBe(200);
    expect(await roomPageStatus(t, room.uuid)).toBe(200);

    await setActive(0);
    expect(await search({})).not.toContain(room.uuid);
    expect(await search({ value: 'Sala Regras' })).toEqual([]);
    expect(await search({ date: day })).not.toContain(room.uuid);
    expect((await page()).statusCode).toBe(404);
    expect((await slots()).statusCode).toBe(404);
    expect(await roomPageStatus(t, room.uuid)).toBe(404);
    const booker = await signedInAs(t, 'customer');
    expect((await bookPix(booker.token, [at('11')])).statusCode).toBe(404);

    await setActive(1);
    expect(await search({ date: day })).toContain(room.uuid);
    expect((await page()).statusCode).toBe(200);
  });
});

/** The status of a room's public page as the server draws it without JavaScript. */
async function roomPageStatus(t: TestContext, uuid: string) {
  const page = await publicPage(t.app.services, `/rooms/${uuid}`, new URLSearchParams());
  return page && 'status' in page ? page.status : null;
}

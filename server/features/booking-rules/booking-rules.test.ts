/**
 * Booking rules end to end through the API (decision 0023), on PGlite and — with
 * TEST_DATABASE_URL — on PostgreSQL, where the parallel attempts really race.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomRulesBody } from '#common/contracts/booking-rules';
import { defaultBookingRules } from '#common/domain/booking-rules';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { appointments, rooms as roomsTable, slotHoldingStatuses } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { availabilityFor } from '../availability/availability.service.ts';
import { checkLedger } from '../lifecycle/ledger.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let clinic: { uuid: string };
let cardUuid: string;
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  clinic = await createClinic(t, partner.user, partner.token, 'Clínica Regras');
  await openClinic(t, partner.user, partner.token, clinic.uuid, [0, 1, 2, 3, 4, 5, 6], ['08:00', '12:00']);
  cardUuid = (await saveCard(t, specialist.user, specialist.token)).uuid;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 60_000);
afterAll(() => t.close());

const at = (hhmm: string, date = day) => `${date}T${hhmm}:00-03:00`;
const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });
const roomRules = (uuid: string, body: Partial<RoomRulesBody>) =>
  call(partner.token, 'PUT', `/api/partner/room/${uuid}/booking-rules`, {
    slot_minutes: null,
    min_booking_minutes: null,
    buffer_minutes: null,
    max_days_ahead: null,
    min_notice_minutes: null,
    ...body,
  });
const book = (room: string, dateTimes: string[], token = specialist.token, method: 'card' | 'pix' = 'card') =>
  call(token, 'POST', '/api/customer/appointment/bulk', {
    room_uuid: room,
    date_times: dateTimes,
    payment_method: method,
    ...(method === 'card' ? { card_uuid: cardUuid } : {}),
  });
async function freeTimes(room: string, date = day) {
  const [avail] = await availabilityFor(t.app.services, room, [date]);
  return avail!.slots.filter((s) => s.available).map((s) => s.date_time.slice(11, 16));
}
async function newRoom(name: string, rules: Partial<RoomRulesBody>) {
  const room = await createRoom(t, partner.user, partner.token, clinic.uuid, name, '2.0000');
  const res = await roomRules(room.uuid, rules);
  expect(res.statusCode, res.body).toBe(200);
  return room;
}

describe('setting the rules', () => {
  it('starts every clinic and room on the hourly rule of old, and lets the partner change both', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Padrão');
    const got = await call(partner.token, 'GET', `/api/partner/room/${room.uuid}/booking-rules`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.effective).toEqual(defaultBookingRules);
    expect(got.json().data.own.slot_minutes).toBeNull();

    const other = await createClinic(t, partner.user, partner.token, 'Clínica Padrões');
    const url = `/api/partner/${partner.user.uuid}/coworking/${other.uuid}/booking-rules`;
    const rules = { ...defaultBookingRules, slot_minutes: 30, buffer_minutes: 15, min_notice_minutes: 120 };
    const put = await call(partner.token, 'PUT', url, rules);
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(partner.token, 'GET', url)).json().data).toEqual(rules);
    const inOther = await createRoom(t, partner.user, partner.token, other.uuid, 'Sala Herdeira');
    const own = await roomRules(inOther.uuid, { min_booking_minutes: 90 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.effective).toEqual({ ...rules, min_booking_minutes: 90 });

    // The public room page carries the rules its calendar follows.
    const page = await request(t.app, { method: 'GET', url: `/api/rooms/${inOther.uuid}` });
    expect(page.json().data.booking_rules).toEqual({ ...rules, min_booking_minutes: 90 });
  });

  it('refuses rules that cannot hold, in Portuguese, and keeps what was saved', async () => {
    const room = await newRoom('Sala Recusas', { slot_minutes: 30 });
    const bad = await roomRules(room.uuid, { slot_minutes: 45, buffer_minutes: 20, max_days_ahead: 400 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      slot_minutes: ['Escolha uma grade de 30 ou 60 minutos.'],
      buffer_minutes: ['O intervalo entre reservas pode ser 0, 15 ou 30 minutos.'],
      max_days_ahead: ['Informe de 1 a 365 dias de antecedência máxima.'],
    });
    // 90 minutes on the clinic's hourly grid: the room's minimum must follow its grid.
    const offGrid = await roomRules(room.uuid, { slot_minutes: null, min_booking_minutes: 90 });
    expect(offGrid.statusCode).toBe(422);
    expect(offGrid.json().errors.min_booking_minutes).toEqual([
      'O mínimo precisa ser um múltiplo da grade de horários.',
    ]);
    const kept = await call(partner.token, 'GET', `/api/partner/room/${room.uuid}/booking-rules`);
    expect(kept.json().data.own.slot_minutes).toBe(30);
    // Nor may a clinic move its grid under a room that relies on it.
    const halfHours = await createClinic(t, partner.user, partner.token, 'Clínica Meia Hora');
    const clinicUrl = `/api/partner/${partner.user.uuid}/coworking/${halfHours.uuid}/booking-rules`;
    const half = { ...defaultBookingRules, slot_minutes: 30 };
    expect((await call(partner.token, 'PUT', clinicUrl, half)).statusCode).toBe(200);
    const leaning = await createRoom(t, partner.user, partner.token, halfHours.uuid, 'Sala Apoiada');
    expect((await roomRules(leaning.uuid, { min_booking_minutes: 90 })).statusCode).toBe(200);
    const moved = await call(partner.token, 'PUT', clinicUrl, { ...defaultBookingRules });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe(
      'Sala Sala Apoiada: O mínimo precisa ser um múltiplo da grade de horários.',
    );
    expect((await call(partner.token, 'GET', clinicUrl)).json().data).toEqual(half);
  });

  it('refuses minutes sent as null or empty instead of saving them as zero; a room’s null is the clinic’s', async () => {
    const own = await createClinic(t, partner.user, partner.token, 'Clínica Campos Vazios');
    const url = `/api/partner/${partner.user.uuid}/coworking/${own.uuid}/booking-rules`;
    const set = { ...defaultBookingRules, buffer_minutes: 15, min_notice_minutes: 120 };
    expect((await call(partner.token, 'PUT', url, set)).statusCode).toBe(200);
    for (const missing of [null, '']) {
      const res = await call(partner.token, 'PUT', url, {
        ...set,
        buffer_minutes: missing,
        min_notice_minutes: missing,
      });
      expect(res.statusCode, JSON.stringify(missing)).toBe(422);
      expect(res.json().errors).toMatchObject({
        buffer_minutes: ['O intervalo entre reservas pode ser 0, 15 ou 30 minutos.'],
        min_notice_minutes: ['Escolha uma antecedência mínima entre as opções (até 7 dias).'],
      });
    }
    expect((await call(partner.token, 'GET', url)).json().data).toEqual(set);

    const room = await newRoom('Sala Campos Vazios', { buffer_minutes: 30 });
    const empty = await roomRules(room.uuid, { buffer_minutes: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.buffer_minutes).toEqual([
      'O intervalo entre reservas pode ser 0, 15 ou 30 minutos.',
    ]);
    const rules = `/api/partner/room/${room.uuid}/booking-rules`;
    expect((await call(partner.token, 'GET', rules)).json().data.own.buffer_minutes).toBe(30);
    const inherit = await roomRules(room.uuid, { buffer_minutes: null });
    expect(inherit.statusCode, inherit.body).toBe(200);
    expect(inherit.json().data.own.buffer_minutes).toBeNull();
  });

  it("answers 404 for another partner's clinic or room and 403 to a specialist", async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Alheia');
    const stranger = await signedInAs(t, 'partner');
    const res = await call(stranger.token, 'PUT', `/api/partner/room/${room.uuid}/booking-rules`, {
      ...defaultBookingRules,
    });
    expect(res.statusCode).toBe(404);
    const theirs = await call(
      stranger.token,
      'GET',
      `/api/partner/${stranger.user.uuid}/coworking/${clinic.uuid}/booking-rules`,
    );
    expect(theirs.statusCode).toBe(404);
    const asSpecialist = await call(specialist.token, 'GET', `/api/partner/room/${room.uuid}/booking-rules`);
    expect(asSpecialist.statusCode).toBe(403);
  });
});

describe('booking under the rules', () => {
  it('offers half-hour starts and books 10:30–11:30 as two half-hour slots at half the hourly price', async () => {
    const room = await newRoom('Sala Meia Hora', { slot_minutes: 30 });
    expect(await freeTimes(room.uuid)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    const res = await book(room.uuid, [at('10:30'), at('11:00')]);
    expect(res.statusCode, res.body).toBe(201);
    // R$ 2/min: R$ 60 per half hour.
    expect(res.json().data.amount_cents).toBe(12_000);
    const rows = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, await bookingId(res)));
    expect(rows.map((r) => (r.endsAt.getTime() - r.startsAt.getTime()) / 60_000)).toEqual([30, 30]);
    const offGrid = await book(room.uuid, [`${day}T09:15:00-03:00`]);
    expect(offGrid.statusCode).toBe(422);
    expect(offGrid.json().errors.date_times).toEqual(['Os horários desta sala começam a cada 30 minutos.']);
  });

  it('refuses a stretch shorter than the minimum and takes one as long', async () => {
    const room = await newRoom('Sala Mínimo', { min_booking_minutes: 120 });
    const short = await book(room.uuid, [at('08:00')]);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.date_times).toEqual(['Cada período reservado precisa ter no mínimo 2 h.']);
    // Two stretches of one hour are two stretches too short.
    expect((await book(room.uuid, [at('08:00'), at('10:00')])).statusCode).toBe(422);
    expect((await book(room.uuid, [at('08:00'), at('09:00')])).statusCode).toBe(201);
    // 10:00–12:00 is still two hours; after it is taken nothing is left.
    expect(await freeTimes(room.uuid)).toEqual(['10:00', '11:00']);
    expect((await book(room.uuid, [at('10:00'), at('11:00')])).statusCode).toBe(201);
    expect(await freeTimes(room.uuid)).toEqual([]);
  });

  it('keeps the buffer free after each booking, in the database too', async () => {
    const room = await newRoom('Sala Limpeza', { slot_minutes: 30, buffer_minutes: 15 });
    expect((await book(room.uuid, [at('09:00'), at('09:30')])).statusCode).toBe(201);
    // 10:00 falls in the 15 minutes after 10:00's end… of 09:00–10:00; 08:30 would end at 09:00
    // with no time to clean before the next one.
    expect(await freeTimes(room.uuid)).toEqual(['08:00', '10:30', '11:00', '11:30']);
    const inBuffer = await book(room.uuid, [at('10:00')]);
    expect(inBuffer.statusCode).toBe(409);
    expect((await book(room.uuid, [at('08:30')])).statusCode).toBe(409);
    expect((await book(room.uuid, [at('10:30')])).statusCode).toBe(201);

    // Even a row written past the service cannot sit in another booking's buffer.
    const [held] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.startsAt, new Date(at('09:30')))));
    await expect(
      t.db.insert(appointments).values({
        bookingId: (await ownBookingOfAnother(room.uuid))!,
        roomId: held!.roomId,
        customerId: held!.customerId,
        startsAt: new Date(at('10:00')),
        endsAt: new Date(at('10:30')),
        status: 'confirmed',
        priceCents: 100,
      }),
    ).rejects.toThrow();
  });

  it('moves the buffer to the slot before when the end of a stretch is canceled', async () => {
    const room = await newRoom('Sala Limpeza Desfeita', { slot_minutes: 30, buffer_minutes: 15 });
    const booked = await book(room.uuid, [at('09:00'), at('09:30'), at('10:00')]);
    expect(booked.statusCode, booked.body).toBe(201);
    const last = booked
      .json()
      .data.appointments.find((a: { date_time: string }) => a.date_time === at('10:00'));
    const res = await call(specialist.token, 'POST', `/api/customer/appointment/${last.uuid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    // 09:30–10:00 now ends the stretch: 10:00 is its cleaning time, 10:30 is free again.
    expect(await freeTimes(room.uuid)).toEqual(['08:00', '10:30', '11:00', '11:30']);
    expect((await book(room.uuid, [at('10:00')])).statusCode).toBe(409);
    const [kept] = await t.db
      .select({ buffer: appointments.bufferMinutes })
      .from(appointments)
      .innerJoin(roomsTable, eq(roomsTable.id, appointments.roomId))
      .where(and(eq(roomsTable.uuid, room.uuid), eq(appointments.startsAt, new Date(at('09:30')))));
    expect(kept!.buffer).toBe(15);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('refuses hours sooner than the notice and further than the horizon', async () => {
    const room = await newRoom('Sala Aviso', { min_notice_minutes: 2880, max_days_ahead: 30 });
    const tomorrow = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
    const soon = await book(room.uuid, [at('10:00', tomorrow)]);
    expect(soon.statusCode).toBe(422);
    expect(soon.json().errors.date_times).toEqual([
      'Esta sala pede reserva com pelo menos 2 dias de antecedência.',
    ]);
    expect(await freeTimes(room.uuid, tomorrow)).toEqual([]);
    const far = addDays(tomorrow, 40);
    const tooFar = await book(room.uuid, [at('10:00', far)]);
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().errors.date_times).toEqual(['Esta sala aceita reservas até 30 dias à frente.']);
    expect(await freeTimes(room.uuid, far)).toEqual([]);
    expect((await book(room.uuid, [at('10:00')])).statusCode).toBe(201);
  });

  it('lets 50 parallel attempts at overlapping half hours hold no two overlapping times', async () => {
    const room = await newRoom('Sala Disputada', { slot_minutes: 30, buffer_minutes: 30 });
    const people = await Promise.all(Array.from({ length: 5 }, () => signedInAs(t, 'customer')));
    const starts = ['09:00', '09:30', '10:00', '10:30'];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(room.uuid, [at(starts[i % 4]!)], people[i % 5]!.token, 'pix'),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c !== 201).every((c) => c === 409),
      codes.join(),
    ).toBe(true);
    const rows = await t.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.roomId, await roomId(room.uuid)),
          inArray(appointments.status, [...slotHoldingStatuses]),
        ),
      );
    expect(rows.length).toBe(codes.filter((c) => c === 201).length);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    // Every two held slots are at least the slot plus the buffer apart.
    const times = rows.map((r) => r.startsAt.getTime()).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(60 * 60_000);
  }, 60_000);
});

describe('search under the rules', () => {
  it('finds a room only when its page shows an available slot that day', async () => {
    const other = await createClinic(t, partner.user, partner.token, 'Clínica Busca Regras');
    await openClinic(t, partner.user, partner.token, other.uuid, [weekdayOf(day)], ['08:00', '11:00']);
    const make = async (name: string, rules: Partial<RoomRulesBody>) => {
      const room = await createRoom(t, partner.user, partner.token, other.uuid, name);
      expect((await roomRules(room.uuid, rules)).statusCode).toBe(200);
      return room;
    };
    const long = await make('Longa Demais', { min_booking_minutes: 240 });
    const fits = await make('Cabe Três', { min_booking_minutes: 180 });
    const cleaned = await make('Com Limpeza', {
      slot_minutes: 30,
      buffer_minutes: 30,
      min_booking_minutes: 120,
    });
    const notice = await make('Com Aviso', { min_notice_minutes: 10080 });
    const horizon = await make('Só Dois Dias', { max_days_ahead: 2 });
    // 08:00–10:00 taken and cleaned until 10:30: 10:30–11:00 is too short for two hours.
    const twoHours = ['08:00', '08:30', '09:00', '09:30'].map((h) => at(h));
    expect((await book(cleaned.uuid, twoHours)).statusCode).toBe(201);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/room/genericsearch?per_page=50',
      payload: { value: 'Clínica Busca Regras', attributeToFilter: 'clinic', date: day },
    });
    const found = (res.json().data as { name: string }[]).map((r) => r.name).sort();
    for (const room of [long, fits, cleaned, notice, horizon]) {
      expect((await freeTimes(room.uuid)).length > 0, room.name).toBe(found.includes(room.name));
    }
    expect(found).toEqual(['Cabe Três']);
  });
});

async function bookingId(res: { json(): { data: { appointments: { uuid: string }[] } } }) {
  const [row] = await t.db
    .select({ bookingId: appointments.bookingId })
    .from(appointments)
    .where(eq(appointments.uuid, res.json().data.appointments[0]!.uuid));
  return row!.bookingId;
}

async function roomId(uuid: string) {
  const [row] = await t.db.select({ id: roomsTable.id }).from(roomsTable).where(eq(roomsTable.uuid, uuid));
  return row!.id;
}

/** A booking of the room other than the one holding 09:00–10:00 (the 10:30 one). */
async function ownBookingOfAnother(uuid: string) {
  const [row] = await t.db
    .select({ bookingId: appointments.bookingId })
    .from(appointments)
    .where(
      and(eq(appointments.roomId, await roomId(uuid)), eq(appointments.startsAt, new Date(at('10:30')))),
    );
  return row?.bookingId;
}

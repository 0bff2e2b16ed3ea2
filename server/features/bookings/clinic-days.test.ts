/**
 * Days on the clinic's clock (issue 42): a room in Manaus (UTC−4) booked at 23:30 there is on that
 * day — in the partner's agenda and calendar, the specialist's lists, the statement and its
 * spreadsheet, the dashboards, the operator's list and the privacy export — not on São Paulo's next day; a room in
 * Noronha (UTC−2) at 00:30 is not on São Paulo's day before; a room in São Paulo reads as it did.
 * Date-sensitive: runs at the hard instants too (vitest.instants.config.ts), where the Manaus hour
 * falls on a month's or the year's last day, or on 29 February.
 */
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let operator: Awaited<ReturnType<typeof signedInAs>>;

interface Place {
  zone: string;
  time: string;
  /** The day of the hour on the clinic's clock. */
  day: string;
  /** The hour as the clinic writes it (yyyy-MM-ddTHH:mm). */
  local: string;
  roomName: string;
  /** Per minute: 30-minute hours of R$ 30, 60 and 120 tell the dashboards' sums apart. */
  price: string;
  room: string;
  appointment: string;
  booking: string;
}
const places: Record<'manaus' | 'noronha' | 'saoPaulo', Place> = {
  manaus: { zone: 'America/Manaus', time: '23:30', roomName: 'Sala Rio Negro', price: '1.0000' } as Place,
  noronha: { zone: 'America/Noronha', time: '00:30', roomName: 'Sala Atalaia', price: '2.0000' } as Place,
  saoPaulo: { zone: 'America/Sao_Paulo', time: '23:30', roomName: 'Sala Paulista', price: '4.0000' } as Place,
};

/** The first day, from today on the zone's clock, whose `time` there is at least half an hour away. */
function nextDayAt(now: Date, zone: string, time: string) {
  let day = zonedDate(now, zone);
  while (zonedInstant(day, time, zone).getTime() < now.getTime() + 30 * 60_000) day = addDays(day, 1);
  return day;
}

/** The day São Paulo's clock shows at the place's hour (where the old filter listed it). */
const saoPauloDay = (p: Place) => zonedDate(zonedInstant(p.day, p.time, p.zone), 'America/Sao_Paulo');

const get = (url: string, token: string) => request(t.app, { method: 'GET', url, token });
const post = (url: string, token: string, payload: object) =>
  request(t.app, { method: 'POST', url, token, payload });
const uuids = (list: { uuid: string }[]) => list.map((x) => x.uuid);

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  operator = await signedInAs(t, 'admin');
  const card = await saveCard(t, specialist.user, specialist.token);
  for (const p of Object.values(places)) {
    const made = await post(`/api/partner/${partner.user.uuid}/coworking`, partner.token, {
      name: `Clínica ${p.roomName}`,
      timezone: p.zone,
    });
    expect(made.statusCode, made.body).toBe(201);
    const clinic = made.json().data.uuid as string;
    await openClinic(t, partner.user, partner.token, clinic);
    const room = await createRoom(t, partner.user, partner.token, clinic, p.roomName, p.price);
    p.room = room.uuid;
    const rules = await request(t.app, {
      method: 'PUT',
      url: `/api/partner/room/${room.uuid}/booking-rules`,
      token: partner.token,
      payload: {
        slot_minutes: 30,
        min_booking_minutes: null,
        buffer_minutes: null,
        max_days_ahead: null,
        min_notice_minutes: null,
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    p.day = nextDayAt(t.clock.now, p.zone, p.time);
    const instant = zonedInstant(p.day, p.time, p.zone);
    p.local = `${p.day}T${p.time}`;
    const booked = await bookByCard(t, specialist.token, room.uuid, card.uuid, [instant.toISOString()]);
    p.appointment = booked.appointments[0]!.uuid;
    p.booking = booked.uuid;
    expect(booked.appointments[0]!.date_time.slice(0, 16)).toBe(p.local);
  }
  // The hard case is the hard case: Manaus' 23:30 and Noronha's 00:30 are another day in São Paulo.
  expect(saoPauloDay(places.manaus)).toBe(addDays(places.manaus.day, 1));
  expect(saoPauloDay(places.noronha)).toBe(addDays(places.noronha.day, -1));
  expect(saoPauloDay(places.saoPaulo)).toBe(places.saoPaulo.day);
});
afterAll(() => t.close());

/** Which of the places' hours a list holds, by appointment uuid. */
const present = (ids: string[]) =>
  Object.fromEntries(Object.entries(places).map(([k, p]) => [k, ids.includes(p.appointment)]));

describe('a day is the clinic’s day', () => {
  it('in the partner’s agenda list and calendar, blocks included', async () => {
    for (const [name, p] of Object.entries(places)) {
      const onDay = await get(`/api/partner/appointments/${p.day}/${p.day}/todas`, partner.token);
      expect(onDay.statusCode, onDay.body).toBe(200);
      expect(present(uuids(onDay.json().data))[name], `${name} on ${p.day}`).toBe(true);
      const row = onDay.json().data.find((a: { uuid: string }) => a.uuid === p.appointment);
      expect(row.date_time.slice(0, 16)).toBe(p.local);
      if (saoPauloDay(p) !== p.day) {
        const sp = saoPauloDay(p);
        const other = await get(`/api/partner/appointments/${sp}/${sp}/todas`, partner.token);
        expect(present(uuids(other.json().data))[name], `${name} not on ${sp}`).toBe(false);
      }
      const calendar = await get(`/api/partner/calendar?dateInit=${p.day}&dateEnd=${p.day}`, partner.token);
      expect(calendar.statusCode, calendar.body).toBe(200);
      expect(present(uuids(calendar.json().data.appointments))[name]).toBe(true);
    }
    // A block from 23:00 to midnight in Manaus, the day after the booking: on that day's calendar
    // only (São Paulo's clock would put it on the day after).
    const m = places.manaus;
    const next = addDays(m.day, 1);
    const block = await post('/api/partner/bulkblocking', partner.token, {
      room_uuid: [m.room],
      starts_at: zonedInstant(next, '23:00', m.zone).toISOString(),
      ends_at: zonedInstant(addDays(next, 1), '00:00', m.zone).toISOString(),
      reason: 'Manutenção',
    });
    expect(block.statusCode, block.body).toBe(201);
    const blocksOn = async (day: string) =>
      (await get(`/api/partner/calendar?dateInit=${day}&dateEnd=${day}`, partner.token))
        .json()
        .data.blocks.map((b: { starts_at: string }) => b.starts_at.slice(0, 16));
    expect(await blocksOn(next)).toEqual([`${next}T23:00`]);
    expect(await blocksOn(addDays(next, 1))).toEqual([]);
    const nextDay = await get(`/api/partner/calendar?dateInit=${next}&dateEnd=${next}`, partner.token);
    expect(present(uuids(nextDay.json().data.appointments)).manaus).toBe(false);
  });

  it('in the specialist’s appointments and bookings filtered by that date', async () => {
    for (const [name, p] of Object.entries(places)) {
      const hours = await post('/api/customer/appointments', specialist.token, {
        dateInit: p.day,
        dateEnd: p.day,
      });
      expect(hours.statusCode, hours.body).toBe(200);
      expect(present(uuids(hours.json().data))[name], `${name} on ${p.day}`).toBe(true);
      expect(hours.json().meta.total).toBe(hours.json().data.length);
      const bookings = await get(
        `/api/customer/bookings?dateInit=${p.day}&dateEnd=${p.day}`,
        specialist.token,
      );
      expect(bookings.statusCode, bookings.body).toBe(200);
      expect(uuids(bookings.json().data)).toContain(p.booking);
      if (saoPauloDay(p) !== p.day) {
        const sp = saoPauloDay(p);
        const other = await post('/api/customer/appointments', specialist.token, {
          dateInit: sp,
          dateEnd: sp,
        });
        expect(present(uuids(other.json().data))[name], `${name} not on ${sp}`).toBe(false);
        const otherBookings = await get(
          `/api/customer/bookings?dateInit=${sp}&dateEnd=${sp}`,
          specialist.token,
        );
        expect(uuids(otherBookings.json().data)).not.toContain(p.booking);
      }
    }
  });

  it('in the statement and the month’s Extrato, each line at its clinic’s time', async () => {
    for (const [name, p] of Object.entries(places)) {
      const res = await get(
        `/api/partner/${partner.user.uuid}/statement?dateInit=${p.day}&dateEnd=${p.day}`,
        partner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.json().data.lines as { appointment_uuid: string; date_time: string }[];
      const line = lines.find((l) => l.appointment_uuid === p.appointment);
      expect(line?.date_time.slice(0, 16), name).toBe(p.local);
      if (saoPauloDay(p) !== p.day) {
        const sp = saoPauloDay(p);
        const other = await get(
          `/api/partner/${partner.user.uuid}/statement?dateInit=${sp}&dateEnd=${sp}`,
          partner.token,
        );
        expect(
          other.json().data.lines.map((l: { appointment_uuid: string }) => l.appointment_uuid),
        ).not.toContain(p.appointment);
      }

      const month = p.day.slice(0, 7);
      const xlsx = await get(
        `/api/partner/${partner.user.uuid}/statement.xlsx?month=${month}`,
        partner.token,
      );
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as never);
      const rows: { when: string; room: string }[] = [];
      book.worksheets[0]!.eachRow((row, n) => {
        const when = row.getCell(1).value;
        if (n > 1 && when instanceof Date)
          rows.push({ when: when.toISOString().slice(0, 16), room: String(row.getCell(2).value) });
      });
      // The sheet's date is the clinic's wall clock (a spreadsheet date has no zone).
      expect(rows, `${name} in Extrato-${month}`).toContainEqual({ when: p.local, room: p.roomName });
    }
  });

  it('in the dashboards and the operator’s list of appointments', async () => {
    const m = places.manaus;
    const after = addDays(m.day, 1);
    /** What the hours on `day` (their clinic's) cost: each room's price tells which are counted. */
    const grossOn = (day: string) =>
      Object.values(places)
        .filter((p) => p.day === day)
        .reduce((sum, p) => sum + Number(p.price) * 30 * 100, 0);
    for (const day of [m.day, after]) {
      const sales = await get(
        `/api/partner/dashboard/salesturnover?dateInit=${day}&dateEnd=${day}`,
        partner.token,
      );
      expect(sales.statusCode, sales.body).toBe(200);
      expect(sales.json().data.gross_cents, day).toBe(grossOn(day));
      expect(sales.json().data.days).toEqual([
        expect.objectContaining({ date: day, gross_cents: grossOn(day) }),
      ]);
    }
    expect(grossOn(m.day)).toBeGreaterThan(0);

    const listed = await request(t.app, {
      method: 'POST',
      url: '/api/fusion/appointments',
      token: operator.token,
      payload: { dateInit: m.day, dateEnd: m.day, partner: partner.user.uuid },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(present(uuids(listed.json().data)).manaus).toBe(true);
    const nextList = await request(t.app, {
      method: 'POST',
      url: '/api/fusion/appointments',
      token: operator.token,
      payload: { dateInit: after, dateEnd: after, partner: partner.user.uuid },
    });
    expect(present(uuids(nextList.json().data)).manaus).toBe(false);
  });

  it('in the specialist’s privacy export: a booking, its payment and refunds on its clinic’s clock', async () => {
    const res = await get('/api/user/export', specialist.token);
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(files['dados.json']!));
    for (const [name, p] of Object.entries(places)) {
      const booking = data.bookings.find((b: { uuid: string }) => b.uuid === p.booking);
      const offset = booking.appointments[0].starts_at.slice(19);
      expect(booking.appointments[0].starts_at.slice(0, 16), name).toBe(p.local);
      expect(offset, name).toMatch(/^[+-]\d{2}:\d{2}$/);
      // Paid before the hour, on the same clock as it.
      expect(booking.payment.paid_at.slice(19), name).toBe(offset);
      expect(booking.created_at.slice(19), name).toBe(offset);
    }
  });
});

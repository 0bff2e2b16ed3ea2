import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBrCode } from '#common/br/pix';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { appointments, bookings, cards } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { decodeQr } from '../../test/qr.ts';
import { openRoom, saveCard, storedCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, {
    room: 'Sala Reserva',
    weekdays: [1, 2, 3, 4, 5],
    hours: ['08:00', '20:00'],
  }));
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 2);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
});
afterAll(() => t.close());

const at = (hh: string) => `${day}T${hh}:00:00-03:00`;
const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });

const card = (token: string, uuid: string, number = '4242 4242 4242 4242') =>
  saveCard(t, { uuid }, token, number);

describe('cards', () => {
  it('saves cards tokenised (brand, last 4; never the number), lists, makes default and removes', async () => {
    const first = await card(specialist.token, specialist.user.uuid);
    const second = await card(specialist.token, specialist.user.uuid, '5555 5555 5555 4444');
    const list = await as(specialist.token, 'GET', `/api/customer/card/${specialist.user.uuid}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        uuid: first.uuid,
        brand: 'visa',
        last4: '4242',
        is_default: true,
        holder_name: 'ANA SOUZA',
      }),
      expect.objectContaining({ uuid: second.uuid, brand: 'mastercard', last4: '4444', is_default: false }),
    ]);
    const stored = await t.db.select().from(cards);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    const def = await as(
      specialist.token,
      'POST',
      `/api/customer/${specialist.user.uuid}/card/${second.uuid}`,
    );
    expect(def.json().data.map((c: { is_default: boolean }) => c.is_default)).toEqual([false, true]);
    expect((await as(specialist.token, 'DELETE', `/api/customer/${second.uuid}/card`)).statusCode).toBe(204);
    const after = await as(specialist.token, 'GET', `/api/customer/card/${specialist.user.uuid}`);
    expect(after.json().data).toEqual([expect.objectContaining({ uuid: first.uuid, is_default: true })]);
  });

  it('refuses invalid and expired cards, and other users’ cards', async () => {
    const bad = await as(specialist.token, 'POST', `/api/customer/${specialist.user.uuid}/card`, {
      number: '4242 4242 4242 4241',
      holder_name: 'A',
      exp_month: 13,
      exp_year: 2020,
      cvv: '1',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.number).toEqual(['Número de cartão inválido.']);
    const expired = await as(specialist.token, 'POST', `/api/customer/${specialist.user.uuid}/card`, {
      number: '4242424242424242',
      holder_name: 'Ana',
      exp_month: 1,
      exp_year: 2021,
      cvv: '123',
    });
    expect(expired.json().errors.exp_month).toEqual(['Cartão vencido.']);
    const other = await signedInAs(t, 'customer');
    expect((await as(other.token, 'GET', `/api/customer/card/${specialist.user.uuid}`)).statusCode).toBe(404);
  });
});

describe('booking', () => {
  it('books several slots by card, all confirmed and paid, and they leave the availability', async () => {
    const c = await card(specialist.token, specialist.user.uuid);
    const res = await as(specialist.token, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at('09'), at('10')],
      payment_method: 'card',
      card_uuid: c.uuid,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'confirmed',
      amount_cents: 12000,
      appointments: [
        { date_time: at('09'), status: 'confirmed' },
        { date_time: at('10'), status: 'confirmed' },
      ],
      payment: { method: 'card', status: 'paid' },
    });
    const slots = (
      await request(t.app, { method: 'GET', url: `/api/customer/room/${room.uuid}/availability/${day}` })
    ).json().data.slots;
    expect(
      slots
        .filter((s: { available: boolean }) => !s.available)
        .map((s: { date_time: string }) => s.date_time),
    ).toEqual([at('09'), at('10')]);
  });

  it('books nothing when any slot is taken or outside the hours (409, all or nothing)', async () => {
    const c = await card(specialist.token, specialist.user.uuid);
    const res = await as(specialist.token, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at('11'), at('10'), `${day}T22:00:00-03:00`],
      payment_method: 'card',
      card_uuid: c.uuid,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Não foi possível efetuar a reserva.');
    const eleven = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, new Date(at('11'))));
    expect(eleven).toHaveLength(0);
  });

  it('books nothing with the decline card', async () => {
    // Saving a declining card is refused (DESIGN §8): this one was verified once, declines now.
    const declined = await storedCard(t, specialist.user, { declines: true });
    const before = (await t.db.select().from(bookings)).length;
    const res = await as(specialist.token, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at('14')],
      payment_method: 'card',
      card_uuid: declined.uuid,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Não foi possível efetuar a reserva.');
    expect((await t.db.select().from(bookings)).length).toBe(before);
    const slots = (
      await request(t.app, { method: 'GET', url: `/api/customer/room/${room.uuid}/availability/${day}` })
    ).json().data.slots;
    expect(slots.find((s: { date_time: string }) => s.date_time === at('14')).available).toBe(true);
  });

  it('holds Pix bookings for 15 minutes with a valid BR Code', async () => {
    const res = await as(partner.token, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at('15')],
      payment_method: 'pix',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'pending_payment', payment: { method: 'pix', status: 'pending' } });
    expect(isValidBrCode(data.payment.pix.copy_paste)).toBe(true);
    const png = Buffer.from(data.payment.pix.qr_code.replace('data:image/png;base64,', ''), 'base64');
    expect(await decodeQr(png)).toBe(data.payment.pix.copy_paste);
    expect(
      Math.abs(new Date(data.payment.pix.expires_at).getTime() - t.clock.now.getTime() - 15 * 60_000),
    ).toBeLessThan(1000);
  });

  it('lets exactly one of 50 parallel attempts at one slot win', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => signedInAs(t, 'customer')));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        as(people[i % 5]!.token, 'POST', '/api/customer/appointment/bulk', {
          room_uuid: room.uuid,
          date_times: [at('17')],
          payment_method: 'pix',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    const held = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, new Date(at('17'))));
    expect(held).toHaveLength(1);
  }, 60_000);

  it('answers 401 to visitors and 403 to operators', async () => {
    const body = { room_uuid: room.uuid, date_times: [at('18')], payment_method: 'pix' };
    expect(
      (await request(t.app, { method: 'POST', url: '/api/customer/appointment/bulk', payload: body }))
        .statusCode,
    ).toBe(401);
    const owner = await signedInAs(t, 'owner');
    expect((await as(owner.token, 'POST', '/api/customer/appointment/bulk', body)).statusCode).toBe(403);
  });
});

describe('booking mails', () => {
  it('sends the confirmation with the invitation as one event for contiguous hours, and the Pix code while pending', async () => {
    const c = await card(specialist.token, specialist.user.uuid);
    const booked = await as(specialist.token, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at('18'), at('19')],
      payment_method: 'card',
      card_uuid: c.uuid,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const confirmed = t.mail
      .filter(
        (m) => m.to === specialist.user.email && m.subject.startsWith('Reserva confirmada: Sala Reserva, '),
      )
      .at(-1)!;
    expect(confirmed.subject).toMatch(
      /^Reserva confirmada: Sala Reserva, [a-zá]{3}\. \d\d\/\d\d, 18:00–20:00$/,
    );
    expect(confirmed.calendar?.method).toBe('REQUEST');
    const ics = confirmed.calendar!.content;
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const stamp = (iso: string) =>
      new Date(iso)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${stamp(at('18'))}`);
    expect(ics).toContain(`DTEND:${stamp(at('20'))}`);
    expect(confirmed.text).toContain('R$');

    const pix = await as(specialist.token, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at('08')],
      payment_method: 'pix',
    });
    const pending = t.mail.filter((m) => m.to === specialist.user.email).at(-1)!;
    expect(pending.subject).toMatch(/^Pague com Pix para confirmar: Sala Reserva, .+, 08:00–09:00$/);
    expect(pending.text).toContain(pix.json().data.payment.pix.copy_paste);
    const qr = pending.attachments!.find((a) => a.filename === 'pix-qrcode.png')!;
    expect(await decodeQr(qr.content as Buffer)).toBe(pix.json().data.payment.pix.copy_paste);
  });
});

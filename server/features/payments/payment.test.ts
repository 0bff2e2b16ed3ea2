import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { appointments, bookings } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { openRoom } from '../../test/supply-fixtures.ts';
import { expireHolds } from '../lifecycle/lifecycle.service.ts';

let t: TestContext;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  const partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Pix', hours: ['08:00', '20:00'] }));
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  if (weekdayOf(day) === 0) day = addDays(day, 1);
});
afterAll(() => t.close());

async function pixBooking(hour: string) {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: specialist.token,
    payload: { room_uuid: room.uuid, date_times: [`${day}T${hour}:00:00-03:00`], payment_method: 'pix' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

function signed(body: object, secret = t.config.paymentWebhookSecret, at = t.clock.now) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex');
  return request(t.app, {
    method: 'POST',
    url: '/api/payments/webhook',
    xsrf: false,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${ts},v1=${v1}` },
  });
}

const statusOf = async (uuid: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.uuid, uuid)))[0]!.status;

describe('payment webhook', () => {
  it('confirms a Pix booking once, however many times the event is replayed', async () => {
    const booking = await pixBooking('09');
    const event = { id: 'evt_1', type: 'payment.paid', data: { payment_uuid: booking.payment.uuid } };
    const first = await signed(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.applied).toBe(true);
    expect(await statusOf(booking.uuid)).toBe('confirmed');
    const replays = await Promise.all(Array.from({ length: 100 }, () => signed(event)));
    expect(replays.every((r) => r.statusCode === 200 && r.json().data.applied === false)).toBe(true);
    const status = await request(t.app, {
      method: 'GET',
      url: `/api/customer/payment/${booking.payment.uuid}`,
      token: specialist.token,
    });
    expect(status.json().data).toMatchObject({
      uuid: booking.payment.uuid,
      status: 'paid',
      booking_status: 'confirmed',
      method: 'pix',
      refunded_cents: 0,
      refunds: [],
    });
  });

  it('refuses a bad or stale signature with 401 and changes nothing', async () => {
    const booking = await pixBooking('10');
    const event = { id: 'evt_bad', type: 'payment.paid', data: { payment_uuid: booking.payment.uuid } };
    expect((await signed(event, 'another-secret-entirely')).statusCode).toBe(401);
    expect((await signed(event, undefined, new Date(t.clock.now.getTime() - 10 * 60_000))).statusCode).toBe(
      401,
    );
    expect(await statusOf(booking.uuid)).toBe('pending_payment');
  });

  it('frees the slots when the payment fails', async () => {
    const booking = await pixBooking('11');
    await signed({ id: 'evt_fail', type: 'payment.failed', data: { payment_uuid: booking.payment.uuid } });
    expect(await statusOf(booking.uuid)).toBe('failed');
    const slots = (
      await request(t.app, { method: 'GET', url: `/api/customer/room/${room.uuid}/availability/${day}` })
    ).json().data.slots;
    expect(slots.find((s: { date_time: string }) => s.date_time === `${day}T11:00:00-03:00`).available).toBe(
      true,
    );
  });
});

describe('Pix holds', () => {
  it('expire after 15 minutes and give the slot back; a late payment is refunded', async () => {
    const booking = await pixBooking('12');
    const services = t.app.services;
    expect(await expireHolds(services)).toBe(0);
    t.clock.advance(16 * 60_000);
    expect(await expireHolds(services)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(booking.uuid)).toBe('expired');
    const [appt] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.uuid, booking.appointments[0].uuid));
    expect(appt!.status).toBe('expired');
    await signed({ id: 'evt_late', type: 'payment.paid', data: { payment_uuid: booking.payment.uuid } });
    const status = await request(t.app, {
      method: 'GET',
      url: `/api/customer/payment/${booking.payment.uuid}`,
      token: specialist.token,
    });
    expect(status.json().data).toMatchObject({ status: 'refunded', booking_status: 'expired' });
    const late = t.mail.filter((m) => m.subject.startsWith('Pix recebido fora do prazo, valor devolvido: '));
    expect(late).toHaveLength(1);
    expect(late[0]!.text).toContain('Devolvemos o valor integralmente');
  });

  it('can be paid with "simular pagamento" outside production', async () => {
    const booking = await pixBooking('13');
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/customer/payment/${booking.payment.uuid}/simulate`,
      token: specialist.token,
    });
    expect(res.json().data).toMatchObject({ status: 'paid', booking_status: 'confirmed' });
    const other = await signedInAs(t, 'customer');
    expect(
      (
        await request(t.app, {
          method: 'POST',
          url: `/api/customer/payment/${booking.payment.uuid}/simulate`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('payment mails', () => {
  it('mails the confirmation with calendar invites when the Pix is paid, once', async () => {
    const booking = await pixBooking('14');
    const before = t.mail.length;
    const event = { id: 'evt_mail', type: 'payment.paid', data: { payment_uuid: booking.payment.uuid } };
    await signed(event);
    await signed(event);
    const sent = t.mail.slice(before).filter((m) => m.subject.startsWith('Reserva confirmada: Sala Pix, '));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.calendar?.method).toBe('REQUEST');
    const receipts = t.mail.slice(before).filter((m) => m.subject.startsWith('Pagamento recebido: R$'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(booking.payment.uuid);
    // The receipt comes first, then the confirmation with the invitations.
    expect(t.mail.indexOf(receipts[0]!)).toBeLessThan(t.mail.indexOf(sent[0]!));
  });
});

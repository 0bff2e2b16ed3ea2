import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { bookings, payments } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { lastMailTo, signedInAs } from '../../test/fixtures.ts';
import { bookByCard, openRoom, saveCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let cardUuid: string;

function weekday(fromDays: number): string {
  let d = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), fromDays);
  while (weekdayOf(d) === 0 || weekdayOf(d) === 6) d = addDays(d, 1);
  return d;
}

beforeAll(async () => {
  t = await createTestContext();
  const partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Cancelável' }));
  cardUuid = (await saveCard(t, specialist.user, specialist.token)).uuid;
});
afterAll(() => t.close());

const book = (dateTimes: string[]) => bookByCard(t, specialist.token, room.uuid, cardUuid, dateTimes);

describe('my appointments', () => {
  it('lists by period, the next hour first and the past after it, with room, clinic, amount and whether a cancellation refunds', async () => {
    const far = weekday(10);
    const soon = new Date(t.clock.now.getTime() + 5 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    await book([`${far}T10:00:00-03:00`]);
    await book([soon.toISOString()]);
    const all = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointments',
      token: specialist.token,
      payload: {},
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta.total).toBe(2);
    const [first, second] = all.json().data;
    expect(first).toMatchObject({ refundable: false, cancelable: true });
    expect(second).toMatchObject({
      date_time: `${far}T10:00:00-03:00`,
      status: 'confirmed',
      amount_cents: 6000,
      refundable: true,
      cancelable: true,
      room: { name: 'Sala Cancelável' },
    });
    // Once the near hour has passed, the coming one leads and the past follows.
    t.clock.advance(6 * 3_600_000);
    const later = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointments',
      token: specialist.token,
      payload: {},
    });
    expect(later.json().data.map((a: { date_time: string }) => a.date_time)).toEqual([
      `${far}T10:00:00-03:00`,
      first.date_time,
    ]);
    const ranged = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointments?page=1',
      token: specialist.token,
      payload: { dateInit: far, dateEnd: far },
    });
    expect(ranged.json().data).toHaveLength(1);
    const backwards = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointments',
      token: specialist.token,
      payload: { dateInit: far, dateEnd: weekday(1) },
    });
    expect(backwards.statusCode).toBe(422);
  });

  it('cancels more than 24 h ahead with a full refund and a mail; later without refund', async () => {
    const day = weekday(12);
    const booking = await book([`${day}T08:00:00-03:00`, `${day}T09:00:00-03:00`]);
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[0]!.uuid}/cancel`,
      token: specialist.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'canceled', refund_cents: 6000 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.uuid, booking.payment.uuid));
    expect(payment).toMatchObject({ status: 'partially_refunded', refundedCents: 6000 });
    expect(lastMailTo(t, specialist.user.email).text).toContain('R$');
    // The freed slot is offered again.
    const slots = (
      await request(t.app, { method: 'GET', url: `/api/customer/room/${room.uuid}/availability/${day}` })
    ).json().data.slots;
    expect(slots.find((s: { date_time: string }) => s.date_time === `${day}T08:00:00-03:00`).available).toBe(
      true,
    );

    await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[1]!.uuid}/cancel`,
      token: specialist.token,
    });
    const [whole] = await t.db.select().from(bookings).where(eq(bookings.uuid, booking.uuid));
    expect(whole!.status).toBe('canceled');

    const soon = new Date(t.clock.now.getTime() + 3 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const late = await book([soon.toISOString()]);
    const lateCancel = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${late.appointments[0]!.uuid}/cancel`,
      token: specialist.token,
    });
    expect(lateCancel.json().data.refund_cents).toBe(0);
    const again = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${late.appointments[0]!.uuid}/cancel`,
      token: specialist.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta reserva não pode mais ser cancelada.');
  });

  it("answers 404 for another specialist's appointment", async () => {
    const booking = await book([`${weekday(14)}T11:00:00-03:00`]);
    const other = await signedInAs(t, 'customer');
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${booking.appointments[0]!.uuid}/cancel`,
      token: other.token,
    });
    expect(res.statusCode).toBe(404);
    const list = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointments',
      token: other.token,
      payload: {},
    });
    expect(list.json().data).toEqual([]);
  });
});

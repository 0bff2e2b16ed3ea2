import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { lastMailTo, signedInAs } from '../../test/fixtures.ts';
import { bookByCard, openRoom, saveCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let clinic: { uuid: string };
let room: { uuid: string };
let day: string;
let booked: { appointments: { uuid: string; date_time: string }[] };

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  ({ clinic, room } = await openRoom(t, partner, { room: 'Sala Agenda', hours: ['08:00', '20:00'] }));
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  if (weekdayOf(day) === 0) day = addDays(day, 1);
  const card = await saveCard(t, specialist.user, specialist.token);
  booked = await bookByCard(t, specialist.token, room.uuid, card.uuid, [
    `${day}T09:00:00-03:00`,
    `${day}T10:00:00-03:00`,
  ]);
});
afterAll(() => t.close());

describe('partner agenda', () => {
  it('lists the appointments of its rooms by period, clinic and room, with the specialist', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/partner/appointments/${day}/${day}/todas`,
      token: partner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(2);
    expect(res.json().data[0]).toMatchObject({
      date_time: `${day}T09:00:00-03:00`,
      status: 'confirmed',
      room: { name: 'Sala Agenda' },
      customer: { email: specialist.user.email },
    });
    const byRoom = await request(t.app, {
      method: 'GET',
      url: `/api/partner/appointment/${clinic.uuid}/room/${room.uuid}`,
      token: partner.token,
    });
    expect(byRoom.json().meta.total).toBe(2);
    const other = await signedInAs(t, 'partner');
    const foreign = await request(t.app, {
      method: 'GET',
      url: `/api/partner/appointments/${day}/${day}/todas`,
      token: other.token,
    });
    expect(foreign.json().data).toEqual([]);
  });

  it('changes statuses; cancelling refunds in full and mails the specialist; others get 404', async () => {
    const [first, second] = booked.appointments;
    const complete = () =>
      request(t.app, {
        method: 'POST',
        url: `/api/partner/appointment/${first!.uuid}/status/update`,
        token: partner.token,
        payload: { date_time: first!.date_time, status: 'completed' },
      });
    // Not before the hour starts (DESIGN §8): the specialist would lose the free cancellation.
    expect((await complete()).statusCode).toBe(409);
    const saved = t.clock.now;
    t.clock.now = new Date(new Date(first!.date_time).getTime() + 5 * 60_000);
    const done = await complete();
    t.clock.now = saved;
    expect(done.json().data).toMatchObject({ status: 'completed', refund_cents: 0 });
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${second!.uuid}/status/update`,
      token: partner.token,
      payload: { date_time: second!.date_time, status: 'canceled' },
    });
    expect(canceled.json().data).toMatchObject({ status: 'canceled', refund_cents: 6000 });
    expect(lastMailTo(t, specialist.user.email).subject).toMatch(/^Reserva cancelada pela clínica: /);
    const wrongTime = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${first!.uuid}/status/update`,
      token: partner.token,
      payload: { date_time: `${day}T23:00:00-03:00`, status: 'no_show' },
    });
    expect(wrongTime.statusCode).toBe(422);
    const other = await signedInAs(t, 'partner');
    const foreign = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${first!.uuid}/status/update`,
      token: other.token,
      payload: { date_time: first!.date_time, status: 'no_show' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await request(t.app, {
          method: 'GET',
          url: `/api/partner/appointments/${day}/${day}/todas`,
          token: specialist.token,
        })
      ).statusCode,
    ).toBe(403);
  });
});

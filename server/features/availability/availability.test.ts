/**
 * A room's availability is read in one statement over a window wide enough for any clinic's day:
 * at both ends of the world's offsets (UTC+14 and UTC−11) the first and last hours of the day, held
 * or blocked, are seen on their own day and not on the neighbours'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import { blockedSchedules, clinics, rooms } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const slotsOf = async (room: string, date: string) => {
  const res = await request(t.app, { method: 'GET', url: `/api/customer/room/${room}/availability/${date}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.slots as { date_time: string; available: boolean }[]).map(
    (s) => `${s.date_time.slice(11, 16)}${s.available ? '' : ' ocupado'}`,
  );
};

describe.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo'])('clinic in %s', (zone) => {
  it('shows the day’s first and last hours taken on that day only', async () => {
    const partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token);
    await t.db.update(clinics).set({ timezone: zone }).where(eq(clinics.uuid, clinic.uuid));
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid);
    await openClinic(t, partner.user, partner.token, clinic.uuid);
    const day = addDays(zonedDate(t.clock.now, zone), 3);
    const specialist = await signedInAs(t, 'customer');
    const card = await saveCard(t, specialist.user, specialist.token);
    await bookByCard(t, specialist.token, room.uuid, card.uuid, [
      zonedInstant(day, '23:00', zone).toISOString(),
    ]);
    const [row] = await t.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.uuid, room.uuid));
    await t.db.insert(blockedSchedules).values({
      roomId: row!.id,
      startsAt: zonedInstant(day, '00:00', zone),
      endsAt: zonedInstant(day, '01:00', zone),
    });

    const slots = await slotsOf(room.uuid, day);
    expect(slots).toHaveLength(24);
    expect(slots[0]).toBe('00:00 ocupado');
    expect(slots[23]).toBe('23:00 ocupado');
    expect(slots.slice(1, 23).every((s) => !s.includes('ocupado'))).toBe(true);
    for (const neighbour of [addDays(day, -1), addDays(day, 1)])
      expect((await slotsOf(room.uuid, neighbour)).filter((s) => s.includes('ocupado'))).toEqual([]);
  });
});

it('answers 404 for a room that is not bookable', async () => {
  const res = await request(t.app, {
    method: 'GET',
    url: '/api/customer/room/7f1d2c54-2b7e-4f33-9a55-0d7f3c1e9b10/availability/2030-01-01',
  });
  expect(res.statusCode).toBe(404);
});

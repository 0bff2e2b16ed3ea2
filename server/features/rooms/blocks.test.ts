/**
 * A block never lands silently on held hours (DESIGN §9 "The partner's day"): 409 with the list and
 * nothing blocked; `skip` blocks only the free parts; `cancel` cancels those bookings as the
 * partner (full refund, the specialist mailed) and blocks it all; a booking and a block of the same
 * hour arriving at once never both land. On PGlite and, under `npm run test:pg`, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockMessages } from '#common/contracts/supply';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { checkLedger } from '../lifecycle/ledger.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let rooms: { uuid: string }[];
let card: string;
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  const clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  rooms = [
    await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Bloqueio A'),
    await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Bloqueio B'),
  ];
  card = (await saveCard(t, customer.user, customer.token)).uuid;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const at = (d: string, hh: number) => `${d}T${String(hh).padStart(2, '0')}:00:00-03:00`;
const block = (roomUuids: string[], from: string, to: string, extra: object = {}) =>
  request(t.app, {
    method: 'POST',
    url: '/api/partner/bulkblocking',
    token: partner.token,
    payload: { room_uuid: roomUuids, starts_at: from, ends_at: to, ...extra },
  });
const blocksOf = async (roomUuid: string) =>
  (
    await request(t.app, {
      method: 'GET',
      url: `/api/partner/blockedschedule/room/${roomUuid}`,
      token: partner.token,
    })
  ).json().data as { starts_at: string; ends_at: string }[];

describe('blocking hours that are booked', () => {
  it('answers 409 listing the bookings in the way, and blocks nothing', async () => {
    const booked = await bookByCard(t, customer.token, rooms[0]!.uuid, card, [at(day, 9), at(day, 10)]);
    const res = await block([rooms[0]!.uuid, rooms[1]!.uuid], at(day, 8), at(day, 12));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: blockMessages.conflicts(2),
      code: 'conflicts',
      conflicts: booked.appointments.map((a) => ({
        appointment_uuid: a.uuid,
        room_uuid: rooms[0]!.uuid,
        date_time: a.date_time,
        customer_name: customer.user.name,
      })),
    });
    expect(await blocksOf(rooms[0]!.uuid)).toEqual([]);
    expect(await blocksOf(rooms[1]!.uuid)).toEqual([]);
  });

  it("names who holds each hour: the specialist, or the outside booking's person", async () => {
    const d = addDays(day, 2);
    const booked = await bookByCard(t, customer.token, rooms[0]!.uuid, card, [at(d, 9)]);
    const outside = await request(t.app, {
      method: 'POST',
      url: `/api/partner/room/${rooms[1]!.uuid}/manual-booking`,
      token: partner.token,
      payload: { date_times: [at(d, 10)], customer_name: 'Beatriz Telefone' },
    });
    expect(outside.statusCode, outside.body).toBe(201);
    const res = await block([rooms[0]!.uuid, rooms[1]!.uuid], at(d, 8), at(d, 12));
    expect(res.statusCode).toBe(409);
    expect(res.json().conflicts).toEqual([
      {
        appointment_uuid: booked.appointments[0]!.uuid,
        room_uuid: rooms[0]!.uuid,
        date_time: at(d, 9),
        customer_name: customer.user.name,
      },
      {
        appointment_uuid: outside.json().data.appointments[0].uuid,
        room_uuid: rooms[1]!.uuid,
        date_time: at(d, 10),
        customer_name: 'Beatriz Telefone',
      },
    ]);
  });

  it('blocks only the free parts when asked to skip the bookings', async () => {
    const res = await block([rooms[0]!.uuid, rooms[1]!.uuid], at(day, 8), at(day, 12), {
      on_conflict: 'skip',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await blocksOf(rooms[0]!.uuid)).map((b) => [b.starts_at, b.ends_at])).toEqual([
      [at(day, 8), at(day, 9)],
      [at(day, 11), at(day, 12)],
    ]);
    expect((await blocksOf(rooms[1]!.uuid)).map((b) => [b.starts_at, b.ends_at])).toEqual([
      [at(day, 8), at(day, 12)],
    ]);
    // The booking stays.
    const [row] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from appointments where room_id = (select id from rooms where uuid = ${rooms[0]!.uuid}) and status = 'confirmed' limit 1`,
    );
    expect(row?.status).toBe('confirmed');
  });

  it('cancels those bookings with a full refund and blocks it all when asked to', async () => {
    const d = addDays(day, 1);
    const booked = await bookByCard(t, customer.token, rooms[1]!.uuid, card, [at(d, 14)]);
    const res = await block([rooms[1]!.uuid], at(d, 13), at(d, 17), {
      on_conflict: 'cancel',
      reason: 'Reforma',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await queryRows<{ status: string; refund_cents: number; by: string }>(
      t.db,
      sql`select a.status, a.refund_cents, u.uuid as by from appointments a join users u on u.id = a.canceled_by
          where a.uuid = ${booked.appointments[0]!.uuid}`,
    );
    expect(row).toMatchObject({ status: 'canceled', refund_cents: 6000, by: partner.user.uuid });
    expect(t.mail.filter((m) => m.to === customer.user.email).at(-1)!.subject).toMatch(/cancelad/i);
    expect(
      (await blocksOf(rooms[1]!.uuid)).some((b) => b.starts_at === at(d, 13) && b.ends_at === at(d, 17)),
    ).toBe(true);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('never lets a booking and a block of the same hour both land when they arrive at once', async () => {
    for (let i = 0; i < 6; i++) {
      const d = addDays(day, 3 + i);
      const [booked, blocked] = await Promise.all([
        request(t.app, {
          method: 'POST',
          url: '/api/customer/appointment/bulk',
          token: customer.token,
          payload: {
            room_uuid: rooms[0]!.uuid,
            date_times: [at(d, 10)],
            payment_method: 'card',
            card_uuid: card,
          },
        }),
        block([rooms[0]!.uuid], at(d, 9), at(d, 12)),
      ]);
      expect([booked.statusCode, blocked.statusCode].sort(), `${booked.body} ${blocked.body}`).toEqual([
        201, 409,
      ]);
      const [held] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from appointments a join blocked_schedules b on b.room_id = a.room_id
            and b.starts_at < a.ends_at and b.ends_at > a.starts_at
            where a.status in ('pending_payment', 'confirmed')`,
      );
      expect(held?.n).toBe(0);
    }
  });
});

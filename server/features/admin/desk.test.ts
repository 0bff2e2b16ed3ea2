/**
 * The operator's desk (DESIGN §9): bookings newest first, found by name, e-mail, CPF, room or uuid;
 * one booking with its payment and refunds; the operator's cancel refunds every paid hour in full
 * through the lifecycle and mails the specialist; only operators. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskMessages } from '#common/contracts/desk';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { checkLedger } from '../lifecycle/ledger.ts';

let t: TestContext;
let operator: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let ana: Awaited<ReturnType<typeof signedInAs>>;
let bia: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  operator = await signedInAs(t, 'owner');
  partner = await signedInAs(t, 'partner');
  ana = await signedInAs(t, 'customer');
  bia = await signedInAs(t, 'customer');
  await t.db.execute(sql`update users set name = 'Ana Desk Souza' where uuid = ${ana.user.uuid}`);
  await t.db.execute(sql`update users set name = 'Beatriz Desk Lima' where uuid = ${bia.user.uuid}`);
  const clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Balcão');
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const at = (hh: number) => `${day}T${String(hh).padStart(2, '0')}:00:00-03:00`;
const op = (method: 'GET' | 'POST', url: string, payload?: object, who = operator) =>
  request(t.app, { method, url, token: who.token, payload });

describe("the operator's desk", () => {
  let anaBooking: { uuid: string };
  let biaBooking: { uuid: string };

  it('lists bookings newest first and finds them by name, e-mail, CPF, room or uuid', async () => {
    const cardA = (await saveCard(t, ana.user, ana.token)).uuid;
    const cardB = (await saveCard(t, bia.user, bia.token)).uuid;
    anaBooking = await bookByCard(t, ana.token, room.uuid, cardA, [at(9), at(10)]);
    t.clock.advance(60_000);
    biaBooking = await bookByCard(t, bia.token, room.uuid, cardB, [at(14)]);
    const all = (await op('GET', '/api/fusion/bookings?per_page=5')).json();
    expect(all.data.slice(0, 2).map((b: { uuid: string }) => b.uuid)).toEqual([
      biaBooking.uuid,
      anaBooking.uuid,
    ]);
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 5 });
    const find = async (q: string) =>
      (await op('GET', `/api/fusion/bookings?search=${encodeURIComponent(q)}`))
        .json()
        .data.map((b: { uuid: string }) => b.uuid);
    expect(await find('ana desk')).toEqual([anaBooking.uuid]);
    expect(await find(bia.user.email.toUpperCase())).toEqual([biaBooking.uuid]);
    expect((await find('balcão')).sort()).toEqual([anaBooking.uuid, biaBooking.uuid].sort());
    expect(await find(anaBooking.uuid)).toEqual([anaBooking.uuid]);
    expect(await find('nada disso 100%')).toEqual([]);
    const [{ cpf } = { cpf: '' }] = await queryRows<{ cpf: string }>(
      t.db,
      sql`select cpf from specialist_profiles where user_id = (select id from users where uuid = ${bia.user.uuid})`,
    );
    expect(await find(cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'))).toEqual([biaBooking.uuid]);
    const first = (await op('GET', `/api/fusion/bookings?search=${encodeURIComponent('ana desk')}`)).json()
      .data[0];
    expect(first).toMatchObject({
      customer: { uuid: ana.user.uuid, email: ana.user.email },
      room: { uuid: room.uuid, name: 'Sala Balcão' },
      status: 'confirmed',
      amount_cents: 12000,
    });
    expect(first.appointments).toHaveLength(2);
    expect((await op('GET', '/api/fusion/bookings?status=quase')).statusCode).toBe(422);
  });

  it('shows one booking with its payment, and cancels it with a full refund and the mail', async () => {
    const detail = (await op('GET', `/api/fusion/booking/${anaBooking.uuid}`)).json().data;
    expect(detail.payment).toMatchObject({ status: 'paid', amount_cents: 12000, refunded_cents: 0 });
    expect(detail.refunds).toEqual([]);
    expect(
      (await op('POST', `/api/fusion/booking/${anaBooking.uuid}/cancel`, { reason: '' })).statusCode,
    ).toBe(422);
    const canceled = await op('POST', `/api/fusion/booking/${anaBooking.uuid}/cancel`, {
      reason: 'Sala interditada pela vigilância sanitária',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = canceled.json().data;
    expect(after.status).toBe('canceled');
    expect(after.appointments.every((a: { status: string }) => a.status === 'canceled')).toBe(true);
    expect(after.payment).toMatchObject({ refunded_cents: 12000 });
    expect(after.refunds.reduce((n: number, r: { amount_cents: number }) => n + r.amount_cents, 0)).toBe(
      12000,
    );
    expect(t.mail.filter((m) => m.to === ana.user.email).some((m) => /cancelad/i.test(m.subject))).toBe(true);
    const again = await op('POST', `/api/fusion/booking/${anaBooking.uuid}/cancel`, { reason: 'de novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(deskMessages.nothingToCancel);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('answers 404 for an unknown booking and only to operators', async () => {
    expect((await op('GET', '/api/fusion/booking/6f1d2c1e-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    for (const who of [partner, bia])
      expect((await op('GET', '/api/fusion/bookings', undefined, who)).statusCode).toBe(403);
  });
});

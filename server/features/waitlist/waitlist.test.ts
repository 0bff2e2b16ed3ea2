/**
 * The waitlist end to end (decision 0025), on PGlite and — with TEST_DATABASE_URL — on PostgreSQL,
 * where a freed hour is raced by its offer and by people booking it directly.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '#common/contracts/waitlist';
import { addDays, zonedDate } from '#common/time/zone';
import {
  appointments,
  bookings,
  payments as paymentsTable,
  rooms,
  slotHoldingStatuses,
} from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import {
  bookByCard,
  createClinic,
  createRoom,
  openClinic,
  saveCard,
  storedCard,
} from '../../test/supply-fixtures.ts';
import { availabilityFor } from '../availability/availability.service.ts';
import { checkLedger } from '../lifecycle/ledger.ts';
import { expireHolds } from '../lifecycle/lifecycle.service.ts';
import { settleUnrecordedCharges } from '../payments/reconcile.service.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let clinic: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  clinic = await createClinic(t, partner.user, partner.token, 'Clínica Espera');
  await openClinic(t, partner.user, partner.token, clinic.uuid, [0, 1, 2, 3, 4, 5, 6], ['08:00', '12:00']);
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 60_000);
afterAll(() => t.close());

const at = (hhmm: string) => `${day}T${hhmm}:00-03:00`;
const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });

async function person() {
  const p = await signedInAs(t, 'customer');
  const card = await saveCard(t, p.user, p.token);
  return { ...p, card: card.uuid };
}
const join = (p: { token: string }, room: string, from: string, to: string) =>
  call(p.token, 'POST', '/api/customer/waitlist', { room_uuid: room, date: day, from, to });
const mine = async (p: { token: string }) =>
  (await call(p.token, 'GET', '/api/customer/waitlist')).json().data as WaitlistEntry[];
async function cancelFirst(p: { token: string }, booking: { appointments: { uuid: string }[] }) {
  const res = await call(
    p.token,
    'POST',
    `/api/customer/appointment/${booking.appointments[0]!.uuid}/cancel`,
  );
  expect(res.statusCode, res.body).toBeLessThan(300);
}
async function freeAt(room: string, hhmm: string) {
  const [d] = await availabilityFor(t.app.services, room, [day]);
  return d!.slots.find((s) => s.date_time.slice(11, 16) === hhmm)?.available;
}

describe('waitlist', () => {
  it('offers a freed hour to the first in line for 15 minutes, then to the next; the next pays', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Concorrida');
    const [holder, bia, caio] = await Promise.all([person(), person(), person()]);
    const booked = await bookByCard(t, holder.token, room.uuid, holder.card, [at('10:00')]);
    expect((await join(bia, room.uuid, '10:00', '11:00')).statusCode).toBe(201);
    const wide = await join(caio, room.uuid, '08:00', '12:00');
    expect(wide.statusCode, wide.body).toBe(201);
    expect(wide.json().data).toMatchObject({ status: 'waiting', from: '08:00', to: '12:00', offer: null });

    await cancelFirst(holder, booked);
    await t.deliverMail();
    const [offer] = await mine(bia);
    expect(offer!.status).toBe('offered');
    expect(offer!.offer!.date_times).toEqual([at('10:00')]);
    expect(t.mail.findLast((m) => m.to === bia.user.email)?.subject).toContain('Vagou um horário');
    // Held for Bia: nobody else sees it free, Caio still waits.
    expect(await freeAt(room.uuid, '10:00')).toBe(false);
    expect((await mine(caio))[0]!.status).toBe('waiting');

    // Bia lets the 15 minutes pass: her turn ends, Caio's comes.
    t.clock.advance(16 * 60_000);
    await expireHolds(t.app.services);
    await t.deliverMail();
    expect((await mine(bia))[0]!.status).toBe('expired');
    const [caioOffer] = await mine(caio);
    expect(caioOffer!.status).toBe('offered');
    expect(t.mail.findLast((m) => m.to === caio.user.email)?.subject).toContain('Vagou um horário');

    const paid = await call(caio.token, 'POST', `/api/customer/waitlist/${caioOffer!.uuid}/claim`, {
      payment_method: 'card',
      card_uuid: caio.card,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.status).toBe('confirmed');
    expect((await mine(caio))[0]!.status).toBe('booked');
    // A second claim finds nothing held.
    const again = await call(caio.token, 'POST', `/api/customer/waitlist/${caioOffer!.uuid}/claim`, {
      payment_method: 'pix',
    });
    expect(again.statusCode).toBe(409);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('passes a held hour to the next at once when its person leaves the line', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Desistência');
    const [holder, dora, eli] = await Promise.all([person(), person(), person()]);
    const booked = await bookByCard(t, holder.token, room.uuid, holder.card, [at('09:00')]);
    await join(dora, room.uuid, '09:00', '10:00');
    await join(eli, room.uuid, '09:00', '10:00');
    await cancelFirst(holder, booked);
    const [doraEntry] = await mine(dora);
    expect(doraEntry!.status).toBe('offered');
    expect((await call(dora.token, 'DELETE', `/api/customer/waitlist/${doraEntry!.uuid}`)).statusCode).toBe(
      204,
    );
    expect((await mine(dora))[0]!.status).toBe('left');
    expect((await mine(eli))[0]!.status).toBe('offered');
    // A stranger cannot touch Eli's entry.
    const [eliEntry] = await mine(eli);
    expect((await call(dora.token, 'DELETE', `/api/customer/waitlist/${eliEntry!.uuid}`)).statusCode).toBe(
      404,
    );
  });

  it('answers bad input with Portuguese 4xx and lets only specialists in', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Regras Espera');
    const p = await person();
    const backwards = await join(p, room.uuid, '11:00', '10:00');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['O fim precisa ser depois do início.']);
    const bad = await join(p, room.uuid, '25:00', '26:00');
    expect(bad.statusCode).toBe(422);
    expect((await join(partner, room.uuid, '10:00', '11:00')).statusCode).toBe(403);
  });

  it('never gives a freed hour twice when its offer races people booking it directly', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Corrida');
    const holder = await person();
    const waiting = await person();
    const rushers = await Promise.all(Array.from({ length: 6 }, () => person()));
    const booked = await bookByCard(t, holder.token, room.uuid, holder.card, [at('11:00')]);
    await join(waiting, room.uuid, '11:00', '12:00');
    const [cancel, ...direct] = await Promise.all([
      call(holder.token, 'POST', `/api/customer/appointment/${booked.appointments[0]!.uuid}/cancel`),
      ...rushers.map((r) =>
        call(r.token, 'POST', '/api/customer/appointment/bulk', {
          room_uuid: room.uuid,
          date_times: [at('11:00')],
          payment_method: 'card',
          card_uuid: r.card,
        }),
      ),
    ]);
    expect(cancel!.statusCode).toBeLessThan(300);
    expect(direct.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const holding = await t.db
      .select()
      .from(appointments)
      .innerJoin(rooms, eq(rooms.id, appointments.roomId))
      .where(and(eq(rooms.uuid, room.uuid), inArray(appointments.status, [...slotHoldingStatuses])));
    expect(holding).toHaveLength(1);
    const offered = (await mine(waiting))[0]!.status === 'offered';
    expect(direct.filter((r) => r.statusCode === 201).length + (offered ? 1 : 0)).toBe(1);
  }, 60_000);

  it('pays a held hour once when claims arrive at once; a declined card keeps it held for another', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Um Pagamento');
    const [holder, fia] = await Promise.all([person(), person()]);
    const booked = await bookByCard(t, holder.token, room.uuid, holder.card, [at('08:00')]);
    await join(fia, room.uuid, '08:00', '09:00');
    await cancelFirst(holder, booked);
    const [entry] = await mine(fia);
    expect(entry!.status).toBe('offered');
    const claim = (payload: object) =>
      call(fia.token, 'POST', `/api/customer/waitlist/${entry!.uuid}/claim`, payload);

    // Every call to the provider, with its key.
    const payments = t.app.services.payments;
    const keys: string[] = [];
    const { chargeCard, createPix } = payments;
    payments.chargeCard = (input) => {
      keys.push(input.idempotencyKey);
      return chargeCard.call(payments, input);
    };
    payments.createPix = (input) => {
      keys.push(input.idempotencyKey);
      return createPix.call(payments, input);
    };
    try {
      const declining = await storedCard(t, fia.user, { declines: true });
      const refused = await claim({ payment_method: 'card', card_uuid: declining.uuid });
      expect(refused.statusCode, refused.body).toBe(422);
      expect((await mine(fia))[0]!.offer).not.toBeNull();

      const answers = await Promise.all([
        claim({ payment_method: 'card', card_uuid: fia.card }),
        claim({ payment_method: 'pix' }),
        claim({ payment_method: 'card', card_uuid: fia.card }),
      ]);
      const codes = answers.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 201),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
      // One provider call for the declined card, one for the winner — each with its own key.
      expect(keys).toHaveLength(2);
      expect(new Set(keys).size).toBe(2);
      const won = answers.find((r) => r.statusCode === 201)!.json().data;
      const [row] = await t.db
        .select({ booking: bookings.paymentMethod, payment: paymentsTable.method })
        .from(bookings)
        .innerJoin(paymentsTable, eq(paymentsTable.bookingId, bookings.id))
        .where(eq(bookings.uuid, won.uuid));
      expect(row).toEqual({ booking: won.payment.method, payment: won.payment.method });
      expect((await mine(fia))[0]!.status).toBe('booked');
    } finally {
      payments.chargeCard = chargeCard;
      payments.createPix = createPix;
    }
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  }, 60_000);

  it('tries no second charge of an offer whose claim died after the capture; the job books it', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Queda');
    const [holder, gil] = await Promise.all([person(), person()]);
    const booked = await bookByCard(t, holder.token, room.uuid, holder.card, [at('09:00')]);
    await join(gil, room.uuid, '09:00', '10:00');
    await cancelFirst(holder, booked);
    const [entry] = await mine(gil);
    expect(entry!.status).toBe('offered');
    const claim = () =>
      call(gil.token, 'POST', `/api/customer/waitlist/${entry!.uuid}/claim`, {
        payment_method: 'card',
        card_uuid: gil.card,
      });
    // The fault hook: the provider captures, then the process dies before writing its answer.
    const payments = t.app.services.payments;
    const { chargeCard } = payments;
    const keys: string[] = [];
    payments.chargeCard = async (input) => {
      keys.push(input.idempotencyKey);
      await chargeCard.call(payments, input);
      throw new Error('processo morto depois da captura');
    };
    try {
      expect((await claim()).statusCode).toBe(500);
      // Past the attempt's 2-minute lease: another attempt (another key) would charge twice.
      t.clock.advance(3 * 60_000);
      const again = await claim();
      expect(again.statusCode, again.body).toBe(409);
      expect(keys).toHaveLength(1);
    } finally {
      payments.chargeCard = chargeCard;
    }
    expect(await settleUnrecordedCharges(t.app.services)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select({ status: bookings.status, payment: paymentsTable.status })
      .from(bookings)
      .innerJoin(paymentsTable, eq(paymentsTable.bookingId, bookings.id))
      .where(eq(bookings.uuid, entry!.offer!.booking_uuid));
    expect(row).toEqual({ status: 'confirmed', payment: 'paid' });
    expect((await mine(gil))[0]!.status).toBe('booked');
    expect(await checkLedger(t.db, { now: new Date(t.clock.now.getTime() + 31 * 60_000) })).toEqual([]);
  }, 60_000);
});

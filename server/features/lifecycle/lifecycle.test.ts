/**
 * The cases that lost money or trust before the lifecycle (issue list of DESIGN §8), each with
 * requests arriving at once: on PGlite they queue, on PostgreSQL (`npm run test:pg`) they race.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import type { PaymentProvider } from '../../adapters/payments.ts';
import { appointments, bookings, refunds, sandboxRefunds } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { signedWebhook } from '../../test/webhook.ts';
import { expireHolds } from './lifecycle.service.ts';
import { retryRefunds } from './refunds.service.ts';

const ZONE = 'America/Sao_Paulo';
let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let card: { uuid: string };
let room: { uuid: string };
let day: string;
let hour = 0;
/** Every refund call the provider received, by idempotency key. */
const calls: string[] = [];
let failNext = 0;

beforeAll(async () => {
  t = await createTestContext();
  const real = t.app.services.payments;
  const counting: PaymentProvider = {
    ...real,
    async refund(ref, amount, key) {
      calls.push(key);
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('provedor fora do ar');
      }
      return real.refund(ref, amount, key);
    },
  };
  t.app.services.payments = counting;
  partner = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  card = await saveCard(t, customer.user, customer.token);
  const clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Ciclo', '1.0833');
  day = addDays(zonedDate(t.clock.now, ZONE), 5);
}, 120_000);
afterAll(() => t.close());

const nextHours = (n: number) =>
  Array.from({ length: n }, () => `${day}T${String(hour++).padStart(2, '0')}:00:00-03:00`);

async function pix(n = 1) {
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: customer.token,
    payload: { room_uuid: room.uuid, date_times: nextHours(n), payment_method: 'pix' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    uuid: string;
    payment: { uuid: string };
    appointments: { uuid: string; date_time: string }[];
  };
}

const cancel = (uuid: string, token = customer.token) =>
  request(t.app, { method: 'POST', url: `/api/customer/appointment/${uuid}/cancel`, token });
const paymentOf = async (uuid: string) =>
  (
    await request(t.app, { method: 'GET', url: `/api/customer/payment/${uuid}`, token: customer.token })
  ).json().data;
const setStatus = (a: { uuid: string; date_time: string }, status: string) =>
  request(t.app, {
    method: 'POST',
    url: `/api/partner/appointment/${a.uuid}/status/update`,
    token: partner.token,
    payload: { date_time: a.date_time, status },
  });

describe('a Pix paid after its booking was canceled', () => {
  it('is refunded in full, once, and the customer is told', async () => {
    const b = await pix(2);
    expect((await cancel(b.appointments[0]!.uuid)).json().data).toMatchObject({ whole_booking: true });
    const paid = { id: `evt_late_${b.uuid}`, type: 'payment.paid', data: { payment_uuid: b.payment.uuid } };
    const answers = await Promise.all([
      signedWebhook(t, paid),
      signedWebhook(t, paid),
      signedWebhook(t, paid),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const p = await paymentOf(b.payment.uuid);
    expect(p).toMatchObject({
      status: 'refunded',
      booking_status: 'canceled',
      refunded_cents: p.amount_cents,
    });
    expect(p.refunds).toHaveLength(1);
    expect(p.refunds[0]).toMatchObject({
      status: 'succeeded',
      reason: 'late_payment',
      amount_cents: p.amount_cents,
    });
    expect(calls.filter((k) => k === p.refunds[0].uuid)).toHaveLength(1);
    const mail = t.mail.filter((m) => m.to === customer.user.email).at(-1)!;
    expect(mail.subject).toMatch(/devolvido/i);
  });

  it('racing the cancellation, ends either confirmed-then-refunded or refunded as late money, never a 500', async () => {
    const b = await pix(1);
    const [canceled, hook] = await Promise.all([
      cancel(b.appointments[0]!.uuid),
      signedWebhook(t, {
        id: `evt_race_${b.uuid}`,
        type: 'payment.paid',
        data: { payment_uuid: b.payment.uuid },
      }),
    ]);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(hook.statusCode, hook.body).toBe(200);
    const p = await paymentOf(b.payment.uuid);
    // Whichever came first, the money is back in full (free cancellation, 5 days ahead).
    expect(p.booking_status).toBe('canceled');
    expect(p.refunded_cents).toBe(p.amount_cents);
    expect(p.status).toBe('refunded');
  });

  it('after the hold expired is refunded, and the hold job and the webhook can run together', async () => {
    const b = await pix(1);
    t.clock.advance(16 * 60_000);
    await Promise.all([
      expireHolds(t.app.services),
      signedWebhook(t, {
        id: `evt_exp_${b.uuid}`,
        type: 'payment.paid',
        data: { payment_uuid: b.payment.uuid },
      }),
      expireHolds(t.app.services),
    ]);
    const p = await paymentOf(b.payment.uuid);
    expect(p).toMatchObject({ booking_status: 'expired', status: 'refunded' });
    expect(p.refunds).toHaveLength(1);
  });
});

describe('simultaneous cancellations of one appointment', () => {
  it('refund it once; the others answer 409', async () => {
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, nextHours(2));
    const a = booking.appointments[0]!;
    const answers = await Promise.all([cancel(a.uuid), cancel(a.uuid), cancel(a.uuid), cancel(a.uuid)]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const p = await paymentOf(booking.payment.uuid);
    expect(p.refunds).toHaveLength(1);
    expect(p).toMatchObject({ status: 'partially_refunded', refunded_cents: p.amount_cents / 2 });
    const sent = await t.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, p.refunds[0].uuid));
    expect(sent).toHaveLength(1);
  });

  it('by the customer and the partner at once refund it once', async () => {
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, nextHours(1));
    const a = booking.appointments[0]!;
    const answers = await Promise.all([cancel(a.uuid), setStatus(a, 'canceled'), cancel(a.uuid)]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const p = await paymentOf(booking.payment.uuid);
    expect(p.refunds).toHaveLength(1);
    expect(p).toMatchObject({ status: 'refunded', refunded_cents: p.amount_cents });
  });
});

describe('the partner status menu follows the table', () => {
  it('refuses completed and no_show before the start, and confirmed on an unpaid Pix hold', async () => {
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, nextHours(1));
    const a = booking.appointments[0]!;
    for (const status of ['completed', 'no_show']) {
      const res = await setStatus(a, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/depois do início/);
    }
    const hold = await pix(1);
    const res = await setStatus(hold.appointments[0]!, 'confirmed');
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.uuid, hold.uuid));
    expect(row!.status).toBe('pending_payment');
    // The hold still expires, and a cancel after that has nothing to refund.
    t.clock.advance(16 * 60_000);
    await expireHolds(t.app.services);
    expect((await cancel(hold.appointments[0]!.uuid)).statusCode).toBe(409);
    expect((await paymentOf(hold.payment.uuid)).refunded_cents).toBe(0);
  });

  it('allows completed after the start, and then nothing else', async () => {
    const start = zonedInstant(day, '23:00', ZONE);
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, [`${day}T23:00:00-03:00`]);
    const a = booking.appointments[0]!;
    const saved = t.clock.now;
    t.clock.now = new Date(start.getTime() + 10 * 60_000);
    try {
      expect((await setStatus(a, 'completed')).statusCode).toBe(200);
      expect((await setStatus(a, 'completed')).statusCode).toBe(200);
      expect((await setStatus(a, 'no_show')).statusCode).toBe(409);
      expect((await setStatus(a, 'canceled')).statusCode).toBe(409);
      expect((await cancel(a.uuid)).statusCode).toBe(409);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('limits per person', () => {
  it('hold when six Pix bookings arrive at once: three open, the rest refused with the reason', async () => {
    const someone = await signedInAs(t, 'customer');
    const answers = await Promise.all(
      nextHours(6).map((at) =>
        request(t.app, {
          method: 'POST',
          url: '/api/customer/appointment/bulk',
          token: someone.token,
          payload: { room_uuid: room.uuid, date_times: [at], payment_method: 'pix' },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422]);
    const refused = answers.find((r) => r.statusCode === 422)!.json();
    expect(refused.errors.payment_method[0]).toMatch(/aguardando pagamento Pix/);
  });
});

describe('refunds', () => {
  it('are retried by the job until the provider answers, with the same idempotency key', async () => {
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, nextHours(1));
    failNext = 1;
    const res = await cancel(booking.appointments[0]!.uuid);
    expect(res.json().data.refund_cents).toBeGreaterThan(0);
    let p = await paymentOf(booking.payment.uuid);
    expect(p.refunds[0]).toMatchObject({ status: 'pending' });
    // refunded_cents counts the pending refund already (DESIGN §8).
    expect(p.refunded_cents).toBe(p.amount_cents);
    t.clock.advance(31_000);
    await retryRefunds(t.app.services);
    p = await paymentOf(booking.payment.uuid);
    expect(p.refunds[0]).toMatchObject({ status: 'succeeded' });
    expect(calls.filter((k) => k === p.refunds[0].uuid)).toHaveLength(2);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.uuid, p.refunds[0].uuid));
    expect(row!.attempts).toBe(2);
  });

  it('the sandbox gateway refuses more than it captured and repeats an answer for a known key', async () => {
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, nextHours(1));
    const s = t.app.services;
    const ref = `ch_sandbox_${booking.payment.uuid}`;
    const first = await s.payments.refund(ref, 100, 'chave-1');
    expect(first.status).toBe('succeeded');
    expect(await s.payments.refund(ref, 100, 'chave-1')).toEqual(first);
    expect((await s.payments.refund(ref, booking.amount_cents, 'chave-2')).status).toBe('refused');
    expect((await s.payments.refund('ch_sandbox_desconhecida', 1, 'chave-3')).status).toBe('refused');
  });

  it('a payment the provider reports refunded releases its hours', async () => {
    const booking = await bookByCard(t, customer.token, room.uuid, card.uuid, nextHours(1));
    const res = await signedWebhook(t, {
      id: `evt_ref_${booking.uuid}`,
      type: 'payment.refunded',
      data: { payment_uuid: booking.payment.uuid },
    });
    expect(res.statusCode).toBe(200);
    const [a] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.uuid, booking.appointments[0]!.uuid));
    expect(a!.status).toBe('canceled');
    const p = await paymentOf(booking.payment.uuid);
    expect(p).toMatchObject({ status: 'refunded', booking_status: 'canceled' });
  });
});

/**
 * Model-based test of the booking lifecycle (DESIGN §8), on PGlite and, under `npm run test:pg`, on
 * PostgreSQL. Random sequences of bookings (card and Pix), provider webhooks (in order, late,
 * duplicated; disputes opened, charged back and settled), payouts made, paid and canceled (a
 * charge-back while a payout is pending, and after it was paid), customer cancellations, partner status changes, hold expiry, refund retries with a
 * provider that times out, partner suspension, horários fixos (series, their monthly charges, a
 * skipped week, the rest canceled) and the waitlist (joining, freed hours offered, offers paid) —
 * one after another (fc.commands with
 * fc.asyncModelRun), then fired in parallel batches. After every run the ledger must hold
 * (checkLedger: refunded ≤ captured, refunds add up, each reached the provider once, no slot held
 * twice, confirmed means paid, cancellations refunded per the table, late money returned), held
 * money never left in a payout, what was paid out less what is owed back is what the partner kept
 * (checkPayouts), and no request may have answered 5xx.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import type { PaymentProvider } from '../../adapters/payments.ts';
import { queryRows } from '../../db/client.ts';
import { payments, throttleCounters } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs, signIn } from '../../test/fixtures.ts';
import { mercadoPagoEnv, saveFakeCard } from '../../test/mercadopago-app.ts';
import { type FakeMercadoPago, fakeCardToken, startFakeMercadoPago } from '../../test/mercadopago-fake.ts';
import { TEST_NOW } from '../../test/now.ts';
import { openRoom, saveCard } from '../../test/supply-fixtures.ts';
import { signedWebhook } from '../../test/webhook.ts';
import { checkLedger } from './ledger.ts';
import { expireHolds } from './lifecycle.service.ts';
import { retryRefunds } from './refunds.service.ts';
import { chargeDueSeriesMonths } from './series.lifecycle.ts';

const ZONE = 'America/Sao_Paulo';
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 12);

let t: TestContext;
let operator: { user: { uuid: string; email: string }; token: string };

/**
 * What differs between providers: how a card is saved and charged, how the provider tells us a
 * payment changed, and what its own books must show.
 */
interface Harness {
  name: string;
  saveCard(c: { user: { uuid: string }; token: string }): Promise<string>;
  /** Extra booking fields for a card charge (a fresh CVV token with Mercado Pago). */
  cardExtras(i: number): Record<string, unknown>;
  deliver(
    type: WebhookType,
    paymentUuid: string,
    eventId: string,
  ): Promise<{ statusCode: number; body: string }>;
  checkBooks(): Promise<void>;
}
let h: Harness;

type WebhookType =
  | 'payment.paid'
  | 'payment.failed'
  | 'payment.refunded'
  | 'payment.disputed'
  | 'payment.charged_back';

/** Provider calls by refund idempotency key, and a switch that makes refunds time out. */
const provider = { refundCalls: new Map<string, number>(), flaky: false, afterApply: false };

/** A fresh app for one provider, its refunds wrapped to time out on demand. */
async function startHarness(env: Record<string, string>, make: () => Harness) {
  t = await createTestContext(env);
  operator = await signedInAs(t, 'owner');
  const real = t.app.services.payments;
  const wrapped: PaymentProvider = {
    ...real,
    async refund(ref, amount, key) {
      provider.refundCalls.set(key, (provider.refundCalls.get(key) ?? 0) + 1);
      // A timeout either before the gateway saw the call or after it applied it: both are retried
      // with the same key, and the gateway must count the money once.
      if (provider.flaky && Math.random() < 0.3) {
        if (provider.afterApply) await real.refund(ref, amount, key);
        throw new Error('tempo esgotado falando com o provedor');
      }
      return real.refund(ref, amount, key);
    },
  };
  t.app.services.payments = wrapped;
  h = make();
}

/** What the runs did, printed when LIFECYCLE_RUNS is set (docs/reliability.md quotes it). */
const tally = { runs: 0, commands: 0, violations: 0, answers: new Map<number, number>() };
async function stopHarness() {
  if (process.env.LIFECYCLE_RUNS && t) {
    const [row] = await queryRows(
      t.db,
      sql`select (select count(*) from bookings)::int as bookings, (select count(*) from refunds)::int as refunds,
                 (select count(*) from appointments where status = 'canceled')::int as canceled,
                 (select count(*) from payments where paid_at is not null)::int as captured,
                 (select count(*) from payment_events where type in ('disputed', 'charged_back'))::int as dispute_events,
                 (select count(*) from payouts)::int as payouts,
                 (select count(*) from payout_items where amount_cents < 0)::int as negative_lines,
                 (select count(*) from series)::int as series,
                 (select count(*) from bookings where series_id is not null and status = 'confirmed')::int as series_months_paid,
                 (select count(*) from waitlist_entries where offer_booking_id is not null)::int as waitlist_offers`,
    );
    const answers = Object.fromEntries([...tally.answers].sort(([a], [b]) => a - b));
    console.log(
      `ciclo de vida (${h.name}, ${t.database.kind}): ${tally.runs} execuções, ${tally.commands} comandos, respostas ${JSON.stringify(answers)}, ${JSON.stringify(row)}, ${tally.violations} violações`,
    );
  }
  tally.runs = 0;
  tally.commands = 0;
  tally.violations = 0;
  tally.answers.clear();
  await t?.close();
}

const sandboxHarness = (): Harness => ({
  name: 'sandbox',
  saveCard: async (c) => (await saveCard(t, c.user, c.token)).uuid,
  cardExtras: () => ({}),
  deliver: (type, paymentUuid, eventId) =>
    signedWebhook(t, { id: eventId, type, data: { payment_uuid: paymentUuid } }),
  async checkBooks() {
    // Each refund reached the gateway's books exactly once, however often it was sent.
    const rows = await queryRows<{ key: string; n: number }>(
      t.db,
      sql`select r.uuid::text as key, count(s.idempotency_key)::int as n from refunds r
          left join sandbox_refunds s on s.idempotency_key = r.uuid::text
          where r.status = 'succeeded' and r.reason <> 'provider' group by r.uuid`,
    );
    for (const row of rows) expect(row.n, row.key).toBe(1);
  },
});

interface World {
  partner: { user: { uuid: string; email: string }; token: string };
  room: string;
  customers: { token: string; user: { uuid: string; email: string }; card: string }[];
  day: string;
  statuses: number[];
  /** Commands of a batch run at once: a dispute may land between a payout's "paid" and a look at it. */
  concurrent: boolean;
}

interface Model {
  bookings: { uuid: string; payment: string; appointments: { uuid: string; date_time: string }[] }[];
  events: string[];
  /** Horários fixos made, with the dates of their weeks. */
  series: { uuid: string; who: number; dates: string[] }[];
}

async function newWorld(concurrent: boolean): Promise<World> {
  // Each run starts the day before its hours, so the 24-hour rule and the hour's start are crossed.
  const today = zonedDate(TEST_NOW, ZONE);
  t.clock.now = zonedInstant(addDays(today, 1), '07:00', ZONE);
  // Every run signs people in from one address: the sign-in limits start afresh (they have tests).
  await t.db.delete(throttleCounters);
  const partner = await signedInAs(t, 'partner');
  const { room } = await openRoom(t, partner, { room: 'Sala Modelo' });
  const customers = [];
  for (let i = 0; i < 2; i++) {
    const c = await signedInAs(t, 'customer');
    customers.push({ ...c, card: await h.saveCard(c) });
  }
  return { partner, room: room.uuid, customers, day: addDays(today, 2), statuses: [], concurrent };
}

const hourIso = (w: World, h: number) => `${w.day}T${String(8 + h).padStart(2, '0')}:00:00-03:00`;
const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);

/** `solo` commands (moving the clock, suspending) run before the rest of a parallel batch. */
type Cmd = fc.AsyncCommand<Model, World> & { solo?: boolean };
const cmd = (name: string, run: (m: Model, w: World) => Promise<void>, solo = false): Cmd => ({
  check: () => true,
  run: (m, w) => {
    tally.commands += 1;
    return run(m, w);
  },
  toString: () => name,
  solo,
});

async function expectNo5xx(w: World, res: { statusCode: number; body: string }, allowed: number[]) {
  w.statuses.push(res.statusCode);
  tally.answers.set(res.statusCode, (tally.answers.get(res.statusCode) ?? 0) + 1);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(allowed, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
}

/** Nine days go by (every hour of the world's day is over and past its payout delay); all sign in again. */
async function nineDaysLater(w: World) {
  t.clock.advance(9 * 24 * 60 * 60_000);
  for (const c of w.customers) c.token = await signIn(t, c.user.email);
  w.partner.token = await signIn(t, w.partner.user.email);
  operator.token = await signIn(t, operator.user.email);
}

const HELD = ['disputed', 'charged_back'];
type PayoutView = { uuid: string; lines: { appointment_uuid: string; amount_cents: number }[] };

/** The operator makes the partner's payout: 201, or 422 with nothing available. */
async function makePayout(w: World): Promise<PayoutView | undefined> {
  const made = await request(t.app, {
    method: 'POST',
    url: '/api/fusion/payouts',
    token: operator.token,
    payload: { partner_uuid: w.partner.user.uuid },
  });
  await expectNo5xx(w, made, [201, 422]);
  return made.statusCode === 201 ? made.json().data : undefined;
}

/** Each appointment's payment (uuid and status now). */
async function paymentsOf(appointments: string[]) {
  if (appointments.length === 0) return new Map<string, { payment: string; status: string }>();
  const rows = await queryRows<{ appointment: string; payment: string; status: string }>(
    t.db,
    sql`select a.uuid::text as appointment, p.uuid::text as payment, p.status from appointments a
        join payments p on p.booking_id = a.booking_id
        where a.uuid::text in (${sql.join(
          appointments.map((u) => sql`${u}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.appointment, { payment: r.payment, status: r.status }]));
}

/** Held money never leaves: a payout just paid carries no positive line of a payment held now. */
async function expectNoHeldLinePaid(w: World, payout: PayoutView) {
  // Batches running at once may dispute a payment right after the payout was paid: checked alone.
  if (w.concurrent) return;
  const positive = payout.lines.filter((l) => l.amount_cents > 0).map((l) => l.appointment_uuid);
  const held = [...(await paymentsOf(positive))].filter(([, p]) => HELD.includes(p.status));
  expect(held, 'repasse pago com linha retida').toEqual([]);
}

/** The operator marks a payout paid; answers whether it was (409: a line is held). */
async function payPayout(w: World, payout: PayoutView, allowed: number[]) {
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/fusion/payouts/${payout.uuid}/paid`,
    token: operator.token,
    payload: { reference: `E${payout.uuid.replace(/-/g, '')}` },
  });
  await expectNo5xx(w, res, allowed);
  if (res.statusCode === 200) await expectNoHeldLinePaid(w, payout);
  return res;
}

/**
 * An hour of tomorrow booked by card (so there is money to pay out whatever came before), nine days
 * later, and the operator's payout of everything available then.
 */
async function bookThenPayout(m: Model, w: World, who: number, hour: number) {
  const c = w.customers[who]!;
  const tomorrow = addDays(zonedDate(t.clock.now, ZONE), 1);
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/customer/appointment/bulk',
    token: c.token,
    payload: {
      room_uuid: w.room,
      date_times: [`${tomorrow}T${String(8 + hour).padStart(2, '0')}:00:00-03:00`],
      payment_method: 'card',
      card_uuid: c.card,
      ...h.cardExtras(0),
    },
  });
  await expectNo5xx(w, res, [201, 409, 422, 429]);
  if (res.statusCode === 201) {
    const b = res.json().data;
    m.bookings.push({ uuid: b.uuid, payment: b.payment.uuid, appointments: b.appointments });
  }
  await nineDaysLater(w);
  return makePayout(w);
}

const commandArbs = [
  fc
    .record({
      who: fc.nat(1),
      hours: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }),
      pix: fc.boolean(),
    })
    .map(({ who, hours, pix }) =>
      cmd(`book(${pix ? 'pix' : 'card'}, ${who}, [${hours}])`, async (m, w) => {
        const c = w.customers[who]!;
        const res = await request(t.app, {
          method: 'POST',
          url: '/api/customer/appointment/bulk',
          token: c.token,
          payload: {
            room_uuid: w.room,
            date_times: hours.map((h) => hourIso(w, h)),
            payment_method: pix ? 'pix' : 'card',
            ...(pix ? {} : { card_uuid: c.card, ...h.cardExtras(who + hours.length) }),
          },
        });
        await expectNo5xx(w, res, [201, 404, 409, 422, 429]);
        if (res.statusCode === 201) {
          const b = res.json().data;
          m.bookings.push({ uuid: b.uuid, payment: b.payment.uuid, appointments: b.appointments });
        }
      }),
    ),
  fc
    .record({
      i: fc.nat(),
      type: fc.constantFrom<WebhookType>(
        'payment.paid',
        'payment.failed',
        'payment.refunded',
        'payment.disputed',
        'payment.charged_back',
      ),
      dup: fc.boolean(),
    })
    .map(({ i, type, dup }) =>
      cmd(`webhook(${type}, ${i}${dup ? ', repeated id' : ''})`, async (m, w) => {
        const b = pick(m.bookings, i);
        if (!b) return;
        const id =
          dup && m.events.length ? pick(m.events, i)! : `evt_${type}_${b.payment}_${m.events.length}`;
        m.events.push(id);
        const res = await h.deliver(type, b.payment, id);
        await expectNo5xx(w, res, [200]);
      }),
    ),
  fc.record({ i: fc.nat(), j: fc.nat() }).map(({ i, j }) =>
    cmd(`customer cancels (${i}, ${j})`, async (m, w) => {
      const b = pick(m.bookings, i);
      const a = b && pick(b.appointments, j);
      if (!a) return;
      // Either customer may try: another's appointment is 404.
      for (const c of w.customers) {
        const res = await request(t.app, {
          method: 'POST',
          url: `/api/customer/appointment/${a.uuid}/cancel`,
          token: c.token,
        });
        await expectNo5xx(w, res, [200, 404, 409]);
      }
    }),
  ),
  fc
    .record({
      i: fc.nat(),
      j: fc.nat(),
      status: fc.constantFrom('confirmed', 'canceled', 'completed', 'no_show'),
    })
    .map(({ i, j, status }) =>
      cmd(`partner sets ${status} (${i}, ${j})`, async (m, w) => {
        const b = pick(m.bookings, i);
        const a = b && pick(b.appointments, j);
        if (!a) return;
        const res = await request(t.app, {
          method: 'POST',
          url: `/api/partner/appointment/${a.uuid}/status/update`,
          token: w.partner.token,
          payload: { date_time: a.date_time, status },
        });
        await expectNo5xx(w, res, [200, 409]);
      }),
    ),
  fc.constantFrom(10, 20, 90, 6 * 60, 20 * 60).map((minutes) =>
    cmd(
      `clock +${minutes} min`,
      async () => {
        t.clock.advance(minutes * 60_000);
      },
      true,
    ),
  ),
  fc.constant(
    cmd('hold-expiry job', async () => {
      await expireHolds(t.app.services);
    }),
  ),
  fc.boolean().map((afterApply) =>
    cmd(`refund job (provider times out ${afterApply ? 'after' : 'before'} applying)`, async () => {
      provider.flaky = true;
      provider.afterApply = afterApply;
      await retryRefunds(t.app.services);
    }),
  ),
  // Horário fixo (decision 0024): a weekly series from the world's day, its monthly charges, a
  // skipped week and the rest canceled.
  fc
    .record({ who: fc.nat(1), hour: fc.nat(5), weeks: fc.integer({ min: 2, max: 6 }), pix: fc.boolean() })
    .map(({ who, hour, weeks, pix }) =>
      cmd(`series(${pix ? 'pix' : 'card'}, ${who}, ${hour}h, ${weeks} weeks)`, async (m, w) => {
        const c = w.customers[who]!;
        const res = await request(t.app, {
          method: 'POST',
          url: '/api/customer/series',
          token: c.token,
          payload: {
            room_uuid: w.room,
            date_time: hourIso(w, hour),
            minutes: 60,
            weeks,
            payment_method: pix ? 'pix' : 'card',
            ...(pix ? {} : { card_uuid: c.card, ...h.cardExtras(who + weeks) }),
          },
        });
        await expectNo5xx(w, res, [201, 404, 409, 422, 429]);
        if (res.statusCode === 201) {
          const { series, booking } = res.json().data;
          m.bookings.push({
            uuid: booking.uuid,
            payment: booking.payment.uuid,
            appointments: booking.appointments,
          });
          m.series.push({
            uuid: series.uuid,
            who,
            dates: series.months.flatMap((x: { dates: string[] }) => x.dates),
          });
        }
      }),
    ),
  fc.constant(
    cmd('series charge job', async () => {
      await chargeDueSeriesMonths(t.app.services);
    }),
  ),
  fc.record({ i: fc.nat(), k: fc.nat(), cancel: fc.boolean() }).map(({ i, k, cancel }) =>
    cmd(`${cancel ? 'cancel series' : 'skip a week of series'} (${i}, ${k})`, async (m, w) => {
      const sr = pick(m.series, i);
      if (!sr) return;
      const res = await request(t.app, {
        method: 'POST',
        url: `/api/customer/series/${sr.uuid}/${cancel ? 'cancel' : 'skip'}`,
        token: w.customers[sr.who]!.token,
        payload: cancel ? undefined : { date: pick(sr.dates, k) },
      });
      await expectNo5xx(w, res, [200, 404, 409]);
    }),
  ),
  fc.constant(
    cmd(
      'clock +9 days (later months fall due)',
      async (_m, w) => {
        t.clock.advance(9 * 24 * 60 * 60_000);
        // Weeks go by: everyone signs in again rather than count on a session left idle that long.
        for (const c of w.customers) c.token = await signIn(t, c.user.email);
        w.partner.token = await signIn(t, w.partner.user.email);
        operator.token = await signIn(t, operator.user.email);
      },
      true,
    ),
  ),
  // Waitlist (decision 0025): waiting for an hour of the day, and paying what is offered.
  fc.record({ who: fc.nat(1), hour: fc.nat(5) }).map(({ who, hour }) =>
    cmd(`waitlist(${who}, ${hour}h)`, async (_m, w) => {
      const from = `${String(8 + hour).padStart(2, '0')}:00`;
      const to = `${String(9 + hour).padStart(2, '0')}:00`;
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/customer/waitlist',
        token: w.customers[who]!.token,
        payload: { room_uuid: w.room, date: w.day, from, to },
      });
      await expectNo5xx(w, res, [201, 422]);
    }),
  ),
  fc.record({ who: fc.nat(1), pix: fc.boolean() }).map(({ who, pix }) =>
    cmd(`claim offers (${who}, ${pix ? 'pix' : 'card'})`, async (m, w) => {
      const c = w.customers[who]!;
      const list = await request(t.app, { method: 'GET', url: '/api/customer/waitlist', token: c.token });
      await expectNo5xx(w, list, [200]);
      for (const e of list.json().data.filter((x: { offer: unknown }) => x.offer)) {
        const res = await request(t.app, {
          method: 'POST',
          url: `/api/customer/waitlist/${e.uuid}/claim`,
          token: c.token,
          payload: pix
            ? { payment_method: 'pix' }
            : { payment_method: 'card', card_uuid: c.card, ...h.cardExtras(who) },
        });
        await expectNo5xx(w, res, [201, 409, 422, 429]);
        if (res.statusCode === 201) {
          const b = res.json().data;
          m.bookings.push({ uuid: b.uuid, payment: b.payment.uuid, appointments: b.appointments });
        }
      }
    }),
  ),
  // Payouts (decision 0034): the hours over and their delay passed, everything available is paid
  // out; a refund after that (a webhook, a dispute) becomes a negative line of the next one.
  fc.constant(
    cmd(
      'clock +9 days, payout made and paid',
      async (_m, w) => {
        await nineDaysLater(w);
        const made = await makePayout(w);
        // A payout just made carries no held line: it is paid.
        if (made) await payPayout(w, made, [200]);
      },
      true,
    ),
  ),
  // Held money stays held (DESIGN §10, issue 41). A charge-back while the payout is pending: the
  // payout is not paid (409) while it carries the line; canceled, or left for "payout: pay".
  fc
    .record({ who: fc.nat(1), hour: fc.nat(5), j: fc.nat(), cancel: fc.boolean() })
    .map(({ who, hour, j, cancel }) =>
      cmd(
        `book(card, ${who}, tomorrow ${hour}), clock +9 days, payout made, charge-back while it is pending (line ${j}, ${cancel ? 'canceled' : 'kept'})`,
        async (m, w) => {
          const made = await bookThenPayout(m, w, who, hour);
          if (!made) return;
          const positive = made.lines.filter((l) => l.amount_cents > 0).map((l) => l.appointment_uuid);
          const line = pick(positive, j);
          if (!line) return;
          const { payment } = (await paymentsOf([line])).get(line)!;
          const id = `evt_chargeback_pending_${payment}_${m.events.length}`;
          m.events.push(id);
          await expectNo5xx(w, await h.deliver('payment.charged_back', payment, id), [200]);
          const held = [...(await paymentsOf(positive)).values()].some((p) => HELD.includes(p.status));
          const res = await payPayout(w, made, [held ? 409 : 200]);
          if (res.statusCode === 409) {
            expect(res.json().code).toBe('held_lines');
            if (held && (await paymentsOf([line])).get(line)!.status === 'charged_back')
              expect(
                res.json().held_lines.map((l: { appointment_uuid: string }) => l.appointment_uuid),
              ).toContain(line);
            if (cancel) {
              const canceled = await request(t.app, {
                method: 'POST',
                url: `/api/fusion/payouts/${made.uuid}/cancel`,
                token: operator.token,
              });
              await expectNo5xx(w, canceled, [200]);
            }
          }
        },
        true,
      ),
    ),
  // A charge-back after the payout was paid: the partner owes the line's money back (checkPayouts).
  fc.record({ who: fc.nat(1), hour: fc.nat(5), j: fc.nat() }).map(({ who, hour, j }) =>
    cmd(
      `book(card, ${who}, tomorrow ${hour}), clock +9 days, payout made and paid, then charged back (line ${j})`,
      async (m, w) => {
        const made = await bookThenPayout(m, w, who, hour);
        if (!made) return;
        await payPayout(w, made, [200]);
        const line = pick(
          made.lines.filter((l) => l.amount_cents > 0).map((l) => l.appointment_uuid),
          j,
        );
        if (!line) return;
        const { payment } = (await paymentsOf([line])).get(line)!;
        const id = `evt_chargeback_paid_${payment}_${m.events.length}`;
        m.events.push(id);
        await expectNo5xx(w, await h.deliver('payment.charged_back', payment, id), [200]);
      },
      true,
    ),
  ),
  // Payouts (decision 0034): made of what is available, paid, canceled; refunds after them follow.
  fc.constantFrom('make', 'pay', 'cancel').map((action) =>
    cmd(`payout: ${action}`, async (_m, w) => {
      if (action === 'make') {
        const res = await request(t.app, {
          method: 'POST',
          url: '/api/fusion/payouts',
          token: operator.token,
          payload: { partner_uuid: w.partner.user.uuid },
        });
        await expectNo5xx(w, res, [201, 422]);
        return;
      }
      const list = await request(t.app, {
        method: 'GET',
        url: '/api/fusion/payouts?status=pending',
        token: operator.token,
      });
      await expectNo5xx(w, list, [200]);
      const mine = list
        .json()
        .data.find((p: { partner_uuid: string }) => p.partner_uuid === w.partner.user.uuid);
      if (!mine) return;
      if (action === 'pay') {
        await payPayout(w, mine, [200, 409]);
        return;
      }
      const res = await request(t.app, {
        method: 'POST',
        url: `/api/fusion/payouts/${mine.uuid}/cancel`,
        token: operator.token,
      });
      await expectNo5xx(w, res, [200, 409]);
    }),
  ),
  fc.boolean().map((cancelFuture) =>
    cmd(
      `operator suspends the partner (${cancelFuture ? 'cancel' : 'keep'} future) and reactivates`,
      async (_m, w) => {
        for (const [setStatus, extra] of [
          [0, { cancel_future: cancelFuture }],
          [1, {}],
        ] as const) {
          const res = await request(t.app, {
            method: 'POST',
            url: '/api/fusion/setActiveStatus',
            token: operator.token,
            payload: { user_uuid: w.partner.user.uuid, setStatus, ...extra },
          });
          await expectNo5xx(w, res, [200]);
        }
        // Suspension ended the partner's sessions: it signs in again.
        w.partner.token = await signIn(t, w.partner.user.email);
      },
      true,
    ),
  ),
];

/**
 * The partner's payouts at the end of a run. Pending payouts are canceled and a last one is made
 * and paid of everything available (a payout just made carries no held line, so it is paid). Then,
 * line by line — `paid` what paid payouts carried of it (positive lines less negative ones), `kept`
 * what the partner keeps of it (its net; nothing once its payment was charged back) — what was paid
 * out plus what is still due (negative: owed back) equals what the partner keeps of the lines that
 * are available, and of the others what left and stays: paid-out total minus debts is what the
 * partner kept, and a charge-back after a payout is owed back.
 */
async function checkPayouts(w: World) {
  const pending = await request(t.app, {
    method: 'GET',
    url: '/api/fusion/payouts?status=pending',
    token: operator.token,
  });
  for (const p of pending
    .json()
    .data.filter((x: { partner_uuid: string }) => x.partner_uuid === w.partner.user.uuid)) {
    const res = await request(t.app, {
      method: 'POST',
      url: `/api/fusion/payouts/${p.uuid}/cancel`,
      token: operator.token,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const last = await makePayout(w);
  if (last) expect((await payPayout(w, last, [200])).statusCode).toBe(200);

  const today = zonedDate(t.clock.now, ZONE);
  const res = await request(t.app, {
    method: 'GET',
    url: `/api/partner/${w.partner.user.uuid}/statement?dateInit=${addDays(today, -400)}&dateEnd=${addDays(today, 390)}`,
    token: operator.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { lines, totals } = res.json().data as {
    lines: { appointment_uuid: string; net_cents: number; settlement: string; available_at: string | null }[];
    totals: { available_cents: number; paid_out_cents: number };
  };
  const paid = new Map(
    (
      await queryRows<{ appointment: string; paid: number }>(
        t.db,
        sql`select a.uuid::text as appointment, sum(i.amount_cents)::int as paid from payout_items i
            join payouts po on po.id = i.payout_id join appointments a on a.id = i.appointment_id
            join rooms r on r.id = a.room_id
            where po.status = 'paid' and r.uuid = ${w.room} group by a.uuid`,
      )
    ).map((r) => [r.appointment, r.paid]),
  );
  const payments = await paymentsOf(lines.map((l) => l.appointment_uuid));
  let paidOut = 0;
  let keptNow = 0;
  for (const l of lines.filter((x) => x.settlement === 'payout')) {
    const status = payments.get(l.appointment_uuid)!.status;
    const out = paid.get(l.appointment_uuid) ?? 0;
    const kept = status === 'charged_back' ? 0 : l.net_cents;
    const available =
      !HELD.includes(status) &&
      l.available_at !== null &&
      Date.parse(l.available_at) <= t.clock.now.getTime();
    paidOut += out;
    keptNow += available ? kept : Math.min(kept, out);
  }
  expect(totals.paid_out_cents, 'repassado no extrato').toBe(paidOut);
  expect(paidOut + totals.available_cents, 'repassado menos o devido = o que o parceiro ficou').toBe(keptNow);
  // After the last payout nothing available is left (a debt larger than the earnings may be).
  if (last) expect(totals.available_cents).toBe(0);
  else expect(totals.available_cents).toBeLessThanOrEqual(0);
}

/** Settles every refund (the provider answers again), then checks the whole ledger and the payouts. */
async function settleAndCheck(w: World) {
  tally.runs += 1;
  provider.flaky = false;
  for (let i = 0; i < 3; i++) {
    t.clock.advance(2 * 60 * 60_000);
    await retryRefunds(t.app.services);
  }
  const violations = await checkLedger(t.db, { now: t.clock.now });
  tally.violations += violations.length;
  expect(violations).toEqual([]);
  await h.checkBooks();
  await checkPayouts(w);
  expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
}

/** The two properties, for the provider of the enclosing describe. */
function modelProperties(runs: number) {
  it('holds its invariants over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 25 }), async (cmds) => {
        const world = await newWorld(false);
        await fc.asyncModelRun(
          () => ({ model: { bookings: [], events: [], series: [] } as Model, real: world }),
          cmds,
        );
        await settleAndCheck(world);
      }),
      { numRuns: runs, endOnFailure: true },
    );
  }, 600_000);

  it('holds its invariants when the same commands arrive at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.oneof(...commandArbs), { minLength: 2, maxLength: 8 }), {
          minLength: 2,
          maxLength: 5,
        }),
        async (batches) => {
          const world = await newWorld(true);
          const model: Model = { bookings: [], events: [], series: [] };
          for (const batch of batches) {
            // Clock moves and the suspension go first, in order; everything else goes out together.
            for (const c of batch.filter((x) => x.solo)) await c.run(model, world);
            await Promise.all(batch.filter((x) => !x.solo).map((c) => c.run(model, world)));
          }
          await settleAndCheck(world);
        },
      ),
      { numRuns: runs, endOnFailure: true },
    );
  }, 600_000);
}

describe('booking lifecycle, model-based, sandbox provider', () => {
  beforeAll(() => startHarness({}, sandboxHarness), 120_000);
  afterAll(stopHarness);
  modelProperties(RUNS);
});

const MP_SECRET = 'mp-webhook-secret-0123456789';
let fake: FakeMercadoPago;

/** Mercado Pago's API played by the local fake: the same commands, its notifications and books. */
const mercadopagoHarness = (): Harness => ({
  name: 'mercadopago',
  saveCard: (c) => saveFakeCard(t, c),
  // Mostly approved; some left in review (settled by webhook), some refused by the issuer.
  cardExtras: (i) => ({ card_token: fakeCardToken(['APRO', 'APRO', 'CONT', 'FUND'][i % 4]) }),
  async deliver(type, paymentUuid, eventId) {
    const [row] = await t.db.select().from(payments).where(eq(payments.uuid, paymentUuid));
    const mpId = row?.providerRef;
    if (!mpId) return { statusCode: 200, body: 'nenhuma cobrança no provedor' };
    const p = fake.payments.get(Number(mpId));
    if (p) {
      const open = p.status === 'pending' || p.status === 'in_process';
      if (type === 'payment.paid' && open) fake.approve(mpId);
      if (type === 'payment.failed' && open) fake.reject(mpId);
      const disputed = p.status === 'in_mediation';
      // A dispute opened, charged back, or settled in the seller's favour (approved again).
      if (type === 'payment.disputed' && p.status === 'approved')
        fake.setStatus(mpId, 'in_mediation', 'in_mediation');
      if (type === 'payment.charged_back' && (p.status === 'approved' || disputed))
        fake.setStatus(mpId, 'charged_back', 'settled');
      if (type === 'payment.paid' && disputed) fake.approve(mpId);
      if (type === 'payment.refunded' && p.status === 'approved') {
        // Refunded from Mercado Pago's own panel (or a dispute).
        fake.setStatus(mpId, 'refunded', 'refunded');
        p.transaction_amount_refunded = p.transaction_amount;
      }
    }
    const n = fake.notification(mpId, { secret: MP_SECRET, now: t.clock.now, notificationId: eventId });
    return request(t.app, {
      method: 'POST',
      url: `/api/payments/webhook?${new URLSearchParams(n.query as Record<string, string>)}`,
      xsrf: false,
      payload: n.rawBody,
      headers: n.headers as Record<string, string>,
    });
  },
  async checkBooks() {
    for (const p of fake.payments.values())
      expect(p.transaction_amount_refunded).toBeLessThanOrEqual(p.transaction_amount);
    // Every refund of ours is exactly one refund in Mercado Pago's books, and there is no other.
    const ours = await queryRows<{ ref: string }>(
      t.db,
      sql`select provider_ref as ref from refunds where status = 'succeeded' and reason <> 'provider'`,
    );
    const theirs = [...fake.payments.values()].flatMap((p) => p.refunds.map((r) => String(r.id)));
    expect([...theirs].sort()).toEqual(ours.map((r) => r.ref).sort());
  },
});

describe('booking lifecycle, model-based, Mercado Pago provider', () => {
  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    await startHarness(mercadoPagoEnv(fake, { MERCADOPAGO_WEBHOOK_SECRET: MP_SECRET }), mercadopagoHarness);
  }, 120_000);
  afterAll(async () => {
    await stopHarness();
    await fake?.close();
  });
  modelProperties(Math.max(4, Math.round(RUNS / 2)));
});

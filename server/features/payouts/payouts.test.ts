/**
 * Statements and payouts (DESIGN §9, decision 0034) through the API, on PGlite and, under
 * `npm run test:pg`, on PostgreSQL: each line's net and when it becomes available, a payout of
 * everything available and never more (422 with nothing), paid with its proof and mailed, canceled
 * back to available, a refund after a payout taken from the next one as a negative line, a disputed
 * share held, one payout when several operators ask at once, and the spreadsheets.
 */

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#common/contracts/booking';
import { payoutMessages } from '#common/contracts/payouts';
import { formatBrl } from '#common/money';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs, signIn } from '../../test/fixtures.ts';
import { bookByCard, openRoom, putOnPlan, saveCard } from '../../test/supply-fixtures.ts';
import { signedWebhook } from '../../test/webhook.ts';
import { checkLedger } from '../lifecycle/ledger.ts';

let t: TestContext;
let operator: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let other: Awaited<ReturnType<typeof signedInAs>>;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let card: string;
let day: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext();
  operator = await signedInAs(t, 'owner');
  partner = await signedInAs(t, 'partner');
  other = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Repasse' }));
  await putOnPlan(t, partner.user, '10', 'Repasses');
  card = (await saveCard(t, customer.user, customer.token)).uuid;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 2);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const at = (d: string, hh: number) => `${d}T${String(hh).padStart(2, '0')}:00:00-03:00`;
const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, token: operator.token, payload });
const statementOf = async (d: string, as = partner) => {
  const res = await request(t.app, {
    method: 'GET',
    url: `/api/partner/${partner.user.uuid}/statement?dateInit=${d}&dateEnd=${addDays(d, 40)}`,
    token: as.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** Moves the clock and signs everyone in again (sessions do not last weeks). */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const who of [operator, partner, other, customer]) who.token = await signIn(t, who.user.email);
}
const ledger = () => checkLedger(t.db, { now: t.clock.now, payoutDelayDays: 2 });

describe('statements and payouts', () => {
  let first: Booking;
  let payoutUuid: string;

  it('lists each paid appointment with its net and when it becomes available; nothing to pay before', async () => {
    first = await bookByCard(t, customer.token, room.uuid, card, [at(day, 9), at(day, 10)]);
    const s = await statementOf(day);
    expect(s.lines).toHaveLength(2);
    expect(s.lines[0]).toMatchObject({
      appointment_uuid: first.appointments[0]!.uuid,
      booking_uuid: first.uuid,
      room_name: 'Sala Repasse',
      status: 'confirmed',
      gross_cents: 6000,
      refunded_cents: 0,
      fee_cents: 600,
      net_cents: 5400,
      settlement: 'payout',
      available_at: `${addDays(day, 2)}T10:00:00-03:00`,
      payout_uuid: null,
    });
    expect(s.totals).toMatchObject({
      gross_cents: 12000,
      fee_cents: 1200,
      net_cents: 10800,
      pending_cents: 10800,
      available_cents: 0,
      paid_out_cents: 0,
    });
    const none = await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(payoutMessages.nothingAvailable);
  });

  it('a partner sees only its own statement (404 for another), the operator any', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/statement?dateInit=${day}&dateEnd=${day}`,
      token: other.token,
    });
    expect(res.statusCode).toBe(404);
    expect((await statementOf(day, operator)).lines).toHaveLength(2);
  });

  it('pays out everything available once the delay has passed, and the partner is mailed when it is paid', async () => {
    await advance(5 * DAY);
    const balances = (await op('GET', '/api/fusion/payouts/balances')).json().data;
    expect(
      balances.find((b: { partner_uuid: string }) => b.partner_uuid === partner.user.uuid),
    ).toMatchObject({
      settlement: 'payout',
      available_cents: 10800,
      pending_cents: 0,
      paid_out_cents: 0,
    });
    const made = await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      partner_uuid: partner.user.uuid,
      amount_cents: 10800,
      status: 'pending',
    });
    expect(made.json().data.lines).toHaveLength(2);
    payoutUuid = made.json().data.uuid;
    // Carried by a pending payout: not available any more, not paid yet.
    expect((await statementOf(day)).totals).toMatchObject({ available_cents: 0, paid_out_cents: 0 });
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid })).statusCode).toBe(
      422,
    );

    const bad = await op('POST', `/api/fusion/payouts/${payoutUuid}/paid`, { reference: '' });
    expect(bad.statusCode).toBe(422);
    const paid = await op('POST', `/api/fusion/payouts/${payoutUuid}/paid`, {
      reference: 'E12345678202612011200abcdefghijk',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', reference: 'E12345678202612011200abcdefghijk' });
    const mail = t.mail.filter((m) => m.to === partner.user.email).at(-1)!;
    expect(mail.subject).toBe(`Repasse enviado: ${formatBrl(10800)}`);
    expect(mail.text).toContain('E12345678202612011200abcdefghijk');
    expect(
      (await op('POST', `/api/fusion/payouts/${payoutUuid}/paid`, { reference: 'outro 1234' })).statusCode,
    ).toBe(409);
    expect((await op('POST', `/api/fusion/payouts/${payoutUuid}/cancel`)).statusCode).toBe(409);
    const s = await statementOf(day);
    expect(s.totals).toMatchObject({ paid_out_cents: 10800, available_cents: 0 });
    expect(s.lines.every((l: { payout_uuid: string }) => l.payout_uuid === payoutUuid)).toBe(true);
    const mine = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/payouts`,
      token: partner.token,
    });
    expect(mine.json().data).toEqual([
      expect.objectContaining({ uuid: payoutUuid, status: 'paid', amount_cents: 10800 }),
    ]);
    expect(await ledger()).toEqual([]);
  });

  it('a refund after the payout is taken from the next one as a negative line', async () => {
    // The whole first booking refunded at the provider, after it was paid out.
    const refunded = await signedWebhook(t, {
      id: 'evt_payout_refund',
      type: 'payment.refunded',
      data: { payment_uuid: first.payment.uuid },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await statementOf(day)).totals).toMatchObject({ net_cents: 0, available_cents: -10800 });
    // A debt alone makes no payout.
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid })).statusCode).toBe(
      422,
    );
    // Three more hours, later: once available, the next payout is their net less the debt.
    const later = addDays(day, 6);
    await bookByCard(t, customer.token, room.uuid, card, [at(later, 9), at(later, 10), at(later, 11)]);
    await advance(10 * DAY);
    const made = await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.amount_cents).toBe(3 * 5400 - 10800);
    const lines = made
      .json()
      .data.lines.map((l: { amount_cents: number }) => l.amount_cents)
      .sort((a: number, b: number) => a - b);
    expect(lines).toEqual([-5400, -5400, 5400, 5400, 5400]);
    expect(await ledger()).toEqual([]);
    // Canceled: its lines are available again, debt included.
    const canceled = await op('POST', `/api/fusion/payouts/${made.json().data.uuid}/cancel`);
    expect(canceled.json().data.status).toBe('canceled');
    expect((await statementOf(day)).totals.available_cents).toBe(3 * 5400 - 10800);
  });

  it('holds the share of a payment in dispute', async () => {
    const d = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
    const held = await bookByCard(t, customer.token, room.uuid, card, [at(d, 15)]);
    await signedWebhook(t, {
      id: 'evt_payout_dispute',
      type: 'payment.disputed',
      data: { payment_uuid: held.payment.uuid },
    });
    await advance(5 * DAY);
    const line = (await statementOf(d)).lines.find(
      (l: { booking_uuid: string }) => l.booking_uuid === held.uuid,
    );
    expect(line).toMatchObject({ available_at: null, net_cents: 5400 });
    const before = (await statementOf(day)).totals.available_cents;
    const made = await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.amount_cents).toBe(3 * 5400 - 10800);
    expect(
      made
        .json()
        .data.lines.some(
          (l: { appointment_uuid: string }) => l.appointment_uuid === held.appointments[0]!.uuid,
        ),
    ).toBe(false);
    expect(before).toBe(3 * 5400 - 10800);
    await op('POST', `/api/fusion/payouts/${made.json().data.uuid}/cancel`);
    expect(await ledger()).toEqual([]);
  });

  it('makes one payout when several operators ask at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 422)).toBe(true);
    const pending = (await op('GET', '/api/fusion/payouts?status=pending')).json().data;
    expect(
      pending.filter((p: { partner_uuid: string }) => p.partner_uuid === partner.user.uuid),
    ).toHaveLength(1);
    expect(await ledger()).toEqual([]);
  });

  it('answers 404 for an unknown partner or payout, and refuses partners of no one else', async () => {
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: customer.user.uuid })).statusCode).toBe(
      404,
    );
    expect(
      (
        await op('POST', '/api/fusion/payouts/6f1d2c1e-0000-4000-8000-000000000000/paid', {
          reference: 'abcd1234',
        })
      ).statusCode,
    ).toBe(404);
    const s = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/statement?dateInit=2026-13-01&dateEnd=2026-12-01`,
      token: partner.token,
    });
    expect(s.statusCode).toBe(422);
  });

  it('pays out what a partner on split still has here (from before it connected), and says why when nothing', async () => {
    const d = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
    const before = await bookByCard(t, customer.token, room.uuid, card, [at(d, 16)]);
    await advance(5 * DAY);
    for (const who of [partner, other])
      await t.db.execute(
        sql`insert into partner_payment_accounts (user_id, provider, account_id, access_token_enc)
            select id, 'sandbox', ${`conta-${who.user.uuid.slice(0, 8)}`}, 'x' from users where uuid = ${who.user.uuid}`,
      );
    const balances = (await op('GET', '/api/fusion/payouts/balances')).json().data;
    expect(
      balances.find((b: { partner_uuid: string }) => b.partner_uuid === partner.user.uuid),
    ).toMatchObject({
      settlement: 'split',
      available_cents: 5400,
    });
    const made = await op('POST', '/api/fusion/payouts', { partner_uuid: partner.user.uuid });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.lines.map((l: { appointment_uuid: string }) => l.appointment_uuid)).toContain(
      before.appointments[0]!.uuid,
    );
    const none = await op('POST', '/api/fusion/payouts', { partner_uuid: other.user.uuid });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(payoutMessages.splitPartner);
    await op('POST', `/api/fusion/payouts/${made.json().data.uuid}/cancel`);
    await t.db.execute(sql`delete from partner_payment_accounts`);
    expect(await ledger()).toEqual([]);
  });

  it('writes the monthly statement and the bank spreadsheet', async () => {
    const month = day.slice(0, 7);
    const xlsx = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/statement.xlsx?month=${month}`,
      token: partner.token,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`Extrato-${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining([
        'Data e hora',
        'Sala',
        'Valor bruto',
        'Reembolsado',
        'Comissão',
        'Líquido',
        'Disponível em',
      ]),
    );
    expect(sheet.getRow(2).getCell(2).value).toBe('Sala Repasse');
    expect(
      (
        await request(t.app, {
          method: 'GET',
          url: `/api/partner/${partner.user.uuid}/statement.xlsx?month=2026-13`,
          token: partner.token,
        })
      ).statusCode,
    ).toBe(422);

    const bank = await op('POST', '/api/fusion/exportPayouts', {
      dateInit: `${zonedDate(t.clock.now, 'America/Sao_Paulo').slice(0, 8)}01`,
      dateEnd: addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1),
    });
    expect(bank.statusCode).toBe(200);
    const bankBook = new ExcelJS.Workbook();
    await bankBook.xlsx.load(bank.rawPayload as never);
    const rows = bankBook.getWorksheet('Repasses')!;
    expect(rows.getRow(1).values).toEqual(
      expect.arrayContaining(['Parceiro', 'Valor', 'Banco', 'Agência', 'Conta', 'Chave Pix', 'Comprovante']),
    );
  });

  it('gives each partner the balance its own statement adds up to, in one reading for all', async () => {
    const balances = (await op('GET', '/api/fusion/payouts/balances')).json().data as {
      partner_uuid: string;
      pending_cents: number;
      available_cents: number;
      paid_out_cents: number;
    }[];
    expect(balances.length).toBeGreaterThanOrEqual(2);
    const today = zonedDate(t.clock.now, 'America/Sao_Paulo');
    let seen = 0;
    for (const b of balances) {
      const res = await op(
        'GET',
        `/api/partner/${b.partner_uuid}/statement?dateInit=${addDays(today, -400)}&dateEnd=${addDays(today, 390)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { pending_cents, available_cents, paid_out_cents } = res.json().data.totals;
      expect(b).toMatchObject({ pending_cents, available_cents, paid_out_cents });
      if (pending_cents || available_cents || paid_out_cents) seen++;
    }
    // Partners with money here and partners with none.
    expect(seen).toBeGreaterThanOrEqual(1);
    expect(seen).toBeLessThan(balances.length);
  });
});

/**
 * Held money stays held (DESIGN §10, issue 41): a line whose payment is disputed or charged back
 * never leaves in a payout — marking a payout paid answers 409 naming it while it is held — and a
 * charge-back after the payout was paid takes the line's money back as a negative line of the next
 * one. Each case has a partner of its own, so its sums are its own.
 */
describe('held lines and payouts', () => {
  type Partner = Awaited<ReturnType<typeof signedInAs>> & { room: string };
  async function newPartner(name: string): Promise<Partner> {
    const who = await signedInAs(t, 'partner');
    const { room: r } = await openRoom(t, who, { room: name, hours: ['08:00', '20:00'] });
    await putOnPlan(t, who.user, '10', 'Repasses');
    return { ...who, room: r.uuid };
  }
  const tomorrow = () => addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 1);
  const book = (p: Partner, hours: number[], d = tomorrow()) =>
    bookByCard(
      t,
      customer.token,
      p.room,
      card,
      hours.map((h) => at(d, h)),
    );
  const dispute = (b: Booking, type: 'payment.disputed' | 'payment.charged_back' | 'payment.paid') =>
    signedWebhook(t, {
      id: `evt_${type}_${b.payment.uuid}_${Math.random().toString(36).slice(2)}`,
      type,
      data: { payment_uuid: b.payment.uuid },
    });
  const make = async (p: Partner) => {
    const res = await op('POST', '/api/fusion/payouts', { partner_uuid: p.user.uuid });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      uuid: string;
      amount_cents: number;
      lines: { appointment_uuid: string; amount_cents: number }[];
    };
  };
  const pay = (uuid: string) =>
    op('POST', `/api/fusion/payouts/${uuid}/paid`, { reference: `E${uuid.replace(/-/g, '')}` });
  const totalsOf = async (p: Partner) => {
    const today = zonedDate(t.clock.now, 'America/Sao_Paulo');
    const res = await op(
      'GET',
      `/api/partner/${p.user.uuid}/statement?dateInit=${addDays(today, -60)}&dateEnd=${addDays(today, 60)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      lines: {
        appointment_uuid: string;
        available_at: string | null;
        net_cents: number;
        payout_uuid: string | null;
      }[];
      totals: { pending_cents: number; available_cents: number; paid_out_cents: number };
    };
  };
  /** What paid payouts carried of one appointment (positive lines less negative ones). */
  const paidOutOf = async (appointment: string) => {
    const [row] = await queryRows<{ paid: number }>(
      t.db,
      sql`select coalesce(sum(i.amount_cents), 0)::int as paid from payout_items i
          join payouts po on po.id = i.payout_id join appointments a on a.id = i.appointment_id
          where po.status = 'paid' and a.uuid = ${appointment}`,
    );
    return row!.paid;
  };

  it('refuses to mark paid a payout whose line was charged back while it was pending, names the line, and keeps it held', async () => {
    const p = await newPartner('Sala Retida');
    const d = tomorrow();
    const lost = await book(p, [9], d);
    const kept = await book(p, [10], d);
    await advance(5 * DAY);
    const payout = await make(p);
    expect(payout.amount_cents).toBe(2 * 5400);
    expect((await dispute(lost, 'payment.charged_back')).statusCode).toBe(200);

    const refused = await pay(payout.uuid);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'held_lines',
      held_lines: [
        {
          appointment_uuid: lost.appointments[0]!.uuid,
          room_name: 'Sala Retida',
          date_time: at(d, 9),
          amount_cents: 5400,
          payment_status: 'charged_back',
        },
      ],
    });
    expect(refused.json().message).toBe(
      payoutMessages.heldLines([
        { room_name: 'Sala Retida', date_time: at(d, 9), payment_status: 'charged_back' },
      ]),
    );
    expect(refused.json().message).toContain(
      `Sala Retida, ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} às 09:00`,
    );
    // Still pending, nothing paid, the partner not told it was paid.
    const pending = (await op('GET', '/api/fusion/payouts?status=pending')).json().data;
    expect(pending.map((x: { uuid: string }) => x.uuid)).toContain(payout.uuid);
    expect(t.mail.filter((m) => m.to === p.user.email && m.subject.startsWith('Repasse enviado'))).toEqual(
      [],
    );
    // The statement shows the line held (no date to become available) and its share pending.
    let s = await totalsOf(p);
    expect(s.lines.find((l) => l.appointment_uuid === lost.appointments[0]!.uuid)).toMatchObject({
      available_at: null,
      net_cents: 5400,
    });
    expect(s.totals).toMatchObject({ pending_cents: 5400, available_cents: 0, paid_out_cents: 0 });

    // Canceled and made again: the held line is left out, and that payout is paid.
    expect((await op('POST', `/api/fusion/payouts/${payout.uuid}/cancel`)).statusCode).toBe(200);
    const again = await make(p);
    expect(again.amount_cents).toBe(5400);
    expect(again.lines.map((l) => l.appointment_uuid)).toEqual([kept.appointments[0]!.uuid]);
    expect((await pay(again.uuid)).statusCode).toBe(200);
    s = await totalsOf(p);
    expect(s.totals).toMatchObject({ pending_cents: 5400, available_cents: 0, paid_out_cents: 5400 });
    expect(await paidOutOf(lost.appointments[0]!.uuid)).toBe(0);
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: p.user.uuid })).statusCode).toBe(422);
    expect(await ledger()).toEqual([]);
  });

  it('refuses a payout with a line in dispute as well; once the dispute is settled the line is paid out', async () => {
    const p = await newPartner('Sala Disputada');
    const b = await book(p, [11]);
    await advance(5 * DAY);
    const payout = await make(p);
    expect((await dispute(b, 'payment.disputed')).statusCode).toBe(200);
    const refused = await pay(payout.uuid);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().held_lines).toEqual([
      expect.objectContaining({ appointment_uuid: b.appointments[0]!.uuid, payment_status: 'disputed' }),
    ]);
    expect(refused.json().message).toContain('pagamento em disputa');
    expect((await totalsOf(p)).totals).toMatchObject({ pending_cents: 5400, paid_out_cents: 0 });
    await op('POST', `/api/fusion/payouts/${payout.uuid}/cancel`);
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: p.user.uuid })).statusCode).toBe(422);
    // Settled in the platform's favour (approved again): available, paid out.
    expect((await dispute(b, 'payment.paid')).statusCode).toBe(200);
    const settled = await make(p);
    expect(settled.amount_cents).toBe(5400);
    expect((await pay(settled.uuid)).statusCode).toBe(200);
    expect((await totalsOf(p)).totals).toMatchObject({
      pending_cents: 0,
      available_cents: 0,
      paid_out_cents: 5400,
    });
    expect(await ledger()).toEqual([]);
  });

  it('a charge-back after the payout was paid becomes a negative line that the next payout subtracts', async () => {
    const p = await newPartner('Sala Estornada');
    const first = await book(p, [9, 10]);
    await advance(5 * DAY);
    const payout = await make(p);
    expect((await pay(payout.uuid)).statusCode).toBe(200);
    expect((await dispute(first, 'payment.charged_back')).statusCode).toBe(200);
    // The partner owes both lines back; their share stays held (it comes back if the bank reverses).
    let s = await totalsOf(p);
    expect(s.totals).toMatchObject({
      available_cents: -2 * 5400,
      pending_cents: 2 * 5400,
      paid_out_cents: 2 * 5400,
    });
    // A debt alone makes no payout.
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: p.user.uuid })).statusCode).toBe(422);
    const later = await book(p, [9, 10, 11], addDays(tomorrow(), 2));
    await advance(6 * DAY);
    const next = await make(p);
    expect(next.amount_cents).toBe(3 * 5400 - 2 * 5400);
    expect(next.lines.map((l) => l.amount_cents).sort((a, b) => a - b)).toEqual([
      -5400, -5400, 5400, 5400, 5400,
    ]);
    expect(
      next.lines
        .filter((l) => l.amount_cents < 0)
        .map((l) => l.appointment_uuid)
        .sort(),
    ).toEqual(first.appointments.map((a) => a.uuid).sort());
    expect((await pay(next.uuid)).statusCode).toBe(200);
    // Paid out minus debts: the charged-back hours left nothing with the partner, the others all.
    for (const a of first.appointments) expect(await paidOutOf(a.uuid)).toBe(0);
    for (const a of later.appointments) expect(await paidOutOf(a.uuid)).toBe(5400);
    s = await totalsOf(p);
    expect(s.totals).toMatchObject({ available_cents: 0, pending_cents: 2 * 5400, paid_out_cents: 3 * 5400 });
    expect((await op('POST', '/api/fusion/payouts', { partner_uuid: p.user.uuid })).statusCode).toBe(422);
    expect(await ledger()).toEqual([]);
  });

  it('a charge-back and "paid" arriving at once: refused with the line held, or paid and the line owed back', async () => {
    const partners = await Promise.all([1, 2, 3, 4].map((i) => newPartner(`Sala Corrida ${i}`)));
    const booked: Booking[] = [];
    for (const p of partners) booked.push(await book(p, [14]));
    await advance(5 * DAY);
    const payouts: Awaited<ReturnType<typeof make>>[] = [];
    for (const p of partners) payouts.push(await make(p));
    const answers = await Promise.all(
      partners.map((_, i) =>
        Promise.all([dispute(booked[i]!, 'payment.charged_back'), pay(payouts[i]!.uuid)]),
      ),
    );
    for (const [i, [webhook, paid]] of answers.entries()) {
      const p = partners[i]!;
      const appointment = booked[i]!.appointments[0]!.uuid;
      expect(webhook.statusCode).toBe(200);
      expect([200, 409], paid.body).toContain(paid.statusCode);
      const s = await totalsOf(p);
      if (paid.statusCode === 409) {
        // Seen held: nothing left, the payout still pending.
        expect(paid.json().held_lines[0].appointment_uuid).toBe(appointment);
        expect(await paidOutOf(appointment)).toBe(0);
        expect(s.totals).toMatchObject({ available_cents: 0, paid_out_cents: 0, pending_cents: 5400 });
      } else {
        // Paid before the charge-back: it is owed back by the next payout.
        expect(await paidOutOf(appointment)).toBe(5400);
        expect(s.totals).toMatchObject({ available_cents: -5400, paid_out_cents: 5400, pending_cents: 5400 });
      }
    }
    expect(await ledger()).toEqual([]);
  });
});

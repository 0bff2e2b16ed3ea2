/**
 * The specialist's bookings (DESIGN §9, decision 0037): GET /api/customer/booking/{uuid} with the
 * room, the clinic's address, the hours, the payment (the Pix to pay again while it can be paid)
 * and the refunds, only to its own booker; "Meus agendamentos" one row per booking and one per
 * horário fixo; the booking's cancel under the policy with one mail; "Salvar este cartão"
 * unchecked; a declined charge's code. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DECLINED, customerBookingMessages } from '#common/contracts/booking';
import { lifecycleMessages } from '#common/domain/lifecycle';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { decodeQr } from '../../test/qr.ts';
import {
  bookByCard,
  createClinic,
  createRoom,
  openClinic,
  saveCard,
  storedCard,
} from '../../test/supply-fixtures.ts';

type Session = Awaited<ReturnType<typeof signedInAs>>;
let t: TestContext;
let partner: Session;
let room: { uuid: string };
let day: string;

const HOUR = 6000; // price_per_minute 1.0000 → R$ 60,00 an hour
const at = (date: string, hh: number) => `${date}T${String(hh).padStart(2, '0')}:00:00-03:00`;
const call = (who: { token: string } | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, token: who?.token, payload });

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Recibo');
  const address = await call(partner, 'POST', '/api/address', {
    zip_code: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'Conjunto 42',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    clinic_uuid: clinic.uuid,
  });
  expect(address.statusCode, address.body).toBe(201);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Recibo');
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function bookPix(who: Session, hours: number[], date = day) {
  const res = await call(who, 'POST', '/api/customer/appointment/bulk', {
    room_uuid: room.uuid,
    date_times: hours.map((h) => at(date, h)),
    payment_method: 'pix',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; payment: { uuid: string } };
}

describe('GET /api/customer/booking/{uuid}', () => {
  let ana: Session;
  let paid: { uuid: string };

  it('answers the booker their booking: room, clinic address, hours, the card payment, no refunds', async () => {
    ana = await signedInAs(t, 'customer');
    const card = await saveCard(t, ana.user, ana.token);
    paid = await bookByCard(t, ana.token, room.uuid, card.uuid, [at(day, 9), at(day, 10)]);
    const res = await call(ana, 'GET', `/api/customer/booking/${paid.uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      uuid: paid.uuid,
      status: 'confirmed',
      amount_cents: 2 * HOUR,
      customer: { name: ana.user.name, email: ana.user.email },
      room: { uuid: room.uuid, name: 'Sala Recibo' },
      clinic: {
        name: 'Clínica Recibo',
        timezone: 'America/Sao_Paulo',
        address: {
          street: 'Avenida Paulista',
          number: '1000',
          complement: 'Conjunto 42',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          zip_code: '01310100',
        },
      },
      payment: {
        method: 'card',
        status: 'paid',
        amount_cents: 2 * HOUR,
        refunded_cents: 0,
        card: { brand: 'visa', last4: '4242' },
        pix: null,
      },
      refunds: [],
      series_uuid: null,
      cancelable: true,
    });
    expect(b.payment.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    expect(b.appointments).toEqual([
      expect.objectContaining({
        date_time: at(day, 9),
        ends_at: at(day, 10),
        status: 'confirmed',
        price_cents: HOUR,
        refund_cents: 0,
        cancelable: true,
        refundable: true,
      }),
      expect.objectContaining({ date_time: at(day, 10), ends_at: at(day, 11) }),
    ]);
  });

  it('names payer and payee for the receipt once paid: the CPF, and the partner’s legal name and CNPJ', async () => {
    const read = async () => (await call(ana, 'GET', `/api/customer/booking/${paid.uuid}`)).json().data;
    const [{ cpf } = { cpf: '' }] = await queryRows<{ cpf: string }>(
      t.db,
      sql`select cpf from specialist_profiles where user_id = ${ana.user.id}`,
    );
    expect(cpf).toMatch(/^\d{11}$/);
    // A partner without legal data on file: its name, no document (the receipt says it is missing).
    expect((await read()).receipt).toEqual({
      payer_document: { type: 'cpf', number: cpf },
      payee: { name: partner.user.name, document: null },
    });
    await t.db.execute(
      sql`insert into partner_profiles (user_id, legal_name, document_type, document)
          values (${partner.user.id}, 'Recibo Serviços de Saúde Ltda.', 'cnpj', '11222333000181')
          on conflict (user_id) do update set legal_name = excluded.legal_name,
            document_type = excluded.document_type, document = excluded.document`,
    );
    expect((await read()).receipt.payee).toEqual({
      name: 'Recibo Serviços de Saúde Ltda.',
      document: { type: 'cnpj', number: '11222333000181' },
    });
    // Nothing to receipt before the payment.
    const unpaid = await bookPix(ana, [15]);
    expect((await call(ana, 'GET', `/api/customer/booking/${unpaid.uuid}`)).json().data.receipt).toBeNull();
  });

  it('answers 404 to another specialist, to a partner and for a booking that does not exist; 401 to a visitor', async () => {
    const other = await signedInAs(t, 'customer');
    for (const who of [other, partner]) {
      const res = await call(who, 'GET', `/api/customer/booking/${paid.uuid}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(customerBookingMessages.notFound);
      expect((await call(who, 'POST', `/api/customer/booking/${paid.uuid}/cancel`)).statusCode).toBe(404);
    }
    expect(
      (await call(ana, 'GET', '/api/customer/booking/00000000-0000-4000-8000-00000000dead')).statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', `/api/customer/booking/${paid.uuid}`)).statusCode).toBe(401);
    // Nothing of it in the other person's list either.
    const list = (await call(other, 'GET', '/api/customer/bookings')).json();
    expect(list.data).toEqual([]);
  });

  it('carries the Pix code and its QR while the Pix can be paid, and drops them once the hold has ended', async () => {
    const bia = await signedInAs(t, 'customer');
    const booked = await bookPix(bia, [14]);
    const b = (await call(bia, 'GET', `/api/customer/booking/${booked.uuid}`)).json().data;
    expect(b.status).toBe('pending_payment');
    expect(b.payment).toMatchObject({ method: 'pix', status: 'pending', paid_at: null });
    expect(b.payment.pix.copy_paste).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    const png = Buffer.from(b.payment.pix.qr_code.replace('data:image/png;base64,', ''), 'base64');
    expect(await decodeQr(png)).toBe(b.payment.pix.copy_paste);
    expect(Date.parse(b.payment.pix.expires_at) - t.clock.now.getTime()).toBe(15 * 60_000);
    const row = (await call(bia, 'GET', '/api/customer/bookings')).json().data[0];
    expect(row).toMatchObject({
      kind: 'booking',
      uuid: booked.uuid,
      status: 'pending_payment',
      payment: { method: 'pix', status: 'pending', pix_expires_at: b.payment.pix.expires_at },
      cancelable: true,
    });

    t.clock.advance(16 * 60_000);
    try {
      const later = (await call(bia, 'GET', `/api/customer/booking/${booked.uuid}`)).json().data;
      expect(later.payment.pix).toBeNull();
      const again = (await call(bia, 'GET', '/api/customer/bookings')).json().data[0];
      expect(again.payment.pix_expires_at).toBeNull();
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('a partner who booked reads its own booking', async () => {
    const booker = await signedInAs(t, 'partner');
    const booked = await bookPix(booker, [20]);
    const res = await call(booker, 'GET', `/api/customer/booking/${booked.uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment.pix.copy_paste).toMatch(/^000201/);
  });

  it('cancels the whole booking: every hour refunded under the policy, the refunds listed, one mail', async () => {
    const before = t.mail.filter((m) => m.to === ana.user.email).length;
    const res = await call(ana, 'POST', `/api/customer/booking/${paid.uuid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      uuid: paid.uuid,
      status: 'canceled',
      refund_cents: 2 * HOUR,
      canceled: 2,
      whole_booking: false,
    });
    const mails = t.mail.filter((m) => m.to === ana.user.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('R$');

    const b = (await call(ana, 'GET', `/api/customer/booking/${paid.uuid}`)).json().data;
    expect(b.status).toBe('canceled');
    expect(b.cancelable).toBe(false);
    expect(b.payment).toMatchObject({ status: 'refunded', refunded_cents: 2 * HOUR });
    expect(b.refunds).toHaveLength(2);
    for (const r of b.refunds) {
      expect(r).toMatchObject({ amount_cents: HOUR, reason: 'customer_cancel' });
      expect(['pending', 'succeeded']).toContain(r.status);
    }
    expect(
      b.appointments.map((a: { status: string; refund_cents: number }) => [a.status, a.refund_cents]),
    ).toEqual([
      ['canceled', HOUR],
      ['canceled', HOUR],
    ]);
    const row = (await call(ana, 'GET', '/api/customer/bookings')).json().data[0];
    expect(row).toMatchObject({ uuid: paid.uuid, status: 'canceled', cancelable: false });
    expect(row.refund.amount_cents).toBe(2 * HOUR);

    // Again: nothing left to cancel, no second refund.
    const again = await call(ana, 'POST', `/api/customer/booking/${paid.uuid}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(lifecycleMessages.notCancelable);
  });

  it('keeps the hours that start within 24 h without refund, and gives back the others', async () => {
    const eva = await signedInAs(t, 'customer');
    const card = await saveCard(t, eva.user, eva.token);
    const soon = zonedDate(new Date(t.clock.now.getTime() + 86_400_000), 'America/Sao_Paulo');
    const tomorrow = await bookByCard(t, eva.token, room.uuid, card.uuid, [at(soon, 8), at(day, 8)]);
    const res = await call(eva, 'POST', `/api/customer/booking/${tomorrow.uuid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    // Tomorrow 08:00 is less than 24 h away from 10:00 today: canceled without refund.
    expect(res.json().data).toMatchObject({ status: 'canceled', refund_cents: HOUR, canceled: 2 });
    const b = (await call(eva, 'GET', `/api/customer/booking/${tomorrow.uuid}`)).json().data;
    expect(b.payment).toMatchObject({ status: 'partially_refunded', refunded_cents: HOUR });
  });

  it('cancels an unpaid Pix booking whole, with nothing to refund', async () => {
    const caio = await signedInAs(t, 'customer');
    const booked = await bookPix(caio, [16, 17]);
    const res = await call(caio, 'POST', `/api/customer/booking/${booked.uuid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      uuid: booked.uuid,
      status: 'canceled',
      refund_cents: 0,
      canceled: 2,
      whole_booking: true,
    });
    const b = (await call(caio, 'GET', `/api/customer/booking/${booked.uuid}`)).json().data;
    expect(b.payment).toMatchObject({ status: 'expired', pix: null });
    expect(b.refunds).toEqual([]);
    const row = (await call(caio, 'GET', '/api/customer/bookings')).json().data[0];
    expect(row).toMatchObject({ status: 'canceled', refund: null });
  });
});

describe('GET /api/customer/bookings', () => {
  it('lists one row per booking with all its hours, and a horário fixo as one row', async () => {
    const dora = await signedInAs(t, 'customer');
    const card = await saveCard(t, dora.user, dora.token);
    const two = await bookByCard(t, dora.token, room.uuid, card.uuid, [at(day, 12), at(day, 13)]);
    const seriesDay = addDays(day, 1);
    const made = await call(dora, 'POST', '/api/customer/series', {
      room_uuid: room.uuid,
      date_time: at(seriesDay, 7),
      minutes: 60,
      weeks: 11,
      payment_method: 'card',
      card_uuid: card.uuid,
    });
    expect(made.statusCode, made.body).toBe(201);
    const series = made.json().data.series as { uuid: string; months: { booking_uuid: string }[] };
    expect(series.months.length).toBeGreaterThan(1);

    const list = (await call(dora, 'GET', '/api/customer/bookings')).json();
    expect(list.meta).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    const [first, second] = list.data;
    expect(first).toMatchObject({
      kind: 'booking',
      uuid: two.uuid,
      status: 'confirmed',
      amount_cents: 2 * HOUR,
      refund: null,
      cancelable: true,
      series: null,
    });
    expect(first.appointments.map((a: { date_time: string }) => a.date_time)).toEqual([
      at(day, 12),
      at(day, 13),
    ]);
    expect(second).toMatchObject({
      kind: 'series',
      uuid: series.uuid,
      status: 'active',
      room: { uuid: room.uuid },
      amount_cents: HOUR,
      payment: null,
      cancelable: false,
      series: { time: '07:00', minutes: 60, weeks: 11, upcoming_weeks: 11 },
    });
    expect(second.appointments.map((a: { date_time: string }) => a.date_time)).toEqual([at(seriesDay, 7)]);

    // Only the bookings with an hour in the period.
    const later = (
      await call(dora, 'GET', `/api/customer/bookings?dateInit=${addDays(day, 8)}&dateEnd=${addDays(day, 9)}`)
    ).json();
    expect(later.data.map((r: { kind: string }) => r.kind)).toEqual(['series']);
    const bad = await call(dora, 'GET', '/api/customer/bookings?dateInit=1999-12-31');
    expect(bad.statusCode).toBe(422);

    // A month of the series is read on its own page, and changed only through the series.
    const month = series.months[1]!.booking_uuid;
    const detail = (await call(dora, 'GET', `/api/customer/booking/${month}`)).json().data;
    expect(detail).toMatchObject({ series_uuid: series.uuid, cancelable: false, status: 'pending_payment' });
    const refused = await call(dora, 'POST', `/api/customer/booking/${month}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(customerBookingMessages.seriesMonth);
  });
});

describe('paying by card from the booking', () => {
  it('removes the card after the payment when "Salvar este cartão" was left unchecked', async () => {
    const fia = await signedInAs(t, 'customer');
    const card = await saveCard(t, fia.user, fia.token);
    const res = await call(fia, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at(day, 18)],
      payment_method: 'card',
      card_uuid: card.uuid,
      save_card: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('confirmed');
    const cards = (await call(fia, 'GET', `/api/customer/card/${fia.user.uuid}`)).json().data;
    expect(cards).toEqual([]);
    // The payment keeps what the receipt needs; the card is gone from it.
    const b = (await call(fia, 'GET', `/api/customer/booking/${res.json().data.uuid}`)).json().data;
    expect(b.payment).toMatchObject({ method: 'card', status: 'paid', card: null });

    // Checked (or not said): the card stays.
    const kept = await saveCard(t, fia.user, fia.token);
    await bookByCard(t, fia.token, room.uuid, kept.uuid, [at(day, 19)]);
    expect((await call(fia, 'GET', `/api/customer/card/${fia.user.uuid}`)).json().data).toHaveLength(1);

    // Unchecked and the booking refused (the hour is taken): the card goes all the same.
    const once = await saveCard(t, fia.user, fia.token);
    const refused = await call(fia, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at(day, 18)],
      payment_method: 'card',
      card_uuid: once.uuid,
      save_card: false,
    });
    expect(refused.statusCode).toBe(409);
    const left = (await call(fia, 'GET', `/api/customer/card/${fia.user.uuid}`)).json().data;
    expect(left.map((c: { uuid: string }) => c.uuid)).toEqual([kept.uuid]);
  });

  it('says a charge the bank declined with its code, so the screen can offer Pix', async () => {
    const gil = await signedInAs(t, 'customer');
    const declining = await storedCard(t, gil.user, { declines: true });
    const res = await call(gil, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [at(day, 21)],
      payment_method: 'card',
      card_uuid: declining.uuid,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: CARD_DECLINED, errors: { card_uuid: [expect.any(String)] } });
    expect((await call(gil, 'GET', '/api/customer/bookings')).json().data).toEqual([]);
  });
});

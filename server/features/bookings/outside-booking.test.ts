/**
 * The partner's day (issue 31): bookings recorded for someone off the platform hold their hours
 * like any booking, move no money (no payment, no statement line, the ledger clean), mail the
 * person when an e-mail is given, and are canceled by the partner at any time; the calendar answers
 * a whole range at once with its blocks. Runs on PGlite and on PostgreSQL (races included).
 */
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaMessages } from '#common/contracts/agenda';
import { limits } from '#common/domain/limits';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, openRoom, saveCard } from '../../test/supply-fixtures.ts';
import { checkLedger, OUTSIDE_MONEY } from '../lifecycle/ledger.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let other: Awaited<ReturnType<typeof signedInAs>>;
let customer: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let card: string;
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  other = await signedInAs(t, 'partner');
  customer = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Externa', hours: ['08:00', '20:00'] }));
  card = (await saveCard(t, customer.user, customer.token)).uuid;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const at = (d: string, hh: number) => `${d}T${String(hh).padStart(2, '0')}:00:00-03:00`;
const record = (payload: object, token = partner.token, roomUuid = room.uuid) =>
  request(t.app, { method: 'POST', url: `/api/partner/room/${roomUuid}/manual-booking`, token, payload });
const calendar = (query: string, token = partner.token) =>
  request(t.app, { method: 'GET', url: `/api/partner/calendar?${query}`, token });
const statusOf = (appointment: string, status: string, date_time: string) =>
  request(t.app, {
    method: 'POST',
    url: `/api/partner/appointment/${appointment}/status/update`,
    token: partner.token,
    payload: { status, date_time },
  });

describe('bookings from outside', () => {
  let recorded: { uuid: string; appointments: { uuid: string; date_time: string }[] };

  it('records hours for someone off the platform: confirmed, no payment, the person mailed with the invitation', async () => {
    const res = await record({
      date_times: [at(day, 9), at(day, 10)],
      customer_name: 'Joana Paciente',
      customer_email: 'Joana@Exemplo.com.br',
      note: 'Primeira consulta',
    });
    expect(res.statusCode, res.body).toBe(201);
    recorded = res.json().data;
    expect(res.json().data).toMatchObject({
      status: 'confirmed',
      room: { uuid: room.uuid, name: 'Sala Externa' },
      customer_name: 'Joana Paciente',
      customer_email: 'joana@exemplo.com.br',
      note: 'Primeira consulta',
      appointments: [
        { date_time: at(day, 9), status: 'confirmed' },
        { date_time: at(day, 10), status: 'confirmed' },
      ],
    });
    const [money] = await queryRows<{ amount_cents: number; payment_method: string; payments: number }>(
      t.db,
      sql`select b.amount_cents, b.payment_method, (select count(*)::int from payments p where p.booking_id = b.id) as payments
          from bookings b where b.uuid = ${recorded.uuid}`,
    );
    expect(money).toEqual({ amount_cents: 0, payment_method: 'manual', payments: 0 });
    expect(res.json().data.mail).toBe('sent');
    const mail = t.mail.filter((m) => m.to === 'joana@exemplo.com.br').at(-1);
    expect(mail?.subject).toMatch(/^Horário reservado: Sala Externa, /);
    expect(mail?.calendar).toMatchObject({ method: 'REQUEST', filename: 'reserva.ics' });
    expect(mail?.calendar?.content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('holds the hours: the room page shows them taken and a specialist cannot book them', async () => {
    const slots = await request(t.app, {
      method: 'GET',
      url: `/api/customer/room/${room.uuid}/availability/${day}`,
      token: customer.token,
    });
    const taken = slots
      .json()
      .data.slots.filter((x: { available: boolean }) => !x.available)
      .map((x: { date_time: string }) => x.date_time);
    expect(taken).toEqual(expect.arrayContaining([at(day, 9), at(day, 10)]));
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointment/bulk',
      token: customer.token,
      payload: { room_uuid: room.uuid, date_times: [at(day, 10)], payment_method: 'card', card_uuid: card },
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses taken, closed, past and badly written hours in Portuguese, and another partner’s room with 404', async () => {
    const taken = await record({ date_times: [at(day, 10)], customer_name: 'Outra Pessoa' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(agendaMessages.slotTaken);
    const closed = await record({ date_times: [at(day, 21)], customer_name: 'Outra Pessoa' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe(agendaMessages.closedHour);
    const past = await record({ date_times: [at(addDays(day, -10), 9)], customer_name: 'Outra Pessoa' });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(agendaMessages.past);
    const noName = await record({ date_times: [at(day, 14)], customer_name: ' ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.customer_name).toEqual([agendaMessages.nameRequired]);
    const badMail = await record({ date_times: [at(day, 14)], customer_name: 'Ana', customer_email: 'ana@' });
    expect(badMail.statusCode).toBe(422);
    expect((await record({ date_times: [at(day, 14)], customer_name: 'Ana' }, other.token)).statusCode).toBe(
      404,
    );
    expect(
      (await record({ date_times: [at(day, 14)], customer_name: 'Ana' }, customer.token)).statusCode,
    ).toBe(403);
  });

  it('shows in the agenda with the person’s name, and in no statement, payout or list of the partner’s own bookings', async () => {
    const agenda = await request(t.app, {
      method: 'GET',
      url: `/api/partner/appointments/${day}/${day}/todas`,
      token: partner.token,
    });
    const rows = agenda.json().data.filter((a: { booking_uuid: string }) => a.booking_uuid === recorded.uuid);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      payment_method: 'manual',
      amount_cents: 0,
      payment_status: null,
      outside: { name: 'Joana Paciente', email: 'joana@exemplo.com.br', note: 'Primeira consulta' },
    });
    const statement = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/statement?dateInit=${day}&dateEnd=${day}`,
      token: partner.token,
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().data.lines).toEqual([]);
    const mine = await request(t.app, {
      method: 'GET',
      url: '/api/customer/appointments',
      token: partner.token,
    });
    if (mine.statusCode === 200)
      expect(JSON.stringify(mine.json().data)).not.toContain(recorded.appointments[0]!.uuid);
  });

  it('is canceled by its partner whenever it holds its hour; the hour is free again and the person told', async () => {
    const [first] = recorded.appointments;
    const res = await statusOf(first!.uuid, 'canceled', first!.date_time);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'canceled', refund_cents: 0 });
    const mail = t.mail.filter((m) => m.to === 'joana@exemplo.com.br').at(-1);
    expect(mail?.subject).toMatch(/^Horário cancelado pela clínica: Sala Externa, /);
    // The first of two contiguous hours goes: the one event shrinks to 10:00–11:00, same UID.
    expect(mail?.calendar?.method).toBe('REQUEST');
    expect(mail?.calendar?.content).toContain(`UID:${first!.uuid}@localhost`);
    expect(mail?.calendar?.content).toContain('SEQUENCE:1');
    const again = await record({ date_times: [at(day, 9)], customer_name: 'Carlos Avulso' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.mail).toBe('none');
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('a booking and an outside booking of the same hour arriving at once: exactly one holds it', async () => {
    const hour = at(day, 16);
    const [booked, recordedAtOnce] = await Promise.all([
      request(t.app, {
        method: 'POST',
        url: '/api/customer/appointment/bulk',
        token: customer.token,
        payload: { room_uuid: room.uuid, date_times: [hour], payment_method: 'card', card_uuid: card },
      }),
      record({ date_times: [hour], customer_name: 'Chegou Junto' }),
    ]);
    expect([booked.statusCode, recordedAtOnce.statusCode].sort()).toEqual([201, 409]);
    const [holding] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from appointments a join rooms r on r.id = a.room_id
          where r.uuid = ${room.uuid} and a.starts_at = ${hour}::timestamptz and a.status in ('confirmed', 'pending_payment')`,
    );
    expect(holding!.n).toBe(1);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});

describe('what the outside booking form offers and cancels', () => {
  const partnerSlots = (date: string, token = partner.token, roomUuid = room.uuid) =>
    request(t.app, { method: 'GET', url: `/api/partner/room/${roomUuid}/availability/${date}`, token });
  const free = (res: { json(): { data: { slots: { date_time: string; available: boolean }[] } } }) =>
    res
      .json()
      .data.slots.filter((x) => x.available)
      .map((x) => x.date_time.slice(11, 16));

  it("answers the room's open hours of a day as an outside booking takes them: taken ones off, no horizon; another partner's room 404", async () => {
    // Past the room's horizon (365 days) a specialist sees nothing free; its partner still may record.
    const far = addDays(day, 400);
    const customerView = await request(t.app, {
      method: 'GET',
      url: `/api/customer/room/${room.uuid}/availability/${far}`,
    });
    expect(free(customerView)).toEqual([]);
    const before = await partnerSlots(far);
    expect(before.statusCode, before.body).toBe(200);
    const open = Array.from({ length: 12 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
    expect(free(before)).toEqual(open);
    expect(before.json().data.date).toBe(far);
    const taken = await record({ date_times: [at(far, 11)], customer_name: 'Longe Demais' });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(free(await partnerSlots(far))).toEqual(open.filter((h) => h !== '11:00'));
    expect((await partnerSlots(far, other.token)).statusCode).toBe(404);
    expect((await partnerSlots('2100-01-01')).statusCode).toBe(422);
  });

  it('cancels a whole outside booking from one of its hours: every hour freed, one mail naming them', async () => {
    const d = addDays(day, 5);
    const email = 'inteira@exemplo.com.br';
    const res = await record({
      date_times: [at(d, 13), at(d, 14), at(d, 15)],
      customer_name: 'Reserva Inteira',
      customer_email: email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const hours = res.json().data.appointments as { uuid: string; date_time: string }[];
    const mailsBefore = t.mail.filter((m) => m.to === email).length;
    const cancel = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${hours[1]!.uuid}/status/update`,
      token: partner.token,
      payload: { status: 'canceled', date_time: hours[1]!.date_time, whole_booking: true },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toEqual({
      uuid: hours[1]!.uuid,
      status: 'canceled',
      refund_cents: 0,
      whole_booking: true,
    });
    const rows = await queryRows<{ status: string; booking_status: string }>(
      t.db,
      sql`select a.status, b.status as booking_status from appointments a join bookings b on b.id = a.booking_id
          where b.uuid = ${res.json().data.uuid} order by a.starts_at`,
    );
    expect(rows).toEqual(Array(3).fill({ status: 'canceled', booking_status: 'canceled' }));
    const mails = t.mail.filter((m) => m.to === email).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/13:00[\s\S]*14:00[\s\S]*15:00/);
    expect(free(await partnerSlots(d))).toEqual(expect.arrayContaining(['13:00', '14:00', '15:00']));
    // Again: nothing left to cancel.
    const again = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${hours[0]!.uuid}/status/update`,
      token: partner.token,
      payload: { status: 'canceled', date_time: hours[0]!.date_time, whole_booking: true },
    });
    expect(again.statusCode).toBe(409);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it("refuses the whole booking for a specialist's booking and for any move but the cancellation, in Portuguese", async () => {
    const booked = await bookByCard(t, customer.token, room.uuid, card, [at(addDays(day, 5), 17)]);
    const hour = booked.appointments[0]!;
    const platform = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${hour.uuid}/status/update`,
      token: partner.token,
      payload: { status: 'canceled', date_time: hour.date_time, whole_booking: true },
    });
    expect(platform.statusCode).toBe(422);
    expect(platform.json().message).toBe(agendaMessages.wholeOnlyOutside);
    const completed = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${hour.uuid}/status/update`,
      token: partner.token,
      payload: { status: 'completed', date_time: hour.date_time, whole_booking: true },
    });
    expect(completed.statusCode).toBe(422);
    expect(JSON.stringify(completed.json())).toContain('Só o cancelamento vale para a reserva inteira.');
  });
});

describe('the ledger check', () => {
  it(`${OUTSIDE_MONEY}: an outside booking with a price or a payment`, async () => {
    const res = await record({ date_times: [at(addDays(day, 2), 8)], customer_name: 'Livro Caixa' });
    expect(res.statusCode, res.body).toBe(201);
    const uuid = res.json().data.uuid;
    await t.db.execute(
      sql`update appointments set price_cents = 6000 where booking_id = (select id from bookings where uuid = ${uuid})`,
    );
    const found = await checkLedger(t.db, { now: t.clock.now });
    expect(found.map((v) => [v.rule, v.ids.booking])).toEqual([[OUTSIDE_MONEY, uuid]]);
    await t.db.execute(
      sql`update appointments set price_cents = 0 where booking_id = (select id from bookings where uuid = ${uuid})`,
    );
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});

describe('the calendar', () => {
  it('answers a range with every appointment and the blocks touching it, no paging; another partner sees none of it', async () => {
    const paid = await bookByCard(t, customer.token, room.uuid, card, [at(addDays(day, 1), 11)]);
    const block = await request(t.app, {
      method: 'POST',
      url: '/api/partner/bulkblocking',
      token: partner.token,
      payload: {
        room_uuid: [room.uuid],
        starts_at: at(addDays(day, 1), 14),
        ends_at: at(addDays(day, 1), 16),
        reason: 'Manutenção',
      },
    });
    expect(block.statusCode, block.body).toBeLessThan(300);
    const res = await calendar(`dateInit=${day}&dateEnd=${addDays(day, 6)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { appointments, blocks } = res.json().data;
    expect(appointments.map((a: { booking_uuid: string }) => a.booking_uuid)).toContain(paid.uuid);
    expect(
      appointments.filter((a: { outside: unknown }) => a.outside !== null).length,
    ).toBeGreaterThanOrEqual(2);
    expect(blocks).toEqual([
      expect.objectContaining({
        room_uuid: room.uuid,
        room_name: 'Sala Externa',
        starts_at: at(addDays(day, 1), 14),
        ends_at: at(addDays(day, 1), 16),
        reason: 'Manutenção',
      }),
    ]);
    const byRoom = await calendar(`dateInit=${day}&dateEnd=${day}&room=${room.uuid}`);
    expect(byRoom.json().data.blocks).toEqual([]);
    const stranger = await calendar(`dateInit=${day}&dateEnd=${addDays(day, 6)}`, other.token);
    expect(stranger.json().data).toEqual({ appointments: [], blocks: [] });
  });

  it('refuses a reversed or too long range in Portuguese', async () => {
    const reversed = await calendar(`dateInit=${addDays(day, 2)}&dateEnd=${day}`);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.dateEnd).toEqual([agendaMessages.rangeOrder]);
    const long = await calendar(`dateInit=${day}&dateEnd=${addDays(day, 60)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.dateEnd).toEqual([agendaMessages.rangeTooLong]);
    expect((await calendar(`dateInit=1999-12-31&dateEnd=${day}`)).statusCode).toBe(422);
  });
});

/**
 * Mails to people outside the platform (DESIGN §10, issue 41): one mail per outside booking
 * whatever its number of hours (a calendar file of several events as METHOD:PUBLISH), one per
 * cancellation, our words in subject and greeting, and a limit per partner counted across
 * requests arriving at once — past it the booking is recorded and the answer says no mail went.
 */
describe('mails to people outside the platform', () => {
  const outboxTo = async (emails: string[]) => {
    const rows = await queryRows<{
      recipient: string;
      subject: string;
      payload: { text: string; html: string };
    }>(
      t.db,
      sql`select recipient, subject, payload from mail_outbox where recipient in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )}) order by id`,
    );
    return rows;
  };
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
  async function newPartner() {
    const p = await signedInAs(t, 'partner');
    const { room: r } = await openRoom(t, p, { room: 'Sala Limite', hours: ['08:00', '20:00'] });
    return { ...p, room: r.uuid };
  }
  /** Separate hours (none follows another): 08, 10 … 18 of each day from `from`. */
  const separateHours = (from: string, n: number) =>
    Array.from({ length: n }, (_, i) => at(addDays(from, Math.floor(i / 6)), 8 + 2 * (i % 6)));

  it('sends one mail for an outside booking of 200 separate hours, every hour in it and one calendar file of 200 events', async () => {
    const from = addDays(day, 10);
    const email = 'duzentas@exemplo.com.br';
    const res = await record({
      date_times: separateHours(from, 200),
      customer_name: 'Paula Muitas',
      customer_email: email,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.appointments).toHaveLength(200);
    expect(res.json().data.mail).toBe('sent');
    const rows = await outboxTo([email]);
    expect(rows).toHaveLength(1);
    const mail = t.mail.filter((m) => m.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Horário reservado: Sala Externa, .* e mais 199 horários$/);
    expect(mail[0]!.text.match(/^• /gm)).toHaveLength(200);
    // No iMIP invitation (one event per scheduling message): one PUBLISH file with every event.
    expect(mail[0]!.calendar).toBeUndefined();
    expect(mail[0]!.attachments).toHaveLength(1);
    const file = mail[0]!.attachments![0]!;
    expect(file).toMatchObject({
      filename: 'horarios.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
    const cal = parse(String(file.content));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(200);
    const uids = events.map((e) => String(e.getFirstPropertyValue('uid')));
    expect(new Set(uids).size).toBe(200);
    expect(uids).toEqual(res.json().data.appointments.map((a: { uuid: string }) => `${a.uuid}@localhost`));
    // RFC 5546 §3.2.1: an organizer, no attendee.
    expect(events.every((e) => e.hasProperty('organizer') && !e.hasProperty('attendee'))).toBe(true);

    // A block over three of its hours, canceling them: one mail for the three.
    const block = await request(t.app, {
      method: 'POST',
      url: '/api/partner/bulkblocking',
      token: partner.token,
      payload: {
        room_uuid: [room.uuid],
        starts_at: at(from, 8),
        ends_at: at(from, 13),
        on_conflict: 'cancel',
      },
    });
    expect(block.statusCode, block.body).toBe(201);
    const after = await outboxTo([email]);
    expect(after).toHaveLength(2);
    const canceled = t.mail.filter((m) => m.to === email).at(-1)!;
    expect(canceled.subject).toMatch(/^Horário cancelado pela clínica: Sala Externa, /);
    expect(canceled.text.match(/^• /gm)).toHaveLength(3);
    const cancelFile = parse(String(canceled.attachments![0]!.content));
    expect(cancelFile.getFirstPropertyValue('method')).toBe('PUBLISH');
    const gone = cancelFile.getAllSubcomponents('vevent');
    expect(gone.map((e) => e.getFirstPropertyValue('status'))).toEqual([
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
    expect(gone.map((e) => e.getFirstPropertyValue('sequence'))).toEqual([1, 1, 1]);
  });

  it('keeps text typed for the booking out of the subject and greeting, and says who registered it', async () => {
    const email = 'alvo@exemplo.com.br';
    const res = await record({
      date_times: [at(addDays(day, 4), 18)],
      customer_name: 'GANHE-R$1000-em-golpe.example Silva',
      customer_email: email,
      note: 'Clique em golpe.example/premio',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = t.mail.filter((m) => m.to === email).at(-1)!;
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('golpe.example');
      expect(part).not.toContain('GANHE');
    }
    expect(mail.text).toMatch(/^Olá!$/m);
    expect(mail.text).toContain('porque a clínica');
    expect(mail.text).toContain('registrou esta reserva na Salas — Clínica ');
  });

  it(`limits each partner to ${limits.maxOutsideMailsPerHour} mails an hour to outside addresses, counted across requests at once; past it the booking is recorded without a mail`, async () => {
    const p = await newPartner();
    const n = limits.maxOutsideMailsPerHour + 10;
    const emails = Array.from({ length: n }, (_, i) => `fora-${i}-${p.user.uuid.slice(0, 8)}@exemplo.com.br`);
    const hours = Array.from({ length: n }, (_, i) => at(addDays(day, 2 + Math.floor(i / 12)), 8 + (i % 12)));
    const answers = await Promise.all(
      emails.map((email, i) =>
        record(
          { date_times: [hours[i]!], customer_name: `Pessoa ${i}`, customer_email: email },
          p.token,
          p.room,
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    const outcome = answers.map((r) => r.json().data.mail as string);
    expect(outcome.filter((m) => m === 'sent')).toHaveLength(limits.maxOutsideMailsPerHour);
    expect(outcome.filter((m) => m === 'limited')).toHaveLength(10);
    // Exactly the answers that say "sent" have their mail in the outbox; the others none.
    const rows = await outboxTo(emails);
    expect(rows.map((r) => r.recipient).sort()).toEqual(
      emails.filter((_, i) => outcome[i] === 'sent').sort(),
    );
    // Every hour is held all the same.
    const held = await calendar(
      `dateInit=${addDays(day, 2)}&dateEnd=${addDays(day, 5)}&room=${p.room}`,
      p.token,
    );
    expect(held.json().data.appointments).toHaveLength(n);

    // An hour later the hour's allowance is back, within the day's.
    t.clock.advance(61 * 60_000);
    const next = await record(
      {
        date_times: [at(addDays(day, 6), 8)],
        customer_name: 'Depois',
        customer_email: 'depois@exemplo.com.br',
      },
      p.token,
      p.room,
    );
    expect(next.json().data.mail).toBe('sent');
    // The day's allowance used up: recorded, no mail; and canceling an hour mails no one either.
    await t.db.execute(
      sql`update throttle_counters set count = ${limits.maxOutsideMailsPerDay} where key = ${`outside-mail:day:partner-${await partnerId(p.user.uuid)}`}`,
    );
    const limited = await record(
      {
        date_times: [at(addDays(day, 6), 9)],
        customer_name: 'Sem Aviso',
        customer_email: 'sem-aviso@exemplo.com.br',
      },
      p.token,
      p.room,
    );
    expect(limited.statusCode).toBe(201);
    expect(limited.json().data.mail).toBe('limited');
    expect(await outboxTo(['sem-aviso@exemplo.com.br'])).toEqual([]);
    const first = next.json().data.appointments[0];
    const cancel = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${first.uuid}/status/update`,
      token: p.token,
      payload: { status: 'canceled', date_time: first.date_time },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await outboxTo(['depois@exemplo.com.br'])).toHaveLength(1);
    // Another partner's allowance is its own.
    const mine = await record({
      date_times: [at(addDays(day, 6), 19)],
      customer_name: 'Outra',
      customer_email: 'outra@exemplo.com.br',
    });
    expect(mine.json().data.mail).toBe('sent');
  });
});

async function partnerId(uuid: string) {
  const [row] = await queryRows<{ id: number }>(t.db, sql`select id from users where uuid = ${uuid}`);
  return Number(row!.id);
}

/**
 * The operator's desk (DESIGN §9, decision 0036): bookings newest first, found by name, e-mail, CPF,
 * room or uuid, filtered by the dates of their hours and by person; one booking with its payment,
 * refunds, the messages about it — mails and WhatsApp, not those about the person's other bookings —
 * and its history; the operator's cancel refunds every paid hour in full through the lifecycle,
 * mails the specialist and keeps the reason in the audit log; a person's activity (horários fixos, waitlist, cards) and the
 * invitation sent again; only operators. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskMessages } from '#common/contracts/desk';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { signedWebhook } from '../../test/webhook.ts';
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
    // The short id the pages show (the uuid's first 8 hex digits), in either case, or a longer start.
    expect(await find(anaBooking.uuid.slice(0, 8))).toContain(anaBooking.uuid);
    expect(await find(anaBooking.uuid.slice(0, 8).toUpperCase())).toContain(anaBooking.uuid);
    expect(await find(anaBooking.uuid.slice(0, 13))).toEqual([anaBooking.uuid]);
    expect(await find(biaBooking.uuid.slice(0, 8))).not.toContain(anaBooking.uuid);
    expect(await find(anaBooking.uuid.slice(0, 7))).toEqual([]);
    expect((await op('GET', '/api/fusion/bookings?search=ffffffff-zz')).statusCode).toBe(200);
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

    // Who canceled and why: in the booking's history and on the person's page.
    await t.deliverMail();
    const read = (await op('GET', `/api/fusion/booking/${anaBooking.uuid}`)).json().data;
    const reason = read.history.find((h: { kind: string }) => h.kind === 'operator_cancel');
    expect(reason).toMatchObject({
      description: expect.stringContaining('Sala interditada pela vigilância sanitária'),
      actor: { email: operator.user.email },
    });
    const canceledStep = read.history.find((h: { kind: string }) => h.kind === 'canceled');
    expect(canceledStep.actor).toMatchObject({ email: operator.user.email });
    expect(canceledStep.description).toContain('2 horários cancelados');
    const refunds = read.history.filter((h: { kind: string }) => h.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].description).toMatch(/120,00 em 2 partes \(cancelamento pela operação\)/);
    const kinds = read.history.map((h: { kind: string }) => h.kind);
    expect(kinds.indexOf('created')).toBe(0);
    expect(kinds.indexOf('operator_cancel')).toBeLessThan(kinds.indexOf('canceled'));
    expect(read.appointments[0].canceled_by).toMatchObject({ email: operator.user.email });
    expect(read.mails.map((m: { subject: string }) => m.subject)).toContainEqual(
      expect.stringMatching(/^Reserva cancelada pela equipe Salas: Sala Balcão, /),
    );
    const person = (await op('GET', `/api/fusion/user/${ana.user.uuid}`)).json().data;
    expect(person.audit[0]).toMatchObject({
      action: 'booking.canceled',
      description: expect.stringContaining('Motivo: Sala interditada pela vigilância sanitária'),
      actor: { email: operator.user.email },
    });
  });

  it('lists the mails about one booking, not those about the same person’s other bookings', async () => {
    const card = (await (await op('GET', `/api/customer/card/${ana.user.uuid}`, undefined, ana)).json())
      .data[0].uuid;
    const other = await bookByCard(t, ana.token, room.uuid, card, [at(16)]);
    await t.deliverMail();
    const mails = (await op('GET', `/api/fusion/booking/${other.uuid}`)).json().data.mails;
    expect(mails).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/^Reserva confirmada: Sala Balcão, /),
        recipient: ana.user.email,
        status: 'sent',
        sent_at: expect.any(String),
      }),
    ]);
    // The first booking's mails are still its own: its confirmation and one cancellation of both hours.
    const first = (await op('GET', `/api/fusion/booking/${anaBooking.uuid}`)).json().data.mails;
    expect(first.map((m: { subject: string }) => m.subject)).toEqual([
      expect.stringMatching(/^Reserva confirmada: Sala Balcão, /),
      expect.stringMatching(/^Reserva cancelada pela equipe Salas: Sala Balcão, .*09:00–11:00$/),
    ]);
  });

  it('shows the WhatsApp messages about a booking beside its mails, the number partly hidden', async () => {
    const [b] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from bookings where uuid = ${biaBooking.uuid}`,
    );
    const hours = await queryRows<{ id: number }>(
      t.db,
      sql`select id from appointments where booking_id = ${b!.id} order by starts_at`,
    );
    const event = async (kind: string, payload: object) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`insert into notification_events (kind, payload, created_at)
              values (${kind}, ${JSON.stringify(payload)}::jsonb, ${t.clock.now.toISOString()}) returning id`,
        )
      )[0]!.id;
    // A row as the outbox writes it: the text the person read, the template in the payload.
    const whatsapp = async (eventId: number, template: string, delivery: string) =>
      t.db.execute(sql`insert into mail_outbox
          (channel, kind, recipient, subject, payload, status, event_id, provider_message_id,
           delivery_status, delivery_updated_at, sent_at, created_at)
          values ('whatsapp', 'message', '5521998761234', ${`Texto de ${template}`},
                  ${JSON.stringify({ template, params: [] })}::jsonb, 'sent', ${eventId},
                  ${`wamid.${eventId}`}, ${delivery}, ${t.clock.now.toISOString()},
                  ${t.clock.now.toISOString()}, ${t.clock.now.toISOString()})`);
    t.clock.advance(60_000);
    // For the booking (its confirmation, read), for one of its hours (the reminder, failed), and for
    // Ana's booking: only the first two are Bia's booking's.
    await whatsapp(
      await event('booking_confirmed', { bookingId: Number(b!.id) }),
      'reserva_confirmada',
      'read',
    );
    await whatsapp(
      await event('booking_soon', { appointmentIds: [Number(hours[0]!.id)] }),
      'reserva_em_breve',
      'failed',
    );
    const [a] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from bookings where uuid = ${anaBooking.uuid}`,
    );
    await whatsapp(await event('hours_canceled', { bookingId: Number(a!.id) }), 'reserva_cancelada', 'sent');

    const messages = (await op('GET', `/api/fusion/booking/${biaBooking.uuid}`)).json().data.mails;
    expect(messages.map((m: { channel: string }) => m.channel)).toEqual(['email', 'whatsapp', 'whatsapp']);
    expect(messages[0]).toMatchObject({ recipient: bia.user.email, template: null, delivery_status: null });
    expect(messages.slice(1)).toEqual([
      expect.objectContaining({
        channel: 'whatsapp',
        template: 'reserva_confirmada',
        subject: 'Texto de reserva_confirmada',
        recipient: '(21) 9••••-1234',
        status: 'sent',
        delivery_status: 'read',
        delivery_updated_at: expect.stringMatching(/-03:00$/),
      }),
      expect.objectContaining({ template: 'reserva_em_breve', delivery_status: 'failed' }),
    ]);
    const anas = (await op('GET', `/api/fusion/booking/${anaBooking.uuid}`)).json().data.mails;
    expect(anas.filter((m: { channel: string }) => m.channel === 'whatsapp')).toEqual([
      expect.objectContaining({ template: 'reserva_cancelada', recipient: '(21) 9••••-1234' }),
    ]);
  });

  it('shows a Pix booking paid by the provider’s webhook: the event, the receipt and the payment', async () => {
    const res = await op(
      'POST',
      '/api/customer/appointment/bulk',
      { room_uuid: room.uuid, date_times: [at(11)], payment_method: 'pix' },
      bia,
    );
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json().data;
    const hook = await signedWebhook(t, {
      id: `evt-desk-${booked.uuid}`,
      type: 'payment.paid',
      data: { payment_uuid: booked.payment.uuid },
    });
    expect(hook.statusCode, hook.body).toBeLessThan(300);
    await t.deliverMail();
    const detail = (await op('GET', `/api/fusion/booking/${booked.uuid}`)).json().data;
    expect(detail.status).toBe('confirmed');
    expect(detail.payment).toMatchObject({ method: 'pix', status: 'paid', card: null });
    expect(detail.history.map((h: { kind: string }) => h.kind)).toEqual(
      expect.arrayContaining(['created', 'paid', 'provider_event']),
    );
    expect(detail.history.find((h: { kind: string }) => h.kind === 'provider_event').description).toContain(
      'pagamento aprovado',
    );
    const subjects = detail.mails.map((m: { subject: string }) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Pague com Pix para confirmar: Sala Balcão, /),
        expect.stringMatching(/^Reserva confirmada: Sala Balcão, /),
        expect.stringMatching(/^Pagamento recebido/),
      ]),
    );
    expect(detail.mails.every((m: { recipient: string }) => m.recipient === bia.user.email)).toBe(true);
  });

  it('cancels an unpaid Pix booking without a calendar part, a confirmed one with a CANCEL of its invitation', async () => {
    const calendarLines = (content: string) =>
      Object.fromEntries(
        content
          .replace(/\r\n /g, '')
          .split('\r\n')
          .filter((l) => /^(METHOD|UID|SEQUENCE|STATUS):/.test(l))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]),
      );
    const cancelTo = async (who: typeof ana, uuid: string) => {
      await t.deliverMail();
      const before = t.mail.length;
      const res = await op('POST', `/api/fusion/booking/${uuid}/cancel`, { reason: 'Teste do calendário' });
      expect(res.statusCode, res.body).toBe(200);
      await t.deliverMail();
      return t.mail.slice(before).filter((m) => m.to === who.user.email);
    };

    // Never paid, so never confirmed and never invited: the mail carries no calendar part at all.
    const pix = await op(
      'POST',
      '/api/customer/appointment/bulk',
      { room_uuid: room.uuid, date_times: [at(12), at(13)], payment_method: 'pix' },
      bia,
    );
    expect(pix.statusCode, pix.body).toBe(201);
    const unpaid = await cancelTo(bia, pix.json().data.uuid);
    expect(unpaid.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Reserva cancelada pela equipe Salas: Sala Balcão, /),
    ]);
    expect(unpaid[0]!.calendar).toBeUndefined();
    expect(unpaid[0]!.attachments ?? []).toEqual([]);
    expect(unpaid[0]!.text).not.toContain('calendário');

    // Confirmed: its invitation went out (REQUEST, SEQUENCE 0); canceled, the same UID comes back as
    // a CANCEL with a higher SEQUENCE (each hour canceled counts: 2 hours, SEQUENCE 2 at the end).
    const card = (await (await op('GET', `/api/customer/card/${bia.user.uuid}`, undefined, bia)).json())
      .data[0].uuid;
    const paid = await bookByCard(t, bia.token, room.uuid, card, [at(17), at(18)]);
    await t.deliverMail();
    const invitation = t.mail.findLast(
      (m) => m.to === bia.user.email && m.subject.startsWith('Reserva confirmada: Sala Balcão'),
    )!;
    const uid = `${paid.appointments[0]!.uuid}@localhost`;
    expect(calendarLines(invitation.calendar!.content)).toMatchObject({
      METHOD: 'REQUEST',
      UID: uid,
      SEQUENCE: '0',
    });
    const mails = await cancelTo(bia, paid.uuid);
    expect(calendarLines(mails[0]!.calendar!.content)).toEqual({
      METHOD: 'CANCEL',
      UID: uid,
      SEQUENCE: '2',
      STATUS: 'CANCELLED',
    });
    expect(mails[0]!.calendar!.filename).toBe('cancelamento.ics');
    // Both hours went in one transition: one mail, one CANCEL (not one per hour, each repeating it).
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Reserva cancelada pela equipe Salas: Sala Balcão, .*17:00–19:00$/),
    ]);
  });

  it('filters by the dates of the hours (the clinic’s calendar) and by person', async () => {
    const uuids = async (query: string) =>
      (await op('GET', `/api/fusion/bookings?per_page=100&${query}`))
        .json()
        .data.map((b: { uuid: string }) => b.uuid);
    const onDay = await uuids(`dateInit=${day}&dateEnd=${day}`);
    expect(onDay).toEqual(expect.arrayContaining([anaBooking.uuid, biaBooking.uuid]));
    expect(await uuids(`dateInit=${addDays(day, 1)}`)).not.toContain(anaBooking.uuid);
    expect(await uuids(`dateEnd=${addDays(day, -1)}`)).not.toContain(anaBooking.uuid);
    const anas = await uuids(`customer=${ana.user.uuid}`);
    expect(anas).toContain(anaBooking.uuid);
    expect(anas).not.toContain(biaBooking.uuid);
    expect(await uuids(`customer=${ana.user.uuid}&status=canceled`)).toEqual([anaBooking.uuid]);
    const backwards = await op('GET', `/api/fusion/bookings?dateInit=${day}&dateEnd=${addDays(day, -1)}`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().message).toBe('A data final vem antes da inicial.');
    expect((await op('GET', '/api/fusion/bookings?dateInit=9999-01-01')).statusCode).toBe(422);
  });

  it('answers 404 for an unknown booking and only to operators', async () => {
    expect((await op('GET', '/api/fusion/booking/6f1d2c1e-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    for (const who of [partner, bia])
      expect((await op('GET', '/api/fusion/bookings', undefined, who)).statusCode).toBe(403);
  });
});

describe('a person’s activity and the invitation', () => {
  it('shows horários fixos, waitlist places and saved cards (brand and last 4 only)', async () => {
    const card = (await saveCard(t, bia.user, bia.token)).uuid;
    const first = addDays(day, 7);
    const made = await op(
      'POST',
      '/api/customer/series',
      {
        room_uuid: room.uuid,
        date_time: `${first}T08:00:00-03:00`,
        minutes: 60,
        weeks: 2,
        payment_method: 'card',
        card_uuid: card,
      },
      bia,
    );
    expect(made.statusCode, made.body).toBe(201);
    const joined = await op(
      'POST',
      '/api/customer/waitlist',
      { room_uuid: room.uuid, date: day, from: '09:00', to: '11:00' },
      bia,
    );
    expect(joined.statusCode, joined.body).toBe(201);
    const res = await op('GET', `/api/fusion/user/${bia.user.uuid}/activity`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.series).toEqual([
      expect.objectContaining({ uuid: made.json().data.series.uuid, status: 'active' }),
    ]);
    expect(data.waitlist).toEqual([
      expect.objectContaining({ status: 'waiting', from: '09:00', to: '11:00' }),
    ]);
    expect(data.cards.length).toBeGreaterThan(0);
    for (const c of data.cards) {
      expect(Object.keys(c).sort()).toEqual([
        'brand',
        'exp_month',
        'exp_year',
        'is_default',
        'last4',
        'uuid',
      ]);
      expect(c.last4).toMatch(/^\d{4}$/);
    }
    expect(data.invitation_pending).toBe(false);
    expect((await op('GET', `/api/fusion/user/${bia.user.uuid}/activity`, undefined, bia)).statusCode).toBe(
      403,
    );
    expect(
      (await op('GET', '/api/fusion/user/6f1d2c1e-0000-4000-8000-000000000000/activity')).statusCode,
    ).toBe(404);
  });

  it('sends the invitation again while the account has no password, and says why not otherwise', async () => {
    const email = `convite.${Date.now()}@salas.test`;
    const created = await op('POST', '/api/fusion/customer/store', { name: 'Carla Convite', email });
    expect(created.statusCode, created.body).toBe(201);
    const uuid = created.json().data.uuid;
    await t.deliverMail();
    expect((await op('GET', `/api/fusion/user/${uuid}/activity`)).json().data.invitation_pending).toBe(true);
    const before = t.mail.filter((m) => m.to === email).length;
    const again = await op('POST', `/api/fusion/user/${uuid}/invite`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.message).toBe(`Enviamos a ${email} um novo link para definir a senha.`);
    await t.deliverMail();
    const mails = t.mail.filter((m) => m.to === email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toMatch(/\/password-reset\?token=/);
    const trail = (await op('GET', `/api/fusion/user/${uuid}`)).json().data.audit;
    expect(trail[0]).toMatchObject({ action: 'user.invited', actor: { email: operator.user.email } });

    const hasPassword = await op('POST', `/api/fusion/user/${ana.user.uuid}/invite`);
    expect(hasPassword.statusCode).toBe(409);
    expect(hasPassword.json().message).toMatch(/já definiu a senha/);
    await op('POST', '/api/fusion/setActiveStatus', { user_uuid: uuid, setStatus: 0 });
    const inactive = await op('POST', `/api/fusion/user/${uuid}/invite`);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toMatch(/desativada/);
    expect((await op('POST', `/api/fusion/user/${uuid}/invite`, undefined, partner)).statusCode).toBe(403);
  });
});

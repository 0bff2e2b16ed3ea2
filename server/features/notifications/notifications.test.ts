/**
 * The table of who hears of what (STYLE 17): every kind of event, made from bookings, payouts and
 * waitlist offers as the app makes them, and the messages it becomes — per recipient, one column
 * per channel. A new channel is one more column here, and no move changes. The specialist and the
 * partner opted in to WhatsApp (against the fake Cloud API), so its column shows what they read.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBrl } from '#common/money';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import {
  bookings,
  type MessageChannel,
  messageChannels,
  notificationEventKinds,
  payments,
  payouts,
  refunds,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { type FakeWhatsApp, startFakeWhatsApp, whatsappEnv } from '../../test/whatsapp-fake.ts';
import type { NotificationEvent } from './events.ts';
import { channelsFor, type Message, messagesFor } from './notifications.ts';
import { notify } from './notify.service.ts';
import { templateText } from './whatsapp.templates.ts';

const ZONE = 'America/Sao_Paulo';
let t: TestContext;
let fake: FakeWhatsApp;
let events: [label: string, event: NotificationEvent, before?: () => Promise<unknown>][];

/** What each channel says of a message, as the table shows it (its subjects, for e-mail). */
const words: Record<MessageChannel, (m: Message) => string[]> = {
  email: (m) => m.email.map((mail) => mail.subject),
  whatsapp: (m) => (m.whatsapp ?? []).map((note) => templateText(note.template, note.params)),
};

/**
 * Subjects and messages without the day and hour they name (the suite runs at several instants,
 * test/now.ts), nor the uuids of the rows the run made.
 */
const plain = (subject: string) =>
  subject
    .replace(/\u00a0/g, ' ')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\b\d\d\/\d\d\/\d{4}\b/g, '<data>')
    .replace(/\b(dom|seg|ter|qua|qui|sex|sáb)\. \d\d\/\d\d\b/g, '<dia>')
    .replace(/\b\d\d:\d\d\b/g, 'hh:mm')
    .replace(/\b[a-zç]+ de \d{4}\b/g, '<mês>');

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  t = await createTestContext(whatsappEnv(fake.url));
  const partner = await signedInAs(t, 'partner');
  const specialist = await signedInAs(t, 'customer');
  for (const [id, phone] of [
    [partner.user.id, '5511988880001'],
    [specialist.user.id, '5511988880002'],
  ] as const)
    await t.db
      .update(users)
      .set({ whatsappPhone: phone, whatsappOptedInAt: t.clock.now })
      .where(eq(users.id, id));
  await signedInAs(t, 'owner');
  const clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Aviso');
  const card = await saveCard(t, specialist.user, specialist.token);
  const day = addDays(zonedDate(t.clock.now, ZONE), 3);
  const booked = await bookByCard(t, specialist.token, room.uuid, card.uuid, [
    `${day}T10:00:00-03:00`,
    `${day}T11:00:00-03:00`,
    `${day}T15:00:00-03:00`,
  ]);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.uuid, booked.uuid));
  const bookingId = booking!.id;
  const hours = await queryRows<{ id: number }>(
    t.db,
    sql`select id from appointments where booking_id = ${bookingId} order by starts_at`,
  );
  const [first, second] = hours.map((h) => Number(h.id));
  const outside = await request(t.app, {
    method: 'POST',
    url: `/api/partner/room/${room.uuid}/manual-booking`,
    token: partner.token,
    payload: {
      date_times: [`${day}T17:00:00-03:00`],
      customer_name: 'Joana Paciente',
      customer_email: 'joana@exemplo.com.br',
    },
  });
  expect(outside.statusCode, outside.body).toBe(201);
  const [recorded] = await queryRows<{ booking_id: number; id: number }>(
    t.db,
    sql`select a.booking_id, a.id from appointments a join bookings b on b.id = a.booking_id
        where b.payment_method = 'manual'`,
  );
  const outsideId = Number(recorded!.booking_id);
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const [refund] = await t.db
    .insert(refunds)
    .values({
      paymentId: payment!.id,
      amountCents: 6000,
      reason: 'operator_cancel',
      lastError: 'saldo insuficiente',
    })
    .returning();
  const [entry] = await t.db
    .insert(waitlistEntries)
    .values({
      customerId: specialist.user.id,
      roomId: booking!.roomId,
      startsAt: new Date(`${day}T10:00:00-03:00`),
      endsAt: new Date(`${day}T12:00:00-03:00`),
      status: 'offered',
      offerBookingId: bookingId,
      offerExpiresAt: new Date(t.clock.now.getTime() + 15 * 60_000),
    })
    .returning();
  const [payout] = await t.db
    .insert(payouts)
    .values({ partnerId: partner.user.id, amountCents: 10_530, status: 'paid', reference: 'E2E123' })
    .returning();
  const setPayment = (values: Partial<typeof payments.$inferInsert>) => () =>
    t.db.update(payments).set(values).where(eq(payments.id, payment!.id));
  const canceled = (actor: 'customer' | 'partner' | 'operator' | 'provider'): NotificationEvent => ({
    kind: 'hours_canceled',
    bookingId,
    appointmentIds: [second!],
    actor,
    refundCents: 6000,
    wholeBooking: false,
  });
  events = [
    ['booking_confirmed (cartão)', { kind: 'booking_confirmed', bookingId }],
    ['booking_confirmed (Pix)', { kind: 'booking_confirmed', bookingId }, setPayment({ method: 'pix' })],
    ['pix_pending', { kind: 'pix_pending', bookingId }, setPayment({ pixCopyPaste: '000201pix' })],
    ['hours_canceled (especialista)', canceled('customer')],
    ['hours_canceled (clínica)', canceled('partner')],
    ['hours_canceled (equipe)', canceled('operator')],
    ['hours_canceled (operadora)', canceled('provider')],
    [
      'hours_canceled (reserva de fora)',
      {
        kind: 'hours_canceled',
        bookingId: outsideId,
        appointmentIds: [Number(recorded!.id)],
        actor: 'partner',
        refundCents: 0,
        wholeBooking: false,
      },
    ],
    [
      'late_payment_refunded',
      { kind: 'late_payment_refunded', bookingId },
      () => t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, bookingId)),
    ],
    ['series_charge_refused', { kind: 'series_charge_refused', bookingId }],
    ['payment_dispute (aberta)', { kind: 'payment_dispute', bookingId, stage: 'disputed' }],
    ['payment_dispute (chargeback)', { kind: 'payment_dispute', bookingId, stage: 'charged_back' }],
    ['payment_dispute (encerrada)', { kind: 'payment_dispute', bookingId, stage: 'settled' }],
    ['refunds_stuck', { kind: 'refunds_stuck', refundIds: [refund!.id] }],
    ['waitlist_offer', { kind: 'waitlist_offer', entryId: entry!.id }],
    ['outside_booking_recorded', { kind: 'outside_booking_recorded', bookingId: outsideId }],
    ['payout_paid', { kind: 'payout_paid', payoutId: payout!.id }],
    ['reminder_due', { kind: 'reminder_due', appointmentIds: [first!, second!] }],
    ['booking_soon', { kind: 'booking_soon', appointmentIds: [first!] }],
    [
      'review_invitation',
      { kind: 'review_invitation', bookingId },
      () => t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, bookingId)),
    ],
    [
      'pix_expiring',
      { kind: 'pix_expiring', bookingId },
      async () => {
        await t.db.update(bookings).set({ status: 'pending_payment' }).where(eq(bookings.id, bookingId));
        await setPayment({
          status: 'pending',
          paidAt: null,
          pixExpiresAt: new Date(t.clock.now.getTime() + 8 * 60_000),
        })();
      },
    ],
  ];
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('notifications', () => {
  it('tells each event to the people it concerns, one column per channel', async () => {
    const rows: string[][] = [];
    for (const [label, event, before] of events) {
      await before?.();
      const messages = await messagesFor(t.app.services, t.db, event);
      if (messages.length === 0) rows.push([label, '—', ...messageChannels.map(() => '—')]);
      // Operators are several people told the same: one row for them.
      const seen = new Set<string>();
      for (const m of messages) {
        if (seen.has(m.to.role)) continue;
        seen.add(m.to.role);
        const said = (c: MessageChannel) =>
          channelsFor(t.app.services, m.to).includes(c) ? words[c](m) : [];
        rows.push([label, m.to.role, ...messageChannels.map((c) => said(c).map(plain).join(' + ') || '—')]);
      }
    }
    const table = [
      `| event | to | ${messageChannels.join(' | ')} |`,
      `|---|---|${messageChannels.map(() => '---|').join('')}`,
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
    console.log(table);
    expect(table).toBe(
      [
        '| event | to | email | whatsapp |',
        '|---|---|---|---|',
        '| booking_confirmed (cartão) | customer | Convite de calendário: Sala Aviso, <dia>, hh:mm–hh:mm + Reserva confirmada: Sala Aviso, <dia>, hh:mm–hh:mm e mais 1 horário | Reserva confirmada: Sala Aviso (Clínica Bem Viver), <dia>, hh:mm–hh:mm e mais 1 horário. Detalhes: http://localhost:3000/especialista/agendamentos/<uuid> |',
        '| booking_confirmed (cartão) | partner | — | Nova reserva em Sala Aviso (Clínica Bem Viver): <dia>, hh:mm–hh:mm e mais 1 horário, de Ana Beatriz Souza. Agenda: http://localhost:3000/parceiro/gestao/agendamentos |',
        '| booking_confirmed (Pix) | customer | Pagamento recebido: R$ 180,00 — Sala Aviso, <dia>, hh:mm–hh:mm e mais 1 horário + Convite de calendário: Sala Aviso, <dia>, hh:mm–hh:mm + Reserva confirmada: Sala Aviso, <dia>, hh:mm–hh:mm e mais 1 horário | Reserva confirmada: Sala Aviso (Clínica Bem Viver), <dia>, hh:mm–hh:mm e mais 1 horário. Detalhes: http://localhost:3000/especialista/agendamentos/<uuid> |',
        '| booking_confirmed (Pix) | partner | — | Nova reserva em Sala Aviso (Clínica Bem Viver): <dia>, hh:mm–hh:mm e mais 1 horário, de Ana Beatriz Souza. Agenda: http://localhost:3000/parceiro/gestao/agendamentos |',
        '| pix_pending | customer | Pague com Pix para confirmar: Sala Aviso, <dia>, hh:mm–hh:mm e mais 1 horário | — |',
        '| hours_canceled (especialista) | customer | Reserva cancelada: Sala Aviso, <dia>, hh:mm–hh:mm | — |',
        '| hours_canceled (especialista) | partner | — | Reserva cancelada em Sala Aviso (Clínica Bem Viver): <dia>, hh:mm–hh:mm, de Ana Beatriz Souza. Agenda: http://localhost:3000/parceiro/gestao/agendamentos |',
        '| hours_canceled (clínica) | customer | Reserva cancelada pela clínica: Sala Aviso, <dia>, hh:mm–hh:mm | Sua reserva em Sala Aviso (Clínica Bem Viver), <dia>, hh:mm–hh:mm, foi cancelada pela clínica. O valor de R$ 60,00 será devolvido pelo mesmo meio de pagamento. Detalhes: http://localhost:3000/especialista/agendamentos |',
        '| hours_canceled (equipe) | customer | Reserva cancelada pela equipe Salas: Sala Aviso, <dia>, hh:mm–hh:mm | Sua reserva em Sala Aviso (Clínica Bem Viver), <dia>, hh:mm–hh:mm, foi cancelada pela equipe Salas. O valor de R$ 60,00 será devolvido pelo mesmo meio de pagamento. Detalhes: http://localhost:3000/especialista/agendamentos |',
        '| hours_canceled (equipe) | partner | — | Reserva cancelada em Sala Aviso (Clínica Bem Viver): <dia>, hh:mm–hh:mm, de Ana Beatriz Souza. Agenda: http://localhost:3000/parceiro/gestao/agendamentos |',
        '| hours_canceled (operadora) | customer | Pagamento devolvido, reserva cancelada: Sala Aviso, <dia>, hh:mm–hh:mm | — |',
        '| hours_canceled (operadora) | partner | — | Reserva cancelada em Sala Aviso (Clínica Bem Viver): <dia>, hh:mm–hh:mm, de Ana Beatriz Souza. Agenda: http://localhost:3000/parceiro/gestao/agendamentos |',
        '| hours_canceled (reserva de fora) | outside_person | Horário cancelado pela clínica: Sala Aviso, <dia>, hh:mm–hh:mm | — |',
        '| late_payment_refunded | customer | Pix recebido fora do prazo, valor devolvido: Sala Aviso, <dia>, hh:mm–hh:mm e mais 1 horário | — |',
        '| series_charge_refused | customer | Cobrança do horário fixo recusada: Sala Aviso, <mês> | Horário fixo em Sala Aviso (Clínica Bem Viver): não conseguimos cobrar o mês de <mês> no cartão salvo. Tentaremos de novo até <data> às hh:mm; depois disso os horários são liberados. Detalhes: http://localhost:3000/especialista/agendamentos/<uuid> |',
        '| payment_dispute (aberta) | operator | Pagamento em disputa: R$ 180,00 (Sala Aviso) | — |',
        '| payment_dispute (chargeback) | operator | Estorno (chargeback): R$ 180,00 (Sala Aviso) | — |',
        '| payment_dispute (encerrada) | operator | Disputa encerrada a favor da plataforma: R$ 180,00 (Sala Aviso) | — |',
        '| refunds_stuck | operator | Reembolso pendente há mais de um dia: R$ 60,00 | — |',
        '| waitlist_offer | customer | Vagou um horário: Sala Aviso, <dia>, hh:mm–hh:mm — guardado para você | Vagou um horário em Sala Aviso (Clínica Bem Viver), <dia>, hh:mm–hh:mm. Ele fica guardado para você até <data> às hh:mm. Reserve: http://localhost:3000/especialista/agendamentos?oferta=<uuid> |',
        '| outside_booking_recorded | outside_person | Horário reservado: Sala Aviso, <dia>, hh:mm–hh:mm | — |',
        '| payout_paid | partner | Repasse enviado: R$ 105,30 | — |',
        '| reminder_due | customer | Lembrete de amanhã: Sala Aviso, <dia> às hh:mm e mais 1 horário | — |',
        '| booking_soon | customer | — | Lembrete: sua reserva em Sala Aviso (Clínica Bem Viver) começa <dia> às hh:mm. Endereço: Clínica Bem Viver. Detalhes: http://localhost:3000/especialista/agendamentos/<uuid> |',
        '| review_invitation | customer | Avalie sua reserva: Sala Aviso, <dia> | Como foi sua reserva em Sala Aviso (Clínica Bem Viver), <dia>? Avalie a sala de 1 a 5 estrelas até <data> às hh:mm: http://localhost:3000/especialista/avaliacoes/<uuid> |',
        '| pix_expiring | customer | — | O Pix da sua reserva em Sala Aviso (Clínica Bem Viver), <dia>, hh:mm–hh:mm e mais 1 horário, vence às hh:mm. Pague para não perder o horário: http://localhost:3000/especialista/agendamentos/<uuid> |',
      ].join('\n'),
    );
    // Every kind the database records is in the table.
    expect(new Set(events.map(([, e]) => e.kind))).toEqual(new Set(notificationEventKinds));
  });

  it('writes the event and its messages with the transaction, each row naming its event and channel', async () => {
    const [, event] = events.find(([label]) => label === 'payout_paid')!;
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from notification_events`))[0]!.n;
    const before = await count();
    await expect(
      t.db.transaction(async (tx) => {
        await notify(t.app.services, tx, [event]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(before);

    const [told] = await t.db.transaction((tx) => notify(t.app.services, tx, [event]));
    expect(told).toMatchObject({ written: 1, limited: false });
    const written = await queryRows<{ kind: string; payload: unknown; channel: string; subject: string }>(
      t.db,
      sql`select e.kind, e.payload, m.channel, m.subject from notification_events e
          join mail_outbox m on m.event_id = e.id where e.id = ${told!.eventId}`,
    );
    expect(written).toEqual([
      {
        kind: 'payout_paid',
        payload: { payoutId: expect.any(Number) },
        channel: 'email',
        subject: `Repasse enviado: ${formatBrl(10_530)}`,
      },
    ]);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBrl } from '#common/money';
import { addDays, toZonedIso, zonedDate } from '#common/time/zone';
import type { MailMessage } from '../../adapters/mail.ts';
import { appointments, bookings, payments, rooms, users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { dayLabel } from '../notifications/mails/booking.mails.ts';
import { sendBookingCanceled, sendPixLateRefunded } from '../notifications/notify.service.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let other: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let day: string;
let cardUuid: string;
let feedRoomUuid: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  other = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  const card = await saveCard(t, specialist.user, specialist.token);
  cardUuid = card.uuid;
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 4);
  for (const [p, name] of [
    [partner, 'Sala Feed'],
    [other, 'Sala Alheia'],
  ] as const) {
    const clinic = await createClinic(t, p.user, p.token);
    await openClinic(t, p.user, p.token, clinic.uuid);
    const room = await createRoom(t, p.user, p.token, clinic.uuid, name);
    await bookByCard(t, specialist.token, room.uuid, card.uuid, [`${day}T10:00:00-03:00`]);
    if (p === partner) feedRoomUuid = room.uuid;
  }
  const canceled = (
    await request(t.app, { method: 'GET', url: '/api/partner/rooms', token: partner.token })
  ).json().data[0];
  const booking = await bookByCard(t, specialist.token, canceled.uuid, card.uuid, [`${day}T14:00:00-03:00`]);
  const res = await request(t.app, {
    method: 'POST',
    url: `/api/customer/appointment/${booking.appointments[0]!.uuid}/cancel`,
    token: specialist.token,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const feedPath = (url: string) => new URL(url).pathname;
const create = (who = partner) =>
  request(t.app, { method: 'POST', url: `/api/partner/${who.user.uuid}/ical`, token: who.token });

describe('partner iCal feed', () => {
  it('starts off, and a new link serves the agenda of the partner’s own rooms only', async () => {
    const status = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/ical`,
      token: partner.token,
    });
    expect(status.json()).toEqual({ data: { active: false, url: null } });
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    const { url } = created.json().data;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await request(t.app, { method: 'GET', url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const body = feed.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain(`SUMMARY:Sala Feed — ${specialist.user.name}`);
    expect(body).not.toContain('Sala Alheia');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(body).toContain('STATUS:CANCELLED');
    expect(body).toContain(
      `DTSTART:${new Date(`${day}T13:00:00Z`).toISOString().replace(/[-:]/g, '').replace('.000', '')}`,
    );
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const again = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${partner.user.uuid}/ical`,
      token: partner.token,
    });
    expect(again.json()).toEqual({ data: { active: true, url: null } });
  });

  it('names the specialist of each booking but never carries a specialist’s e-mail', async () => {
    const url = (await create()).json().data.url;
    const body = (await request(t.app, { method: 'GET', url: feedPath(url) })).body;
    const unfolded = body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`Especialista: ${specialist.user.name}`);
    expect(unfolded.toLowerCase()).not.toContain(specialist.user.email.toLowerCase());
    expect(unfolded).not.toMatch(/@exemplo\.com\.br|mailto:|^(ATTENDEE|ORGANIZER)/im);
  });

  it('retires the old link when a new one is made, and stops when turned off', async () => {
    const first = (await create()).json().data.url;
    const second = (await create()).json().data.url;
    expect((await request(t.app, { method: 'GET', url: feedPath(first) })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'GET', url: feedPath(second) })).statusCode).toBe(200);
    const off = await request(t.app, {
      method: 'DELETE',
      url: `/api/partner/${partner.user.uuid}/ical`,
      token: partner.token,
    });
    expect(off.json()).toEqual({ data: { active: false, url: null } });
    expect((await request(t.app, { method: 'GET', url: feedPath(second) })).statusCode).toBe(404);
  });

  it('answers 404 to made-up links and to a deactivated partner’s link', async () => {
    for (const file of ['nada.ics', `${'a'.repeat(43)}.ics`, '..%2F..%2Fetc%2Fpasswd', `${'x'.repeat(60)}`]) {
      const res = await request(t.app, { method: 'GET', url: `/api/calendar/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
    const url = (await create(other)).json().data.url;
    await t.db.update(users).set({ active: false }).where(eq(users.id, other.user.id));
    expect((await request(t.app, { method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
    await t.db.update(users).set({ active: true }).where(eq(users.id, other.user.id));
  });

  it('keeps each partner to its own feed: 404 for another partner, 403 specialists, 401 visitors', async () => {
    const path = `/api/partner/${partner.user.uuid}/ical`;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await request(t.app, { method, url: path, token: other.token })).statusCode).toBe(404);
      expect((await request(t.app, { method, url: path, token: specialist.token })).statusCode).toBe(403);
      expect((await request(t.app, { method, url: path })).statusCode).toBe(401);
    }
  });
});

type Calendar = InstanceType<typeof ICAL.Component>;
const parseIcs = (text: string): Calendar => new ICAL.Component(ICAL.parse(text));
const vevents = (cal: Calendar) => cal.getAllSubcomponents('vevent');
const uids = (cal: Calendar) => vevents(cal).map((e) => e.getFirstPropertyValue('uid'));
/** The mail's calendar part: one scheduling message with exactly one event. */
const calendarOf = (mail: MailMessage, method: 'REQUEST' | 'CANCEL') => {
  if (!mail.calendar) throw new Error(`sem calendário em "${mail.subject}"`);
  expect(mail.calendar.method).toBe(method);
  expect(mail.calendar.filename).toBe(method === 'REQUEST' ? 'reserva.ics' : 'cancelamento.ics');
  const cal = parseIcs(mail.calendar.content);
  expect(cal.getFirstPropertyValue('method')).toBe(method);
  const [event, ...more] = vevents(cal);
  expect(more).toHaveLength(0);
  const time = (name: string) =>
    toZonedIso((event!.getFirstPropertyValue(name) as InstanceType<typeof ICAL.Time>).toJSDate(), TZ).slice(
      11,
      16,
    );
  return {
    cal,
    uid: event!.getFirstPropertyValue('uid') as string,
    sequence: Number(event!.getFirstPropertyValue('sequence')),
    status: event!.getFirstPropertyValue('status'),
    from: time('dtstart'),
    to: time('dtend'),
  };
};
const TZ = 'America/Sao_Paulo';
const uidOf = (a: { uuid: string }) => `${a.uuid}@localhost`;
const ddmmyyyy = () => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A new card booking of the feed's room and its rows. */
async function newBooking(hours: string[]) {
  const booked = await bookByCard(
    t,
    specialist.token,
    feedRoomUuid,
    cardUuid,
    hours.map((h) => `${day}T${h}:00:00-03:00`),
  );
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.uuid, booked.uuid));
  const items = await t.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, booking!.id))
    .orderBy(appointments.startsAt);
  return { booked, booking: booking!, items };
}

const mailsTo = (email: string) => t.mail.filter((m) => m.to === email);

describe('calendar files in the feed and in the mails', () => {
  it('lets no specialist name add a property to the partner’s feed', async () => {
    // PostgreSQL stores no NUL, so the other controls stand for it here (ics.test.ts has NUL).
    const evil = 'Ana\rATTACH:http://x\r\nDESCRIPTION:evil\n;,\\\u0007\u007F\t';
    await t.db.update(users).set({ name: evil }).where(eq(users.id, specialist.user.id));
    try {
      const url = (await create()).json().data.url;
      const body = (await request(t.app, { method: 'GET', url: feedPath(url) })).body;
      expect(body.split('\r\n').join('')).not.toMatch(/[\r\n]/);
      // ical.js itself, and a lenient reader that also breaks lines on a bare CR.
      for (const text of [body, body.replace(/\r(?!\n)/g, '\r\n')]) {
        const events = vevents(parseIcs(text));
        expect(events.length).toBeGreaterThanOrEqual(2);
        for (const e of events) {
          expect(
            e
              .getAllProperties()
              .map((p) => p.name)
              .sort(),
          ).toEqual(['description', 'dtend', 'dtstamp', 'dtstart', 'location', 'status', 'summary', 'uid']);
          expect(e.getFirstPropertyValue('summary')).toBe(
            'Sala Feed — AnaATTACH:http://x\nDESCRIPTION:evil\n;,\\',
          );
        }
      }
    } finally {
      await t.db.update(users).set({ name: specialist.user.name }).where(eq(users.id, specialist.user.id));
    }
  });

  it('invites to contiguous hours as one event, shrinks it as hours go and cancels it with the same UID', async () => {
    const { booked, booking, items } = await newBooking(['15', '16', '17']);
    const confirmed = mailsTo(specialist.user.email).findLast((m) =>
      m.subject.startsWith('Reserva confirmada: Sala Feed'),
    )!;
    expect(confirmed.subject).toBe(
      `Reserva confirmada: Sala Feed, ${dayLabel(items[0]!.startsAt, TZ)}, 15:00–18:00`,
    );
    expect(confirmed.attachments ?? []).toHaveLength(0);
    const invite = calendarOf(confirmed, 'REQUEST');
    const runUid = uidOf(booked.appointments[0]!);
    expect(invite).toMatchObject({
      uid: runUid,
      sequence: 0,
      status: 'CONFIRMED',
      from: '15:00',
      to: '18:00',
    });
    const e = vevents(invite.cal)[0]!;
    expect(e.getFirstPropertyValue('organizer')).toBe('mailto:nao-responda@salas.app');
    expect(e.getFirstPropertyValue('attendee')).toBe(`mailto:${specialist.user.email}`);
    expect(e.getFirstProperty('attendee')!.getParameter('cn')).toBe(specialist.user.name);

    // The clinic cancels the first two hours: the event shrinks to the last one, same UID.
    const canceled = items.slice(0, 2);
    const refundCents = canceled.reduce((sum, a) => sum + a.priceCents, 0);
    await sendBookingCanceled(t.app.services, {
      bookingId: booking.id,
      appointmentIds: canceled.map((a) => a.id),
      actor: 'partner',
      refundCents,
      wholeBooking: false,
    });
    await t.deliverMail();
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(specialist.user.email);
    expect(mail.subject).toBe(
      `Reserva cancelada pela clínica: Sala Feed, ${dayLabel(items[0]!.startsAt, TZ)}, 15:00–17:00`,
    );
    expect(mail.text).toContain('A clínica cancelou 2 horários da sua reserva — Sala Feed (');
    expect(mail.text).toContain(`• ${ddmmyyyy()} às 15:00`);
    expect(mail.text).toContain(`O valor de ${formatBrl(refundCents)} será devolvido`);
    expect(calendarOf(mail, 'REQUEST')).toMatchObject({
      uid: runUid,
      sequence: 2,
      from: '17:00',
      to: '18:00',
    });

    // Then the last hour: the event is canceled with the UID the invitation had, a higher SEQUENCE.
    await t.db
      .update(appointments)
      .set({ status: 'canceled' })
      .where(
        inArray(
          appointments.id,
          canceled.map((a) => a.id),
        ),
      );
    await sendBookingCanceled(t.app.services, {
      bookingId: booking.id,
      appointmentIds: [items[2]!.id],
      actor: 'customer',
      refundCents: 0,
      wholeBooking: false,
    });
    await t.deliverMail();
    const last = t.mail.at(-1)!;
    expect(last.subject).toBe(
      `Reserva cancelada: Sala Feed, ${dayLabel(items[2]!.startsAt, TZ)}, 17:00–18:00`,
    );
    expect(calendarOf(last, 'CANCEL')).toMatchObject({ uid: runUid, sequence: 3, status: 'CANCELLED' });

    // The partner's feed keeps one event per hour.
    const url = (await create()).json().data.url;
    const feed = parseIcs((await request(t.app, { method: 'GET', url: feedPath(url) })).body);
    expect(uids(feed)).toEqual(expect.arrayContaining(booked.appointments.map(uidOf)));
  });

  it('sends hours with a gap as two events, each in a mail of its own, the confirmation last', async () => {
    const before = t.mail.length;
    const { booked } = await newBooking(['11', '13']);
    const mine = t.mail.slice(before).filter((m) => m.to === specialist.user.email);
    expect(mine.map((m) => m.subject)).toEqual([
      `Convite de calendário: Sala Feed, ${dayLabel(new Date(`${day}T12:00:00Z`), TZ)}, 13:00–14:00`,
      `Reserva confirmada: Sala Feed, ${dayLabel(new Date(`${day}T12:00:00Z`), TZ)}, 11:00–12:00 e mais 1 horário`,
    ]);
    const [extra, main] = mine.map((m) => calendarOf(m, 'REQUEST'));
    expect(main).toMatchObject({ uid: uidOf(booked.appointments[0]!), from: '11:00', to: '12:00' });
    expect(extra).toMatchObject({ uid: uidOf(booked.appointments[1]!), from: '13:00', to: '14:00' });
    expect(mine[1]!.text).toContain('o outro bloco chegou em e-mails separados');
  });

  it('words each cancellation by who canceled and what comes back', async () => {
    const { booking, items } = await newBooking(['18', '19']);
    const send = async (input: Partial<Parameters<typeof sendBookingCanceled>[1]>) => {
      await sendBookingCanceled(t.app.services, {
        bookingId: booking.id,
        appointmentIds: [items[0]!.id],
        actor: 'customer',
        refundCents: 0,
        wholeBooking: false,
        ...input,
      });
      await t.deliverMail();
      return t.mail.at(-1)!;
    };
    const late = await send({});
    expect(late.subject).toBe(
      `Reserva cancelada: Sala Feed, ${dayLabel(items[0]!.startsAt, TZ)}, 18:00–19:00`,
    );
    expect(late.text).toContain(`Você cancelou o horário de ${ddmmyyyy()} às 18:00 — Sala Feed (`);
    expect(late.text).toContain('a menos de 24 horas do início, não há reembolso');
    const byTeam = await send({ actor: 'operator', refundCents: items[0]!.priceCents });
    expect(byTeam.subject).toMatch(/^Reserva cancelada pela equipe Salas: Sala Feed, /);
    expect(byTeam.text).toContain(
      `A equipe Salas cancelou o horário de ${ddmmyyyy()} às 18:00 da sua reserva`,
    );
    expect(byTeam.text).toContain(`O valor de ${formatBrl(items[0]!.priceCents)} será devolvido`);
    // The first of two hours goes: the event keeps its UID and now starts at 19:00.
    expect(calendarOf(byTeam, 'REQUEST')).toMatchObject({
      uid: uidOf(items[0]!),
      sequence: 1,
      from: '19:00',
    });
    expect(await send({ appointmentIds: [] })).toBe(byTeam); // nothing to tell, no mail

    // An unpaid booking: every hour goes together and nothing was charged.
    await t.db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, booking.id));
    await t.db
      .update(payments)
      .set({ status: 'pending', paidAt: null })
      .where(eq(payments.bookingId, booking.id));
    const whole = await send({ appointmentIds: items.map((a) => a.id), wholeBooking: true });
    expect(whole.text).toContain('todos os horários dela foram cancelados juntos');
    expect(whole.text).toContain('Não houve cobrança para estes horários.');
    // Never confirmed, never invited: no CANCEL for an invitation never sent (DESIGN §8).
    expect(whole.calendar).toBeUndefined();
    expect(whole.text).not.toContain('calendário');
  });

  it('tells of a late Pix without a calendar part (never invited), worded for an expired and for a canceled booking', async () => {
    const { booking, items } = await newBooking(['20']);
    // A Pix's wording (a card's late capture is worded for the card).
    await t.db.update(payments).set({ method: 'pix' }).where(eq(payments.bookingId, booking.id));
    for (const [status, subject, phrase] of [
      ['expired', 'Pix recebido fora do prazo, valor devolvido: Sala Feed, ', 'chegou depois dos 15 minutos'],
      [
        'canceled',
        'Pix recebido após o cancelamento, valor devolvido: Sala Feed, ',
        'depois que a reserva tinha sido cancelada',
      ],
    ] as const) {
      await t.db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      await sendPixLateRefunded(t.app.services, booking.id);
      await t.deliverMail();
      const mail = t.mail.at(-1)!;
      expect(mail.subject).toBe(`${subject}${dayLabel(items[0]!.startsAt, TZ)}, 20:00–21:00`);
      expect(mail.text).toContain(phrase);
      expect(mail.text).toContain('Devolvemos o valor integralmente');
      expect(mail.calendar).toBeUndefined();
      expect(mail.text).not.toContain('calendário');
    }
  });
});

describe('the feed’s window (issue 32)', () => {
  it('carries the last 90 days and everything ahead', async () => {
    const ahead = addDays(zonedDate(t.clock.now, TZ), 300);
    const far = await bookByCard(t, specialist.token, feedRoomUuid, cardUuid, [`${ahead}T09:00:00-03:00`]);
    const url = (await create()).json().data.url;
    const feedUids = async () =>
      uids(parseIcs((await request(t.app, { method: 'GET', url: feedPath(url) })).body));
    // The feed room's first booking, `day` 10:00.
    const [early] = await t.db
      .select({ uuid: appointments.uuid })
      .from(appointments)
      .innerJoin(rooms, eq(rooms.id, appointments.roomId))
      .where(and(eq(rooms.uuid, feedRoomUuid), eq(appointments.startsAt, new Date(`${day}T13:00:00Z`))));
    const earlyUid = uidOf(early!);
    expect(await feedUids()).toEqual(expect.arrayContaining([earlyUid, uidOf(far.appointments[0]!)]));
    const start = t.clock.now.getTime();
    const dayMs = 86_400_000;
    try {
      // `day` 10:00 is four days ahead: 93 days on it is 89 days old, 95 days on 91 days old.
      t.clock.advance(93 * dayMs);
      expect(await feedUids()).toContain(earlyUid);
      t.clock.advance(2 * dayMs);
      const later = await feedUids();
      expect(later).not.toContain(earlyUid);
      expect(later).toContain(uidOf(far.appointments[0]!));
    } finally {
      t.clock.advance(start - t.clock.now.getTime());
    }
  });
});

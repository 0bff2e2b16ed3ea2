/**
 * A person who goes — deletes the account, or is suspended by the operator — holds nothing any more
 * (DESIGN §9 "Edges"): their waitlist places and horários fixos end in the same transaction, the
 * time held for them unpaid goes to the next in line, and the jobs pass them by. A deletion is all
 * or nothing, even with bookings arriving at the same moment (on PostgreSQL, really at once); after
 * it the outbox keeps neither the address nor what the mails said; the export holds series,
 * waitlist and mails.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_DATA_FILE } from '#common/contracts/privacy';
import type { Series } from '#common/contracts/series';
import { addDays, zonedDate } from '#common/time/zone';
import {
  appointments,
  bookings,
  mailOutbox,
  payments,
  refunds,
  series as seriesTable,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { PASSWORD, signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { availabilityFor } from '../availability/availability.service.ts';
import { checkLedger } from '../lifecycle/ledger.ts';
import { extendOpenSeries } from '../lifecycle/series.lifecycle.ts';
import { offerReleased } from '../lifecycle/waitlist.lifecycle.ts';

const ZONE = 'America/Sao_Paulo';
let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let operator: Awaited<ReturnType<typeof signedInAs>>;
let clinic: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  operator = await signedInAs(t, 'owner');
  clinic = await createClinic(t, partner.user, partner.token, 'Clínica Despedida');
  await openClinic(t, partner.user, partner.token, clinic.uuid, [0, 1, 2, 3, 4, 5, 6], ['07:00', '19:00']);
  day = addDays(zonedDate(t.clock.now, ZONE), 3);
}, 60_000);
afterAll(() => t.close());

const at = (date: string, hhmm: string) => `${date}T${hhmm}:00-03:00`;
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });

async function person() {
  const p = await signedInAs(t, 'customer');
  const card = await saveCard(t, p.user, p.token);
  return { ...p, card: card.uuid };
}
type Person = Awaited<ReturnType<typeof person>>;

const join = (p: Person, room: string, from: string, to: string) =>
  call(p.token, 'POST', '/api/customer/waitlist', { room_uuid: room, date: day, from, to });

async function openSeries(p: Person, room: string) {
  const res = await call(p.token, 'POST', '/api/customer/series', {
    room_uuid: room,
    date_time: at(day, '09:00'),
    minutes: 60,
    weeks: null,
    payment_method: 'card',
    card_uuid: p.card,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.series as Series;
}

const leaveBy = {
  async deletion(p: Person) {
    const res = await call(p.token, 'POST', '/api/user/delete', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  },
  async suspension(p: Person) {
    const res = await call(operator.token, 'POST', '/api/fusion/setActiveStatus', {
      user_uuid: p.user.uuid,
      setStatus: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  },
};

async function freeAt(room: string, date: string, hhmm: string) {
  const [d] = await availabilityFor(t.app.services, room, [date]);
  return d!.slots.find((s) => s.date_time.slice(11, 16) === hhmm)?.available;
}

const entriesOf = (userId: number) =>
  t.db.select().from(waitlistEntries).where(eq(waitlistEntries.customerId, userId));

describe.each(['deletion', 'suspension'] as const)('a person who leaves by %s', (way) => {
  it('holds no place in line and no horário fixo; the freed hour goes to the next person', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, `Sala Fila ${way}`);
    const fixed = await createRoom(t, partner.user, partner.token, clinic.uuid, `Sala Fixa ${way}`);
    const [holder, x, next] = await Promise.all([person(), person(), person()]);
    const taken = await bookByCard(t, holder.token, room.uuid, holder.card, [at(day, '10:00')]);
    expect((await join(x, room.uuid, '10:00', '11:00')).statusCode).toBe(201);
    expect((await join(next, room.uuid, '10:00', '11:00')).statusCode).toBe(201);
    const made = await openSeries(x, fixed.uuid);
    const unpaid = made.months.filter((m) => m.status === 'pending_payment');
    expect(unpaid.length).toBeGreaterThan(0);
    const laterWeek = unpaid[0]!.dates[0]!;
    expect(await freeAt(fixed.uuid, laterWeek, '09:00')).toBe(false);

    await leaveBy[way](x);

    // In the same transaction: the places in line ended, the series ended, its unpaid months
    // went (their weeks are free again).
    expect((await entriesOf(x.user.id)).map((e) => e.status)).toEqual(['left']);
    const [ended] = await t.db.select().from(seriesTable).where(eq(seriesTable.uuid, made.uuid));
    expect(ended).toMatchObject({ status: 'canceled' });
    expect(ended!.canceledAt).not.toBeNull();
    const months = await t.db
      .select({ uuid: bookings.uuid, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.seriesId, ended!.id));
    for (const m of months.filter((m) => unpaid.some((u) => u.booking_uuid === m.uuid)))
      expect(m.status).toBe('canceled');
    expect(await freeAt(fixed.uuid, laterWeek, '09:00')).toBe(true);
    // The first month was paid: a suspended person keeps it (the operator may cancel it); a
    // deleted one had it canceled with every other future hour.
    const paidFirst = months.find((m) => m.uuid === made.months[0]!.booking_uuid)!;
    expect(paidFirst.status).toBe(way === 'deletion' ? 'canceled' : 'confirmed');

    // The 10:00 is freed: offered to the next person, never to the one who left.
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.customerId, x.user.id));
    const canceled = await call(
      holder.token,
      'POST',
      `/api/customer/appointment/${taken.appointments[0]!.uuid}/cancel`,
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    const [nextEntry] = await entriesOf(next.user.id);
    expect(nextEntry!.status).toBe('offered');
    expect((await entriesOf(x.user.id)).map((e) => e.status)).toEqual(['left']);
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.customerId, x.user.id));
    expect(after[0]!.n).toBe(before[0]!.n);
    const [xNow] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, x.user.id));
    const toX = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        and(
          inArray(sql`lower(${mailOutbox.recipient})`, [
            x.user.email.toLowerCase(),
            xNow!.email.toLowerCase(),
          ]),
          sql`${mailOutbox.subject} ilike '%vagou%'`,
        ),
      );
    expect(toX).toEqual([]);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });

  it('is passed by by the jobs even with a place or a series left over', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, `Sala Resto ${way}`);
    const [holder, x] = await Promise.all([person(), person()]);
    const taken = await bookByCard(t, holder.token, room.uuid, holder.card, [at(day, '11:00')]);
    const made = await openSeries(x, room.uuid);
    await leaveBy[way](x);
    // As an older version would have left them: a place still waiting, the series still open.
    const [left] = await t.db
      .insert(waitlistEntries)
      .values({
        customerId: x.user.id,
        roomId: (await t.db.select().from(seriesTable).where(eq(seriesTable.uuid, made.uuid)))[0]!.roomId,
        startsAt: new Date(at(day, '11:00')),
        endsAt: new Date(at(day, '12:00')),
      })
      .returning();
    await t.db.update(seriesTable).set({ status: 'active' }).where(eq(seriesTable.uuid, made.uuid));

    const offers = await offerReleased(t.app.services, [
      { roomId: left!.roomId, startsAt: new Date(at(day, '11:00')), endsAt: new Date(at(day, '12:00')) },
    ]);
    expect(offers).toBe(0);
    expect(
      (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, left!.id)))[0]!.status,
    ).toBe('waiting');
    t.clock.advance(45 * 86_400_000);
    try {
      const horizonBefore = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(eq(bookings.customerId, x.user.id));
      await extendOpenSeries(t.app.services);
      const horizonAfter = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(eq(bookings.customerId, x.user.id));
      expect(horizonAfter[0]!.n).toBe(horizonBefore[0]!.n);
    } finally {
      t.clock.advance(-45 * 86_400_000);
      await t.db.update(seriesTable).set({ status: 'canceled' }).where(eq(seriesTable.uuid, made.uuid));
      await t.db.delete(waitlistEntries).where(eq(waitlistEntries.id, left!.id));
    }
    expect(taken.appointments).toHaveLength(1);
  });
});

describe('an account being deleted', () => {
  it('cannot get a booking, a series or a place in line started once the deletion holds it', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Corrida');
    const x = await person();
    const hours = ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    const days = [0, 1, 2].map((i) => addDays(day, i + 1));
    // 25 future hours, paid.
    const held = days.flatMap((d) => hours.map((h) => at(d, h))).slice(0, 25);
    for (let i = 0; i < held.length; i += 5)
      await bookByCard(t, x.token, room.uuid, x.card, held.slice(i, i + 5));

    // The deletion and a stream of new bookings, a series and places in line, all at once.
    const extra = ['17:00', '18:00'].flatMap((h) => days.map((d) => at(d, h)));
    // Started one after another while the deletion runs (its password check, then 25 cancellations).
    const later = <T>(ms: number, go: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => go().then(resolve, reject), ms));
    const racing = [
      ...extra.map((dt, i) =>
        later(i * 40, () =>
          call(x.token, 'POST', '/api/customer/appointment/bulk', {
            room_uuid: room.uuid,
            date_times: [dt],
            payment_method: i % 2 ? 'pix' : 'card',
            card_uuid: x.card,
          }),
        ),
      ),
      later(100, () => join(x, room.uuid, '07:00', '09:00')),
    ];
    const [deletion, ...others] = await Promise.all([
      call(x.token, 'POST', '/api/user/delete', { password: PASSWORD }),
      ...racing,
    ]);

    // All or nothing: either the account went with every future hour (a booking that got in first
    // was canceled with the rest; one that came after was refused) …
    const future = await t.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.customerId, x.user.id), gt(appointments.startsAt, t.clock.now)));
    const [row] = await t.db.select().from(users).where(eq(users.id, x.user.id));
    if (deletion.statusCode === 200) {
      expect(row!.deletedAt).not.toBeNull();
      expect(future.filter((a) => a.status === 'confirmed' || a.status === 'pending_payment')).toEqual([]);
      // Refused as a session gone (401), a profile erased (403), a saved card erased (404), an
      // hour taken (409) or too many tries (429); or made first, and then canceled with the rest.
      for (const r of others) {
        expect(r.statusCode, r.body).toBeLessThan(500);
        if (r.statusCode >= 400) expect(r.json().message, r.body).toEqual(expect.any(String));
      }
      expect((await entriesOf(x.user.id)).filter((e) => e.status === 'waiting')).toEqual([]);
    } else {
      // … or nothing was canceled at all, and no refund was made.
      expect(deletion.statusCode, deletion.body).toBe(409);
      expect(row!.deletedAt).toBeNull();
      expect(future.filter((a) => a.status === 'confirmed').length).toBeGreaterThanOrEqual(25);
      const made = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(bookings.customerId, x.user.id));
      expect(made[0]!.n).toBe(0);
    }
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(await checkLedger(t.db, { now: t.clock.now })).toEqual([]);
  });
});

describe('after a deletion', () => {
  it("the outbox keeps neither the person's address nor what the mails said, once the last one left", async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Correio');
    const x = await person();
    await bookByCard(t, x.token, room.uuid, x.card, [at(day, '15:00')]);
    await t.app.services.mailer.deliver();
    const email = x.user.email.toLowerCase();
    const sentBefore = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.recipient})`, email));
    expect(sentBefore.length).toBeGreaterThan(0);

    expect((await call(x.token, 'POST', '/api/user/delete', { password: PASSWORD })).statusCode).toBe(200);
    // The goodbye mail reached the real address (request() runs the outbox as its job would) …
    expect(t.mail.some((m) => m.to.toLowerCase() === email && m.subject === 'Sua conta foi excluída')).toBe(
      true,
    );

    // … and once sent, no row names the person or keeps what was said.
    const [gone] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, x.user.id));
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(sql`lower(${mailOutbox.recipient})`, email)),
    ).toEqual([]);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, gone!.email));
    expect(rows.map((m) => m.id)).toEqual(expect.arrayContaining(sentBefore.map((m) => m.id)));
    expect(rows).toHaveLength(sentBefore.length + 1);
    for (const m of rows) expect(m).toMatchObject({ subject: '', payload: {}, status: 'sent' });
    const everything = JSON.stringify(await t.db.select().from(mailOutbox));
    expect(everything.toLowerCase()).not.toContain(email);
    expect(everything).not.toContain(x.user.name);
  });
});

describe('the data export', () => {
  it('holds the horários fixos, the places in line and the mails sent to the person', async () => {
    const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Exporta');
    const [holder, x] = await Promise.all([person(), person()]);
    await bookByCard(t, holder.token, room.uuid, holder.card, [at(day, '12:00')]);
    const entry = (await join(x, room.uuid, '12:00', '13:00')).json().data as { uuid: string };
    const made = await openSeries(x, room.uuid);
    await t.app.services.mailer.deliver();

    const res = await call(x.token, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))[EXPORT_DATA_FILE]),
    );
    expect(data.series).toEqual([
      expect.objectContaining({
        uuid: made.uuid,
        status: 'active',
        room: { uuid: room.uuid, name: 'Sala Exporta' },
        first_starts_at: `${day}T09:00:00-03:00`,
        minutes: 60,
        weeks: null,
        payment_method: 'card',
      }),
    ]);
    expect(data.waitlist).toEqual([
      expect.objectContaining({
        uuid: entry.uuid,
        status: 'waiting',
        from: `${day}T12:00:00-03:00`,
        to: `${day}T13:00:00-03:00`,
      }),
    ]);
    const mine = t.mail.filter((m) => m.to === x.user.email);
    expect(mine.length).toBeGreaterThan(0);
    expect(data.mails.map((m: { subject: string }) => m.subject)).toEqual(
      expect.arrayContaining(mine.map((m) => m.subject)),
    );
    for (const m of data.mails.filter((m: { subject: string }) => mine.some((x) => x.subject === m.subject)))
      expect(m).toMatchObject({ status: 'sent', text: expect.stringContaining('Olá') });
    // Nobody else's: the holder's mails are not there.
    const theirs = t.mail.filter((m) => m.to === holder.user.email).map((m) => m.text);
    for (const text of theirs) expect(data.mails.map((m: { text: string }) => m.text)).not.toContain(text);
  });
});

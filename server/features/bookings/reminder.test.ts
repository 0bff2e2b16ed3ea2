import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, openRoom, saveCard } from '../../test/supply-fixtures.ts';
import { sendDueReminders } from './reminder.service.ts';

const ZONE = 'America/Sao_Paulo';
let t: TestContext;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string };
let card: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  const partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  ({ room } = await openRoom(t, partner, { room: 'Sala Lembrete' }));
  card = await saveCard(t, specialist.user, specialist.token);
  day = addDays(zonedDate(t.clock.now, ZONE), 3);
});
afterAll(() => t.close());

const reminders = async () => {
  await t.deliverMail();
  return t.mail.filter((m) => m.subject.startsWith('Lembrete de amanhã: Sala Lembrete, '));
};

describe('day-before reminder', () => {
  it('mails each specialist once, from 08:00 of the day before, with all of that day’s hours', async () => {
    const booked = await bookByCard(t, specialist.token, room.uuid, card.uuid, [
      `${day}T10:00:00-03:00`,
      `${day}T11:00:00-03:00`,
    ]);
    const canceledOne = await bookByCard(t, specialist.token, room.uuid, card.uuid, [
      `${day}T15:00:00-03:00`,
    ]);
    const cancel = await request(t.app, {
      method: 'POST',
      url: `/api/customer/appointment/${canceledOne.appointments[0]!.uuid}/cancel`,
      token: specialist.token,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    t.clock.now = zonedInstant(addDays(day, -2), '09:00', ZONE);
    expect(await sendDueReminders(t.app.services)).toBe(0);
    t.clock.now = zonedInstant(addDays(day, -1), '07:30', ZONE);
    expect(await sendDueReminders(t.app.services)).toBe(0);

    t.clock.now = zonedInstant(addDays(day, -1), '08:05', ZONE);
    expect(await sendDueReminders(t.app.services)).toBe(2);
    expect(await sendDueReminders(t.app.services)).toBe(0);
    const [mail, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe(specialist.user.email);
    const [y, m, d] = day.split('-');
    expect(mail!.text).toContain(`${d}/${m}/${y} às 10:00`);
    expect(mail!.text).toContain(`${d}/${m}/${y} às 11:00`);
    expect(mail!.text).not.toContain('às 15:00');
    expect(mail!.text).toContain('/especialista/agendamentos');
    expect(booked.appointments).toHaveLength(2);
  });

  it('does not remind hours booked on the day before itself', async () => {
    const before = (await reminders()).length;
    await bookByCard(t, specialist.token, room.uuid, card.uuid, [`${day}T18:00:00-03:00`]);
    t.clock.advance(60 * 60_000);
    expect(await sendDueReminders(t.app.services)).toBe(0);
    expect(await reminders()).toHaveLength(before);
  });

  it('runs safely in several processes at once: each appointment is reminded once', async () => {
    const next = addDays(day, 1);
    t.clock.now = zonedInstant(addDays(day, -3), '12:00', ZONE);
    await bookByCard(t, specialist.token, room.uuid, card.uuid, [`${next}T09:00:00-03:00`]);
    t.clock.now = zonedInstant(day, '08:30', ZONE);
    const counts = await Promise.all(Array.from({ length: 4 }, () => sendDueReminders(t.app.services)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

/**
 * The database going away under load (DESIGN §10 "Staying up", issue 41): stopped for a few
 * seconds, restarted at once, and the app's connections terminated by the server. The process
 * stays up (nothing unhandled), every request gets an HTTP answer — 503 in Portuguese with
 * Retry-After while the database cannot answer, never a dropped connection — `/api/health` stays
 * 200 while `/api/health/ready` says 503, and once the database is back the app serves by itself
 * with no confirmed booking lost. On PostgreSQL only: the app reaches its database through a TCP
 * proxy the test cuts (test/tcp-proxy.ts), so the shared test server never stops.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#common/errors';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import {
  type Answer,
  appBehindProxy,
  hit,
  type Load,
  OUTAGE_APP_NAME,
  type OutageContext,
  recordProcessFaults,
  startLoad,
  until,
} from './database-outage.ts';
import { signedInAs } from './fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from './supply-fixtures.ts';

const ZONE = 'America/Sao_Paulo';

describe.runIf(process.env.TEST_DATABASE_URL)('the database going away under load', () => {
  let t: OutageContext;
  let watch: ReturnType<typeof recordProcessFaults>;
  let specialist: Awaited<ReturnType<typeof signedInAs>>;
  let card: { uuid: string };
  let room: { uuid: string };
  let firstDay: string;
  /** Booked and confirmed before any outage: must still be confirmed after each. */
  let confirmedBefore: string[] = [];
  /** Each booking asks a new hour: the n-th from two days on, twenty a day. */
  let hourCount = 0;
  const nextHour = () => {
    const n = hourCount++;
    const day = addDays(firstDay, 2 + Math.floor(n / 20));
    return `${day}T${String(2 + (n % 20)).padStart(2, '0')}:00:00-03:00`;
  };

  beforeAll(async () => {
    watch = recordProcessFaults();
    t = await appBehindProxy();
    const partner = await signedInAs(t, 'partner');
    const clinic = await createClinic(t, partner.user, partner.token);
    await openClinic(t, partner.user, partner.token, clinic.uuid);
    room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Queda');
    await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Vizinha');
    specialist = await signedInAs(t, 'customer');
    card = await saveCard(t, specialist.user, specialist.token);
    firstDay = zonedDate(t.clock.now, ZONE);
    const booked = await bookByCard(t, specialist.token, room.uuid, card.uuid, [
      `${firstDay}T20:00:00-03:00`,
    ]);
    expect(booked.status).toBe('confirmed');
    confirmedBefore = [booked.uuid];
  });

  afterAll(async () => {
    await t?.close();
    watch.stop();
  });

  let load: Load | undefined;
  beforeEach(() => {
    load = undefined;
  });
  afterEach(async () => {
    await load?.stop();
    await t.proxy.restore();
  });

  /** Searches (with and without a date), a room's page and card bookings, four at once. */
  const visitors = () =>
    startLoad(t.base, {
      search: () => ({ method: 'POST', path: '/api/customer/room/genericsearch', body: { value: 'Sala' } }),
      'search by date': () => ({
        method: 'POST',
        path: '/api/customer/room/genericsearch',
        body: { date: addDays(firstDay, 3) },
      }),
      'room page': () => ({ path: `/api/rooms/${room.uuid}` }),
      booking: () => ({
        method: 'POST',
        path: '/api/customer/appointment/bulk',
        token: specialist.token,
        body: {
          room_uuid: room.uuid,
          date_times: [nextHour()],
          payment_method: 'card',
          card_uuid: card.uuid,
        },
      }),
    });

  const serving = async () => {
    const [search, page] = await Promise.all([
      hit(t.base, 'search', 'after', {
        method: 'POST',
        path: '/api/customer/room/genericsearch',
        body: { value: 'Sala' },
      }),
      hit(t.base, 'room page', 'after', { path: `/api/rooms/${room.uuid}` }),
    ]);
    return search.status === 200 && page.status === 200;
  };

  /** What every outage must leave: answers only, 503s as promised, nothing unhandled, no booking lost. */
  async function expectSurvived(answers: Answer[]) {
    expect(watch.faults).toEqual([]);
    expect(answers.filter((a) => a.status === 'dropped')).toEqual([]);
    const failed = answers.filter((a) => a.status !== 200 && a.status !== 201);
    // Only the database's absence: 503 in Portuguese, with when to try again.
    expect(failed.filter((a) => a.status !== 503)).toEqual([]);
    for (const a of failed) {
      expect(a.body).toEqual({ message: messages.unavailable });
      expect(a.retryAfter).toMatch(/^[1-9]\d?$/);
    }
    // Every booking answered 201 is confirmed, and so is every booking confirmed before.
    const created = answers
      .filter((a) => a.what === 'booking' && a.status === 201)
      .map((a) => (a.body as { data: { uuid: string } }).data.uuid);
    const uuids = [...confirmedBefore, ...created];
    const rows = await t.direct.db
      .select({ uuid: bookings.uuid, status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.uuid, uuids));
    expect(Object.fromEntries(rows.map((r) => [r.uuid, r.status]))).toEqual(
      Object.fromEntries(uuids.map((uuid) => [uuid, 'confirmed'])),
    );
    confirmedBefore = uuids;
  }

  it('stopped for a few seconds: 503 with Retry-After while down, health alive, ready 503, then serves by itself', async () => {
    load = visitors();
    await until('a primeira reserva', () =>
      load!.answers.some((a) => a.what === 'booking' && a.status === 201),
    );
    load.phase = 'down';
    await t.proxy.refuse();
    // The load keeps coming while the database is away; the probes are asked meanwhile.
    await until('503 em cada tipo de pedido', () =>
      ['search', 'search by date', 'room page', 'booking'].every((what) =>
        load!.answers.some((a) => a.what === what && a.phase === 'down' && a.status === 503),
      ),
    );
    const alive = await hit(t.base, 'health', 'down', { path: '/api/health' });
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok' });
    const ready = await hit(t.base, 'ready', 'down', { path: '/api/health/ready' });
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    load.phase = 'back';
    await t.proxy.restore();
    await until('servir de novo', serving);
    const readyAgain = await hit(t.base, 'ready', 'back', { path: '/api/health/ready' });
    expect(readyAgain.status).toBe(200);
    expect(readyAgain.body).toEqual({ status: 'ok' });
    await until('uma reserva depois da volta', () =>
      load!.answers.some((a) => a.what === 'booking' && a.phase === 'back' && a.status === 201),
    );
    await load.stop();
    expect(t.proxy.dropped).toBeGreaterThan(0);
    await expectSurvived(load.answers);
  });

  it('restarted at once: every connection dropped and new ones accepted, the app serves by itself', async () => {
    load = visitors();
    await until('a primeira reserva', () =>
      load!.answers.some((a) => a.what === 'booking' && a.status === 201),
    );
    const droppedBefore = t.proxy.dropped;
    load.phase = 'restart';
    for (let i = 0; i < 3; i++) {
      await t.proxy.refuse();
      await t.proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    load.phase = 'back';
    await until('servir de novo', serving);
    await until('uma reserva depois da volta', () =>
      load!.answers.some((a) => a.what === 'booking' && a.phase === 'back' && a.status === 201),
    );
    await load.stop();
    expect(t.proxy.dropped).toBeGreaterThan(droppedBefore);
    await expectSurvived(load.answers);
  });

  it("the app's connections terminated by the server (pg_terminate_backend): the app serves by itself", async () => {
    load = visitors();
    await until('a primeira reserva', () =>
      load!.answers.some((a) => a.what === 'booking' && a.status === 201),
    );
    load.phase = 'terminated';
    let terminated = 0;
    for (let i = 0; i < 8; i++) {
      const rows = await queryRows<{ done: boolean }>(
        t.direct.db,
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity
            where datname = ${t.databaseName} and application_name = ${OUTAGE_APP_NAME}`,
      );
      terminated += rows.filter((r) => r.done).length;
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(terminated).toBeGreaterThan(0);
    load.phase = 'back';
    await until('servir de novo', serving);
    await until('uma reserva depois da volta', () =>
      load!.answers.some((a) => a.what === 'booking' && a.phase === 'back' && a.status === 201),
    );
    await load.stop();
    await expectSurvived(load.answers);
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signIn } from '../../test/fixtures.ts';
import * as t from '../schema.ts';
import { seedDemoDataIfEmpty } from './demo.ts';
import { DEMO_PASSWORD } from './demo-content.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemoDataIfEmpty(ctx.db, ctx.storage, ctx.clock.now)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

describe('demo data (DESIGN §3)', () => {
  it.each([
    ['admin@salas.test', 'owner'],
    ['parceiro@salas.test', 'partner'],
    ['parceiro2@salas.test', 'partner'],
    ['especialista@salas.test', 'customer'],
    ['especialista2@salas.test', 'customer'],
  ])('%s signs in with Salas@2026 through both steps as %s', async (email, role) => {
    const token = await signIn(ctx, email, DEMO_PASSWORD);
    const me = await request(ctx.app, { method: 'GET', url: '/api/user', token });
    expect(me.json().data).toMatchObject({ email, role_name: role, active: true, email_verified: true });
  });

  it('gives each partner clinics in different cities, rooms with hours, photos, facilities, a plan and bank data', async () => {
    for (const email of ['parceiro@salas.test', 'parceiro2@salas.test']) {
      const [partner] = await ctx.db.select().from(t.users).where(eq(t.users.email, email));
      const clinics = await ctx.db
        .select({ id: t.clinics.id, city: t.addresses.city })
        .from(t.clinics)
        .innerJoin(t.addresses, eq(t.addresses.id, t.clinics.addressId))
        .where(eq(t.clinics.partnerId, partner!.id));
      expect(clinics.length).toBeGreaterThanOrEqual(2);
      const [profile] = await ctx.db
        .select()
        .from(t.partnerProfiles)
        .where(eq(t.partnerProfiles.userId, partner!.id));
      expect(profile!.planId).not.toBeNull();
      const [bank] = await ctx.db
        .select()
        .from(t.partnerBankAccounts)
        .where(eq(t.partnerBankAccounts.userId, partner!.id));
      expect(bank!.bankCode).toMatch(/^\d{3}$/);
      for (const clinic of clinics) {
        const hours = await ctx.db
          .select()
          .from(t.clinicOpeningHours)
          .where(eq(t.clinicOpeningHours.clinicId, clinic.id));
        expect(hours.length).toBeGreaterThan(0);
      }
    }
    const cities = await ctx.db
      .selectDistinct({ city: t.addresses.city })
      .from(t.clinics)
      .innerJoin(t.addresses, eq(t.addresses.id, t.clinics.addressId));
    expect(cities.map((c) => c.city).sort()).toEqual(['Belo Horizonte', 'Rio de Janeiro', 'São Paulo']);
    const [roomsWithoutPhoto] = await ctx.db
      .select({ n: count() })
      .from(t.rooms)
      .leftJoin(t.photos, eq(t.photos.roomId, t.rooms.id))
      .where(eq(t.photos.id, null as never));
    expect(roomsWithoutPhoto?.n ?? 0).toBe(0);
  });

  it('serves the demo photos as re-encoded WebP with long cache headers', async () => {
    const [photo] = await ctx.db.select().from(t.photos).limit(1);
    for (const size of ['sm', 'lg']) {
      const res = await request(ctx.app, { method: 'GET', url: `/api/photo/${photo!.uuid}?size=${size}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
    const missing = await request(ctx.app, {
      method: 'GET',
      url: '/api/photo/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await request(ctx.app, { method: 'GET', url: '/api/photo/..%2F..%2Fetc%2Fpasswd' });
    expect(bad.statusCode).toBe(404);
  });

  it('gives specialists past and future bookings and does not seed twice', async () => {
    const [mariana] = await ctx.db.select().from(t.users).where(eq(t.users.email, 'especialista@salas.test'));
    const list = await ctx.db.select().from(t.appointments).where(eq(t.appointments.customerId, mariana!.id));
    expect(list.some((a) => a.startsAt < ctx.clock.now && a.status === 'completed')).toBe(true);
    expect(list.some((a) => a.startsAt > ctx.clock.now && a.status === 'confirmed')).toBe(true);
    expect(await seedDemoDataIfEmpty(ctx.db, ctx.storage, ctx.clock.now)).toBe(false);
  });
});

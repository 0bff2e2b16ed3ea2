/**
 * Rooms that go live when ready (issue 31, decision 0038): a new room is a draft that only its
 * partner sees (and previews) until it is published with its checklist done; back to draft hides it.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { facilities as facilitiesTable, partnerProfiles, rooms } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { multipart } from '../../test/multipart.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { publicRoomPages } from '../meta/sitemap.repository.ts';
import { publicPage } from '../public-pages/public-page.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let other: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let card: { uuid: string };
let day: string;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  other = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  card = await saveCard(t, specialist.user, specialist.token);
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
}, 60_000);
afterAll(() => t.close());

type Who = { token: string } | undefined;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token: who?.token });

const LONG = 'Sala clara com maca, pia, ar-condicionado e janela para o jardim interno.';

/** A partner's clinic (open every day unless told) with a draft room made through the API. */
async function draftRoom(
  owner: Awaited<ReturnType<typeof signedInAs>>,
  name: string,
  options: { open?: boolean } = {},
) {
  const clinic = await createClinic(t, owner.user, owner.token, `Clínica ${name}`);
  if (options.open !== false) await openClinic(t, owner.user, owner.token, clinic.uuid);
  const room = await createRoom(t, owner.user, owner.token, clinic.uuid, name, '1.0000', { draft: true });
  return { clinic, room };
}

async function addPhoto(owner: { token: string }, roomUuid: string) {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b7a75' } })
    .jpeg()
    .toBuffer();
  const body = multipart({ type: 'room', uuid: roomUuid }, [
    { field: 'photos', filename: 'sala.jpg', type: 'image/jpeg', data: jpeg },
  ]);
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/photo/bulk',
    token: owner.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function describeRoom(
  owner: Awaited<ReturnType<typeof signedInAs>>,
  clinicUuid: string,
  roomUuid: string,
  name: string,
) {
  const res = await call(
    owner,
    'PUT',
    `/api/partner/${owner.user.uuid}/coworking/${clinicUuid}/room/${roomUuid}`,
    {
      name,
      description: LONG,
      price_per_minute: '1.0000',
    },
  );
  expect(res.statusCode, res.body).toBe(200);
}

const search = (who: Who, value: string, date?: string) =>
  call(who, 'POST', '/api/customer/room/genericsearch', { value, ...(date ? { date } : {}) });
const found = (res: Awaited<ReturnType<typeof search>>) =>
  res.json().data.map((r: { uuid: string }) => r.uuid) as string[];

/** Whether visitors and specialists can find, open, read the hours of and book the room. */
async function expectPublic(room: { uuid: string; name: string }, visible: boolean) {
  for (const who of [undefined, specialist]) {
    expect(found(await search(who, room.name)).includes(room.uuid), 'busca').toBe(visible);
    expect(found(await search(who, room.name, day)).includes(room.uuid), 'busca com data').toBe(visible);
    const page = await call(who, 'GET', `/api/rooms/${room.uuid}`);
    expect(page.statusCode, 'página').toBe(visible ? 200 : 404);
    if (visible) expect(page.json().data.preview).toBeUndefined();
    expect((await call(who, 'GET', `/api/customer/room/${room.uuid}/availability/${day}`)).statusCode).toBe(
      visible ? 200 : 404,
    );
    expect(
      (await call(who, 'POST', `/api/customer/room/${room.uuid}/availability`, { dateBulk: [day] }))
        .statusCode,
    ).toBe(visible ? 200 : 404);
  }
  expect(await roomPageStatus(t, room.uuid), 'página sem JavaScript').toBe(visible ? 200 : 404);
  const sitemap = await publicRoomPages(t.db);
  expect(
    sitemap.some((r) => r.uuid === room.uuid),
    'sitemap',
  ).toBe(visible);
}

describe('draft rooms', () => {
  it('a new room is a draft: out of search, its page, availability, booking and the sitemap', async () => {
    const { room } = await draftRoom(partner, 'Sala Rascunho Ipê');
    const got = await call(partner, 'GET', `/api/partner/room/${room.uuid}`);
    expect(got.json().data).toMatchObject({ published: false, published_at: null });
    await expectPublic(room, false);
    const booking = await call(specialist, 'POST', '/api/customer/appointment/bulk', {
      room_uuid: room.uuid,
      date_times: [`${day}T10:00:00-03:00`],
      payment_method: 'card',
      card_uuid: card.uuid,
    });
    expect(booking.statusCode).toBe(404);
    const series = await call(specialist, 'POST', '/api/customer/series', {
      room_uuid: room.uuid,
      date_time: `${day}T10:00:00-03:00`,
      minutes: 60,
      weeks: 4,
      payment_method: 'card',
      card_uuid: card.uuid,
    });
    expect(series.statusCode, series.body).toBe(404);
  });

  it('its partner reads the draft on the public routes (the preview); nobody else does', async () => {
    const { room } = await draftRoom(partner, 'Sala Prévia Cedro');
    const page = await call(partner, 'GET', `/api/rooms/${room.uuid}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ uuid: room.uuid, name: 'Sala Prévia Cedro', preview: true });
    expect(page.headers['cache-control']).toBe('private, no-store');
    const slots = await call(partner, 'GET', `/api/customer/room/${room.uuid}/availability/${day}`);
    expect(slots.statusCode).toBe(200);
    expect(slots.json().data.slots.some((s: { available: boolean }) => s.available)).toBe(true);
    expect(
      (await call(partner, 'POST', `/api/customer/room/${room.uuid}/availability`, { dateBulk: [day] }))
        .statusCode,
    ).toBe(200);
    // Still not in the partner's own search, and not bookable, even by its partner.
    expect(found(await search(partner, room.name))).not.toContain(room.uuid);
    expect(
      (
        await call(partner, 'POST', '/api/customer/appointment/bulk', {
          room_uuid: room.uuid,
          date_times: [`${day}T10:00:00-03:00`],
          payment_method: 'pix',
        })
      ).statusCode,
    ).toBe(404);
    // Another partner: not found, on every route.
    expect((await call(other, 'GET', `/api/rooms/${room.uuid}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/customer/room/${room.uuid}/availability/${day}`)).statusCode).toBe(
      404,
    );
    expect((await call(other, 'GET', `/api/partner/room/${room.uuid}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/partner/room/${room.uuid}/publish`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/partner/room/${room.uuid}/unpublish`)).statusCode).toBe(404);
  });

  it('publishing refuses with the list of what is missing, in Portuguese', async () => {
    const { room } = await draftRoom(partner, 'Sala Incompleta Ipê', { open: false });
    const got = await call(partner, 'GET', `/api/partner/room/${room.uuid}`);
    expect(got.json().data.checklist).toEqual([
      { item: 'photos', done: false, label: 'Pelo menos uma foto da sala' },
      { item: 'hours', done: false, label: 'Horário de funcionamento (da sala ou da clínica)' },
      { item: 'price', done: true, label: 'Preço por hora' },
      { item: 'description', done: false, label: 'Descrição com pelo menos 40 caracteres' },
      { item: 'approval', done: true, label: 'Cadastro do parceiro aprovado pela equipe Salas' },
    ]);
    const res = await call(partner, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message:
        'Antes de publicar: Adicione pelo menos uma foto da sala. Informe o horário de funcionamento da sala ou da clínica. Escreva uma descrição com pelo menos 40 caracteres.',
      code: 'room_incomplete',
      errors: {
        photos: ['Adicione pelo menos uma foto da sala.'],
        hours: ['Informe o horário de funcionamento da sala ou da clínica.'],
        description: ['Escreva uma descrição com pelo menos 40 caracteres.'],
      },
      missing: [
        { item: 'photos', message: 'Adicione pelo menos uma foto da sala.' },
        { item: 'hours', message: 'Informe o horário de funcionamento da sala ou da clínica.' },
        { item: 'description', message: 'Escreva uma descrição com pelo menos 40 caracteres.' },
      ],
    });
    expect((await call(partner, 'GET', `/api/partner/room/${room.uuid}`)).json().data.published).toBe(false);
    // The room's own hours count as well as the clinic's.
    const hours = await call(partner, 'POST', `/api/partner/operatinghour/${room.uuid}`, {
      hours: [{ weekday: 1, opens_at: '08:00', closes_at: '12:00' }],
    });
    expect(hours.statusCode).toBe(200);
    const again = await call(partner, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(again.json().missing.map((m: { item: string }) => m.item)).toEqual(['photos', 'description']);
    // A description of blanks is no description.
    const clinicUuid = got.json().data.clinic.uuid;
    await call(
      partner,
      'PUT',
      `/api/partner/${partner.user.uuid}/coworking/${clinicUuid}/room/${room.uuid}`,
      {
        name: room.name,
        description: `Sala ${' '.repeat(60)}`,
        price_per_minute: '1.0000',
      },
    );
    const blank = await call(partner, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(blank.json().errors.description).toBeDefined();
  });

  it('publishes when complete: then found, opened and booked by anyone; back to draft hides it again', async () => {
    const { clinic, room } = await draftRoom(partner, 'Sala Completa Jatobá');
    await addPhoto(partner, room.uuid);
    await describeRoom(partner, clinic.uuid, room.uuid, room.name);
    const before = (await call(partner, 'GET', `/api/partner/room/${room.uuid}`)).json().data;
    expect(before.checklist.every((c: { done: boolean }) => c.done)).toBe(true);
    expect(before.published).toBe(false);

    const published = await call(partner, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, published_at: expect.any(String) });
    await expectPublic(room, true);
    // Publishing twice changes nothing.
    const twice = await call(partner, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(twice.json().data.published_at).toBe(published.json().data.published_at);
    const booking = await bookByCard(t, specialist.token, room.uuid, card.uuid, [`${day}T10:00:00-03:00`]);
    expect(booking.status).toBe('confirmed');

    const draft = await call(partner, 'POST', `/api/partner/room/${room.uuid}/unpublish`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data).toMatchObject({ published: false, published_at: null });
    await expectPublic(room, false);
    // The booking already made stays the specialist's.
    const mine = await call(specialist, 'POST', '/api/customer/appointments', {});
    expect(mine.json().data.some((a: { room: { uuid: string } }) => a.room.uuid === room.uuid)).toBe(true);
    // Published again, it is back.
    expect((await call(partner, 'POST', `/api/partner/room/${room.uuid}/publish`)).statusCode).toBe(200);
    await expectPublic(room, true);
  });

  it('a partner the operator has not approved cannot publish', async () => {
    const pending = await signedInAs(t, 'partner');
    await t.db.insert(partnerProfiles).values({ userId: pending.user.id, approval: 'pending' });
    const { clinic, room } = await draftRoom(pending, 'Sala Aguardando Aroeira');
    await addPhoto(pending, room.uuid);
    await describeRoom(pending, clinic.uuid, room.uuid, room.name);
    const got = (await call(pending, 'GET', `/api/partner/room/${room.uuid}`)).json().data;
    expect(got.checklist.find((c: { item: string }) => c.item === 'approval')).toMatchObject({ done: false });
    const res = await call(pending, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Seu cadastro aguarda aprovação da equipe Salas.',
      code: 'partner_not_approved',
      missing: [{ item: 'approval', message: 'Seu cadastro aguarda aprovação da equipe Salas.' }],
    });
    await expectPublic(room, false);
    await t.db
      .update(partnerProfiles)
      .set({ approval: 'rejected' })
      .where(eq(partnerProfiles.userId, pending.user.id));
    const rejected = await call(pending, 'POST', `/api/partner/room/${room.uuid}/publish`);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().message).toMatch(/não foi aprovado/);
    await t.db
      .update(partnerProfiles)
      .set({ approval: 'approved', approvedAt: t.clock.now })
      .where(eq(partnerProfiles.userId, pending.user.id));
    expect((await call(pending, 'POST', `/api/partner/room/${room.uuid}/publish`)).statusCode).toBe(200);
  });

  it('rooms made before drafts existed are published (the column default)', async () => {
    const { room } = await draftRoom(partner, 'Sala Antiga Peroba');
    const [row] = await t.db.select().from(rooms).where(eq(rooms.uuid, room.uuid));
    const [old] = await t.db
      .insert(rooms)
      .values({ clinicId: row!.clinicId, name: 'Sala de Antes', pricePerMinute: '1.0000' })
      .returning();
    expect(old!.published).toBe(true);
  });
});

describe('one save for the room (decision 0038)', () => {
  it('saves the facilities with the room data, and refuses an unknown facility', async () => {
    const { clinic, room } = await draftRoom(partner, 'Sala Diferenciais Ipê');
    const facilities = await t.db
      .insert(facilitiesTable)
      .values([{ name: 'Maca elétrica' }, { name: 'Pia na sala' }])
      .returning({ uuid: facilitiesTable.uuid });
    const path = `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}/room/${room.uuid}`;
    const body = { name: room.name, description: LONG, price_per_minute: '1.0000' };
    const chosen = facilities.slice(0, 2).map((f) => f.uuid);
    const saved = await call(partner, 'PUT', path, { ...body, facilities: chosen });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .data.facilities.map((f: { uuid: string }) => f.uuid)
        .sort(),
    ).toEqual([...chosen].sort());
    // Absent: kept as they are; an empty list clears them.
    expect((await call(partner, 'PUT', path, body)).json().data.facilities).toHaveLength(2);
    expect((await call(partner, 'PUT', path, { ...body, facilities: [] })).json().data.facilities).toEqual(
      [],
    );
    const unknown = await call(partner, 'PUT', path, {
      ...body,
      description: 'Outra descrição',
      facilities: ['00000000-0000-4000-8000-00000000dead'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.facilities).toEqual(['Diferencial não encontrado.']);
    // Nothing of a refused save is kept.
    expect((await call(partner, 'GET', `/api/partner/room/${room.uuid}`)).json().data.description).toBe(LONG);
    const made = await call(
      partner,
      'POST',
      `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}/room`,
      {
        ...body,
        name: 'Sala Com Tudo',
        facilities: [chosen[0]],
      },
    );
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ published: false, facilities: [{ uuid: chosen[0] }] });
  });
});

/** The status of a room's public page as the server draws it without JavaScript. */
async function roomPageStatus(t: TestContext, uuid: string) {
  const page = await publicPage(t.app.services, `/rooms/${uuid}`, new URLSearchParams());
  return page && 'status' in page ? page.status : null;
}

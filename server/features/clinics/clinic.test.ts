import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { createClinic, createRoom } from '../../test/supply-fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
});
afterAll(() => t.close());

const as = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = partner.token,
) => request(t.app, { method, url, payload, token });

describe('clinics', () => {
  it('creates, lists, reads, edits and deletes a clinic with address, phone and hours', async () => {
    const clinic = await createClinic(t, partner.user, partner.token, 'Espaço Ipê Amarelo');
    const address = await as('POST', '/api/address', {
      clinic_uuid: clinic.uuid,
      zip_code: '80010-000',
      street: 'Rua XV de Novembro',
      number: '700',
      neighborhood: 'Centro',
      city: 'Curitiba',
      state: 'PR',
    });
    expect(address.statusCode, address.body).toBe(201);
    const phone = await as('POST', '/api/contact', {
      clinic_uuid: clinic.uuid,
      area_code: '41',
      number: '33224455',
      type: 'commercial',
    });
    expect(phone.statusCode, phone.body).toBe(201);
    const hours = await as(
      'POST',
      `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}/opening-hour`,
      {
        hours: [
          { weekday: 1, opens_at: '08:00', closes_at: '18:00' },
          { weekday: 6, opens_at: '00:00', closes_at: '23:59' },
        ],
      },
    );
    expect(hours.statusCode, hours.body).toBe(200);
    expect(hours.json().data).toHaveLength(2);

    const got = await as('GET', `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`);
    expect(got.json().data).toMatchObject({
      name: 'Espaço Ipê Amarelo',
      email: 'contato@bemviver.com.br',
      timezone: 'America/Sao_Paulo',
      address: { zip_code: '80010000', city: 'Curitiba', state: 'PR' },
      phones: [{ area_code: '41', number: '33224455', type: 'commercial' }],
      rooms_count: 0,
    });
    const list = await as('GET', '/api/partner/coworkings');
    expect(list.json().data.map((c: { uuid: string }) => c.uuid)).toContain(clinic.uuid);
    const again = await as('GET', `/api/partner/${partner.user.uuid}/coworking`);
    expect(again.json()).toEqual(list.json());

    const edited = await as('PUT', `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`, {
      name: 'Espaço Ipê Roxo',
      description: 'Nova descrição',
      email: '',
      timezone: 'America/Manaus',
    });
    expect(edited.json().data).toMatchObject({
      name: 'Espaço Ipê Roxo',
      email: null,
      timezone: 'America/Manaus',
    });

    const gone = await as('DELETE', `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`);
    expect(gone.statusCode).toBe(204);
    expect((await as('GET', `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`)).statusCode).toBe(
      404,
    );
  });

  it("refuses to delete a clinic with rooms: 'Erro ao excluir clinica' and why", async () => {
    const clinic = await createClinic(t, partner.user, partner.token);
    await createRoom(t, partner.user, partner.token, clinic.uuid);
    const res = await as('DELETE', `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Erro ao excluir clinica');
    expect(res.json().errors.clinic[0]).toMatch(/salas/);
  });

  it('validates clinics, hours, addresses and phones in Portuguese', async () => {
    const bad = await as('POST', `/api/partner/${partner.user.uuid}/coworking`, {
      name: '',
      email: 'x',
      timezone: 'Marte/Olympus',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toEqual(['Informe o nome da clínica.']);
    expect(bad.json().errors.email).toEqual(['Informe um e-mail válido.']);
    expect(bad.json().errors.timezone).toEqual(['Fuso horário inválido.']);

    const clinic = await createClinic(t, partner.user, partner.token);
    const url = `/api/partner/${partner.user.uuid}/coworking/${clinic.uuid}/opening-hour`;
    const reversed = await as('POST', url, {
      hours: [{ weekday: 1, opens_at: '18:00', closes_at: '08:00' }],
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors['hours.0.closes_at']).toEqual([
      'O horário de fechamento deve ser depois do de abertura.',
    ]);
    const overlap = await as('POST', url, {
      hours: [
        { weekday: 1, opens_at: '08:00', closes_at: '12:00' },
        { weekday: 1, opens_at: '11:00', closes_at: '13:00' },
      ],
    });
    expect(overlap.json().errors.hours).toEqual(['Há horários sobrepostos no mesmo dia.']);
    const badTime = await as('POST', url, { hours: [{ weekday: 9, opens_at: '25:00', closes_at: '8h' }] });
    expect(Object.keys(badTime.json().errors)).toEqual(
      expect.arrayContaining(['hours.0.weekday', 'hours.0.opens_at']),
    );

    const cep = await as('POST', '/api/address', {
      zip_code: '123',
      street: 'R',
      number: '',
      neighborhood: '',
      city: '',
      state: 'ZZ',
    });
    expect(cep.statusCode).toBe(422);
    expect(cep.json().errors.zip_code).toEqual(['CEP inválido: use 8 dígitos.']);
    const phone = await as('POST', '/api/contact', { area_code: '0', number: '12' });
    expect(phone.json().errors.area_code).toEqual(['DDD inválido.']);
    expect(phone.json().errors.number).toEqual(['Número inválido: 8 ou 9 dígitos.']);
  });

  it('edits and reads back its own address and phone', async () => {
    const created = await as('POST', '/api/address', {
      zip_code: '01001000',
      street: 'Praça da Sé',
      number: '1',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
    const uuid = created.json().data.uuid;
    const put = await as('PUT', `/api/address/${uuid}`, {
      zip_code: '01001-001',
      street: 'Praça da Sé',
      number: '2',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(put.json().data.number).toBe('2');
    expect((await as('GET', `/api/address/${uuid}/search`)).json().data.zip_code).toBe('01001001');

    const phone = await as('POST', '/api/contact', {
      area_code: '11',
      number: '987654321',
      type: 'whatsapp',
    });
    const changed = await as('PUT', `/api/contact/${phone.json().data.uuid}`, {
      area_code: '21',
      number: '987650000',
      type: 'mobile',
    });
    expect(changed.json().data).toMatchObject({
      area_code: '21',
      number: '987650000',
      type: 'mobile',
      country_code: '55',
    });
  });
});

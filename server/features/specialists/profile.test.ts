import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function crp(): Promise<string> {
  const res = await request(t.app, { method: 'GET', url: '/api/health-advice' });
  return res.json().data.find((c: { acronym: string }) => c.acronym === 'CRP').uuid;
}

const validBody = async () => ({
  name: 'Juliana Prado Ramos',
  cpf: '529.982.247-25',
  birth_date: '1988-04-12',
  phone: '(11) 98765-4321',
  profession: 'Psicóloga',
  council_uuid: await crp(),
  council_number: '06/123456',
  council_state: 'SP',
  address: {
    zip_code: '01310-100',
    street: 'Avenida Paulista',
    number: '1578',
    complement: 'Sala 42',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
});

describe('GET /api/health-advice', () => {
  it('lists the Brazilian professional councils to everyone', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/health-advice' });
    expect(res.statusCode).toBe(200);
    const acronyms = res.json().data.map((c: { acronym: string }) => c.acronym);
    expect(acronyms).toEqual(
      expect.arrayContaining(['CRP', 'CRM', 'CREFITO', 'CRN', 'CRO', 'COREN', 'CRFa', 'CREF', 'CRF']),
    );
  });
});

describe('completeData and the specialist profile', () => {
  it('answers null until the data is complete, then the saved profile', async () => {
    const { token } = await signedInAs(t, 'customer', { profile: false });
    const before = await request(t.app, { method: 'GET', url: '/api/customer/profile', token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ data: null });

    const body = await validBody();
    const saved = await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token,
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      name: 'Juliana Prado Ramos',
      cpf: '52998224725',
      phone: '11987654321',
      council: { acronym: 'CRP' },
      council_state: 'SP',
      address: { zip_code: '01310100', city: 'São Paulo', state: 'SP' },
    });
    const me = await request(t.app, { method: 'GET', url: '/api/user', token });
    expect(me.json().data.name).toBe('Juliana Prado Ramos');

    // Sending again updates, it does not duplicate.
    const again = await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token,
      payload: { ...body, profession: 'Psicóloga clínica' },
    });
    expect(again.json().data.profession).toBe('Psicóloga clínica');
    expect(again.json().data.address.uuid).toBe(saved.json().data.address.uuid);
  });

  it('refuses an invalid CPF, CEP and UF with field errors, and a CPF of another account', async () => {
    const { token } = await signedInAs(t, 'customer');
    const body = await validBody();
    const bad = await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token,
      payload: { ...body, cpf: '111.111.111-11', address: { ...body.address, zip_code: '123', state: 'XX' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cpf).toEqual(['CPF inválido.']);
    expect(bad.json().errors['address.zip_code']).toEqual(['CEP inválido: use 8 dígitos.']);
    expect(bad.json().errors['address.state']).toEqual(['Informe a UF.']);

    const other = await signedInAs(t, 'customer');
    await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token: other.token,
      payload: body,
    });
    const taken = await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token,
      payload: body,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe('Erro ao completar cadastro.');
    expect(taken.json().errors.cpf).toEqual(['Este CPF já está cadastrado em outra conta.']);
  });

  it('answers 401 to visitors and 403 to other roles', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/customer/profile' })).statusCode).toBe(401);
    const partner = await signedInAs(t, 'partner');
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token: partner.token,
      payload: await validBody(),
    });
    expect(res.statusCode).toBe(403);
  });
});

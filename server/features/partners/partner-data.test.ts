import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
});
afterAll(() => t.close());

const as = (method: 'GET' | 'PUT', path: string, payload?: object) =>
  request(t.app, { method, url: `/api/partner/${path}`, payload, token: partner.token });

describe('partner data', () => {
  it('saves basic data, company data with a valid CNPJ and address', async () => {
    const basic = await as('PUT', `basicdata/${partner.user.uuid}`, {
      name: 'Clínica Horizonte',
      phone: '(31) 99876-5432',
    });
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json().data).toMatchObject({ name: 'Clínica Horizonte', phone: '31998765432' });

    const data = await as('PUT', `${partner.user.uuid}/data`, {
      legal_name: 'Horizonte Saúde Ltda.',
      document_type: 'cnpj',
      document: '11.222.333/0001-81',
      contact_email: 'Financeiro@Horizonte.com.br',
      phone: '3133445566',
      address: {
        zip_code: '30130-000',
        street: 'Av. Afonso Pena',
        number: '1500',
        neighborhood: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
      },
    });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().data).toMatchObject({
      legal_name: 'Horizonte Saúde Ltda.',
      document: '11222333000181',
      contact_email: 'financeiro@horizonte.com.br',
      address: { city: 'Belo Horizonte', state: 'MG' },
    });
    expect((await as('GET', `${partner.user.uuid}/data`)).json()).toEqual(data.json());
  });

  it('accepts a blank optional phone on the basic data and clears it', async () => {
    const res = await as('PUT', `basicdata/${partner.user.uuid}`, { name: 'Clínica Horizonte', phone: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.phone).toBeNull();
  });

  it('refuses a CNPJ or CPF with wrong check digits beside the field', async () => {
    const res = await as('PUT', `${partner.user.uuid}/data`, {
      legal_name: 'Horizonte',
      document_type: 'cpf',
      document: '123.456.789-00',
      contact_email: 'a@b.com',
      phone: '3133445566',
      address: {
        zip_code: '30130000',
        street: 'Rua',
        number: '1',
        neighborhood: 'Centro',
        city: 'BH',
        state: 'MG',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.document).toEqual(['CPF inválido.']);
  });

  it('saves a bank account from the bank list, with a valid holder document', async () => {
    expect((await as('GET', `${partner.user.uuid}/bank-account`)).json()).toEqual({ data: null });
    const ok = await as('PUT', `${partner.user.uuid}/bank-account`, {
      bank_code: '341',
      agency: '0912',
      account: '45678',
      account_digit: 'x',
      account_type: 'checking',
      holder_name: 'Horizonte Saúde Ltda.',
      holder_document: '11.222.333/0001-81',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      bank_code: '341',
      bank_name: 'Itaú Unibanco',
      account_digit: 'X',
    });
    const bad = await as('PUT', `${partner.user.uuid}/bank-account`, {
      bank_code: '999',
      agency: '12',
      account: 'abc',
      account_digit: '12',
      account_type: 'gold',
      holder_name: 'H',
      holder_document: '111',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining([
        'bank_code',
        'agency',
        'account',
        'account_digit',
        'account_type',
        'holder_name',
      ]),
    );
  });

  it('validates a Pix key by its type and stores it normalised', async () => {
    const cases: [string, string, number, string?][] = [
      ['cpf', '529.982.247-25', 200, '52998224725'],
      ['email', 'Pix@Clinica.com.br', 200, 'pix@clinica.com.br'],
      ['phone', '(11) 98765-4321', 200, '+5511987654321'],
      ['random', '123e4567-e89b-42d3-a456-426614174000', 200, '123e4567-e89b-42d3-a456-426614174000'],
      ['cnpj', '11.222.333/0001-80', 422],
      ['phone', '1133334444', 422],
      ['email', 'sem-arroba', 422],
    ];
    for (const [key_type, key, status, stored] of cases) {
      const res = await as('PUT', `${partner.user.uuid}/pix-key`, { key_type, key });
      expect(res.statusCode, `${key_type} ${key}: ${res.body}`).toBe(status);
      if (stored) expect(res.json().data).toEqual({ key_type, key: stored });
      else expect(res.json().errors.key).toHaveLength(1);
    }
  });
});

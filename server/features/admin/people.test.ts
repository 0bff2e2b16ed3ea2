import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#common/contracts/auth';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { lastMailTo, PASSWORD, signedInAs, uniqueEmail } from '../../test/fixtures.ts';

let t: TestContext;
let operator: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoDataIfEmpty(t.db, t.storage, t.clock.now);
  operator = await signedInAs(t, 'owner');
}, 60_000);
afterAll(() => t.close());

const as = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => request(t.app, { method, url, payload, token });
const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(operator.token, method, url, payload);

describe('operator: specialists', () => {
  it('lists them in pages, sorted either way', async () => {
    const byName = await op('GET', '/api/fusion/customer/sorted?per_page=100');
    expect(byName.statusCode, byName.body).toBe(200);
    const names = byName.json().data.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['Mariana Costa', 'Lucas Ferreira']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const reversed = await op('GET', '/api/fusion/customer/sorted?per_page=100&order=desc');
    expect(reversed.json().data.map((u: { name: string }) => u.name)).toEqual([...names].reverse());
    const mariana = byName.json().data.find((u: { name: string }) => u.name === 'Mariana Costa');
    expect(mariana).toMatchObject({ cpf: '52998224725', council: 'CRP 06/145872/SP', active: true });
    expect(mariana.appointments_count).toBeGreaterThan(0);
    const desc = await op('GET', '/api/fusion/customer/sorted?sort=email&order=desc&per_page=1');
    expect(desc.json().meta).toMatchObject({ per_page: 1, current_page: 1 });
    expect((await op('GET', '/api/fusion/customer/sorted?sort=senha')).json().errors.sort).toEqual([
      'Ordenação inválida.',
    ]);
  });

  it('finds one by CPF (with or without punctuation), name without accents, or e-mail', async () => {
    const cpf = await op('POST', '/api/fusion/customer/search', {
      attribute: 'cpf',
      value: '529.982.247-25',
    });
    expect(cpf.json().data.map((u: { name: string }) => u.name)).toEqual(['Mariana Costa']);
    const name = await op('GET', '/api/fusion/customer/search?attribute=name&value=MARIANA%20COSTA');
    expect(name.json().data).toHaveLength(1);
    const email = await op('POST', '/api/fusion/customer/search', {
      attribute: 'email',
      value: 'especialista2@',
    });
    expect(email.json().data.map((u: { name: string }) => u.name)).toEqual(['Lucas Ferreira']);
    const wildcard = await op('POST', '/api/fusion/customer/search', { attribute: 'name', value: '%' });
    expect(wildcard.json().data).toEqual([]);
    const bad = await op('POST', '/api/fusion/customer/search', { attribute: 'senha', value: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.attribute).toEqual(['Busque por nome, e-mail ou CPF.']);
  });

  it('lists everyone at once for selects, and all accounts by role', async () => {
    const all = await op('GET', '/api/fusion/users/customer?paginate=false');
    expect(all.json().meta.total).toBe(all.json().data.length);
    const partners = await op('GET', '/api/fusion/users/partner?page=1');
    expect(partners.json().data[0]).toMatchObject({
      plan: expect.objectContaining({ name: expect.any(String) }),
    });
    const owners = await op('GET', '/api/fusion/allusers/owner');
    expect(owners.json().data.every((u: { role_name: string }) => u.role_name === 'owner')).toBe(true);
    expect((await op('GET', '/api/fusion/allusers/hacker')).statusCode).toBe(404);
  });

  it('creates a specialist who sets the password from a mail; a taken e-mail is refused', async () => {
    const email = uniqueEmail('convidada');
    const res = await op('POST', '/api/fusion/customer/store', { name: 'Paula Convidada', email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Paula Convidada', email, email_verified: false });
    const mail = lastMailTo(t, email);
    expect(mail.subject).toBe('Sua conta no Salas está pronta: defina sua senha');
    const link = new URL(mail.text.match(/https?:\/\/\S+password-reset\S+/)![0]);
    const reset = await as(undefined, 'POST', '/api/reset-password', {
      email,
      token: link.searchParams.get('token'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await as(undefined, 'POST', '/api/loginTwoFactor', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);

    const again = await op('POST', '/api/fusion/customer/store', { name: 'Outra Pessoa', email });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: 'Email existente',
      errors: { email: ['Email existente'] },
    });
  });

  it('deactivates at once (the session dies, sign-in shows the suspension) and reactivates', async () => {
    const specialist = await signedInAs(t, 'customer');
    expect((await as(specialist.token, 'GET', '/api/user')).statusCode).toBe(200);
    const off = await op('POST', '/api/fusion/setActiveStatus', {
      user_uuid: specialist.user.uuid,
      setStatus: 0,
    });
    expect(off.json().data).toEqual({
      uuid: specialist.user.uuid,
      active: false,
      canceled_appointments: 0,
      refunded_cents: 0,
    });
    expect((await as(specialist.token, 'GET', '/api/user')).statusCode).toBe(401);
    const login = await as(undefined, 'POST', '/api/loginTwoFactor', {
      email: specialist.user.email,
      password: PASSWORD,
    });
    expect(login.json()).toEqual({ Status: false, message: authMessages.suspended });
    // The old token stays dead after reactivation: it was revoked, not just refused.
    await op('POST', '/api/fusion/setActiveStatus', { user_uuid: specialist.user.uuid, setStatus: '1' });
    expect((await as(specialist.token, 'GET', '/api/user')).statusCode).toBe(401);
    expect(
      (
        await as(undefined, 'POST', '/api/loginTwoFactor', {
          email: specialist.user.email,
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);

    const detail = await op('GET', `/api/fusion/user/${specialist.user.uuid}`);
    expect(detail.json().data.audit.map((a: { description: string }) => a.description)).toEqual([
      'Conta reativada',
      'Conta desativada',
    ]);
    expect(detail.json().data.audit[0].actor).toEqual({
      name: operator.user.name,
      email: operator.user.email,
    });
  });

  it('never lets operators lock themselves out, and only the owner deactivates an operator', async () => {
    const self = await op('POST', '/api/fusion/setActiveStatus', {
      user_uuid: operator.user.uuid,
      setStatus: 0,
    });
    expect(self.statusCode).toBe(422);
    const admin = await signedInAs(t, 'admin');
    const other = await signedInAs(t, 'admin');
    const res = await as(admin.token, 'POST', '/api/fusion/setActiveStatus', {
      user_uuid: other.user.uuid,
      setStatus: 0,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await op('POST', '/api/fusion/setActiveStatus', { user_uuid: other.user.uuid, setStatus: 2 }))
        .statusCode,
    ).toBe(422);
  });
});

describe('operator: partners', () => {
  it('creates a partner on a plan (mail to set the password); a taken e-mail gets the SPEC message', async () => {
    const plans = (await op('GET', '/api/fusion/plan')).json().data;
    const email = uniqueEmail('clinica');
    const res = await op('POST', '/api/fusion/user', {
      name: 'Clínica Nova Ltda',
      email,
      plan_uuid: plans[0].uuid,
      document: '11.222.333/0001-81',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ plan: { uuid: plans[0].uuid }, document: '11222333000181' });
    expect(lastMailTo(t, email).text).toContain('conta de parceiro');
    const taken = await op('POST', '/api/fusion/user', { name: 'Outra', email, plan_uuid: plans[0].uuid });
    expect(taken.json()).toMatchObject({ message: 'Email já existe no sistema' });
    const badDoc = await op('POST', '/api/fusion/user', {
      name: 'Outra Clínica',
      email: uniqueEmail('x'),
      plan_uuid: plans[0].uuid,
      document: '11.111.111/1111-11',
    });
    expect(badDoc.json().errors.document).toEqual(['CPF ou CNPJ inválido.']);
    const noPlan = await op('POST', '/api/fusion/user', {
      name: 'Sem Plano',
      email: uniqueEmail('y'),
      plan_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(noPlan.json().errors.plan_uuid).toEqual(['Plano inválido.']);
  });

  it('opens a partner with clinics and rooms, edits data and plan, and keeps the trail', async () => {
    const helena = (await op('GET', '/api/fusion/allusers/partner'))
      .json()
      .data.find((u: { email: string }) => u.email === 'parceiro@salas.test');
    const detail = await op('GET', `/api/fusion/user/${helena.uuid}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.clinics.map((c: { name: string }) => c.name)).toContain('Vida Plena Pinheiros');
    const plans = (await op('GET', '/api/fusion/plan')).json().data;
    const other = plans.find((p: { uuid: string }) => p.uuid !== detail.json().data.partner.plan.uuid);
    const edit = await op('PUT', `/api/fusion/basicdata/${helena.uuid}`, {
      name: 'Helena Martins Souza',
      phone: '(11) 98888-7777',
      plan_uuid: other.uuid,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({
      name: 'Helena Martins Souza',
      phone: '11988887777',
      plan: { uuid: other.uuid },
    });
    const trail = (await op('GET', `/api/fusion/user/${helena.uuid}`))
      .json()
      .data.audit.map((a: { description: string }) => a.description);
    expect(trail).toContain('Dados alterados: nome, telefone');
    expect(trail.find((d: string) => d.startsWith('Plano alterado de'))).toContain(`para ${other.name}`);
    expect(
      (await op('PUT', `/api/fusion/basicdata/${operator.user.uuid}`, { name: 'Fulano de Tal' })).statusCode,
    ).toBe(404);
    expect((await op('GET', '/api/fusion/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('operator routes: roles', () => {
  it('answer 401 to visitors and 403 to specialists and partners, on every /api/fusion route', async () => {
    const specialist = await signedInAs(t, 'customer');
    const partner = await signedInAs(t, 'partner');
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/fusion/'));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      const url = route.url
        .replace(':role', 'customer')
        .replace(':x', 'todos')
        .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      expect((await as(undefined, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(specialist.token, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(partner.token, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps the partner dashboard to partners', async () => {
    const specialist = await signedInAs(t, 'customer');
    const url = '/api/partner/dashboard/salesturnover?dateInit=2026-01-01&dateEnd=2026-01-31';
    expect((await as(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await as(specialist.token, 'GET', url)).statusCode).toBe(403);
    expect((await op('GET', url)).statusCode).toBe(403);
  });
});

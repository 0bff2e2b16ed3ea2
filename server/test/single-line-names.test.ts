/**
 * Names stay on one line (issue 28, decision 0030): every route that takes a person's, a company's,
 * a card holder's, a clinic's, a room's, a facility's or a plan's name refuses line breaks, control
 * characters and direction overrides with 422 on that field, in Portuguese. A name with CR/LF was
 * shown as injected lines in the person's own mails, and one with U+202E read backwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages } from '#common/contracts/text';
import { createTestContext, request, type TestContext } from './app.ts';
import { signedInAs, uniqueEmail } from './fixtures.ts';
import { createClinic, createRoom } from './supply-fixtures.ts';

const ghost = '00000000-0000-4000-8000-00000000dead';
const evil = ['Ana\r\nBcc: todos@exemplo.com', 'Ana \u202Efdp.exe', 'Ana\tSouza', 'Ana\u2066Souza\u2069'];

let t: TestContext;
let tokens: Record<'customer' | 'partner' | 'operator', string>;
let routes: {
  who: keyof typeof tokens | null;
  method: 'POST' | 'PUT';
  url: string;
  fields: string[];
  /** The rest of a body that picks the field's schema (a typed card rather than a card token). */
  base?: object;
}[];
const typedCard = { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvv: '123' };

beforeAll(async () => {
  t = await createTestContext();
  const customer = await signedInAs(t, 'customer');
  const partner = await signedInAs(t, 'partner');
  const operator = await signedInAs(t, 'owner');
  tokens = { customer: customer.token, partner: partner.token, operator: operator.token };
  const clinic = await createClinic(t, partner.user, partner.token);
  const room = await createRoom(t, partner.user, partner.token, clinic.uuid);
  const p = `/api/partner/${partner.user.uuid}`;
  routes = [
    { who: null, method: 'POST', url: '/api/customer/register', fields: ['name'] },
    { who: 'customer', method: 'POST', url: '/api/customer/completeData', fields: ['name'] },
    {
      who: 'customer',
      method: 'POST',
      url: `/api/customer/${customer.user.uuid}/card`,
      fields: ['holder_name'],
      base: typedCard,
    },
    { who: 'partner', method: 'PUT', url: `/api/partner/basicdata/${partner.user.uuid}`, fields: ['name'] },
    { who: 'partner', method: 'PUT', url: `${p}/data`, fields: ['legal_name'] },
    { who: 'partner', method: 'PUT', url: `${p}/bank-account`, fields: ['holder_name'] },
    { who: 'partner', method: 'POST', url: `${p}/coworking`, fields: ['name'] },
    { who: 'partner', method: 'PUT', url: `${p}/coworking/${clinic.uuid}`, fields: ['name'] },
    { who: 'partner', method: 'POST', url: `${p}/coworking/${clinic.uuid}/room`, fields: ['name'] },
    {
      who: 'partner',
      method: 'PUT',
      url: `${p}/coworking/${clinic.uuid}/room/${room.uuid}`,
      fields: ['name'],
    },
    { who: 'operator', method: 'POST', url: '/api/fusion/customer/store', fields: ['name'] },
    { who: 'operator', method: 'POST', url: '/api/fusion/user', fields: ['name', 'legal_name'] },
    {
      who: 'operator',
      method: 'PUT',
      url: `/api/fusion/basicdata/${partner.user.uuid}`,
      fields: ['name', 'legal_name'],
    },
    { who: 'operator', method: 'POST', url: '/api/fusion/facility', fields: ['name'] },
    { who: 'operator', method: 'PUT', url: `/api/fusion/facility/${ghost}`, fields: ['name'] },
    { who: 'operator', method: 'POST', url: '/api/fusion/plan', fields: ['name'] },
    { who: 'operator', method: 'PUT', url: `/api/fusion/plan/${ghost}`, fields: ['name'] },
  ];
}, 60_000);
afterAll(() => t.close());

const send = (route: (typeof routes)[number], payload: object) =>
  request(t.app, {
    method: route.method,
    url: route.url,
    token: route.who ? tokens[route.who] : undefined,
    payload,
  });

describe('names on one line', () => {
  it('refuses CR/LF, TAB and direction overrides in every name, with 422 on the field', async () => {
    const failures: string[] = [];
    for (const route of routes)
      for (const field of route.fields)
        for (const value of evil) {
          const res = await send(route, { ...route.base, [field]: value, email: uniqueEmail() });
          const errors = res.statusCode === 422 ? (res.json().errors?.[field] ?? []) : [];
          if (!errors.includes(textMessages.singleLine))
            failures.push(
              `${route.method} ${route.url} ${field}=${JSON.stringify(value)} → ${res.statusCode}`,
            );
        }
    expect(failures).toEqual([]);
  });

  it('keeps a room name as typed, accents and all, and refuses a clinic description that reads backwards', async () => {
    const room = routes.find((r) => r.method === 'POST' && r.url.endsWith('/room'))!;
    const ok = await send(room, { name: "Sala D'Ávila — 2º andar", price_per_minute: '1' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.name).toBe("Sala D'Ávila — 2º andar");
    const clinic = routes.find((r) => r.method === 'POST' && r.url.endsWith('/coworking'))!;
    const lines = await send(clinic, { name: 'Clínica Linhas', description: 'Térreo.\nSem escadas.' });
    expect(lines.statusCode, lines.body).toBe(201);
    expect(lines.json().data.description).toBe('Térreo.\nSem escadas.');
    const backwards = await send(clinic, { name: 'Clínica Invertida', description: 'Bem-vindo \u202Eodniv' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.description).toEqual([textMessages.multiLine]);
  });
});

/**
 * Clinics that sign themselves up (issue 31, docs/decisions/0039): the public sign-up makes a pending
 * partner and mails the specialist sign-up's one code, which confirms and signs in; the operators
 * hear of it; the operator approves or refuses (owner and admin only) and the partner is mailed; a
 * refused partner may ask again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCnpj } from '#common/br/documents';
import { partnerApprovalMessages } from '#common/contracts/admin';
import { authMessages } from '#common/contracts/auth';
import { partnerSignupMessages } from '#common/contracts/partner';
import { auditLog, partnerProfiles, plans, users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import {
  createUser,
  lastCodeTo,
  lastMailTo,
  PASSWORD,
  signedInAs,
  uniqueEmail,
} from '../../test/fixtures.ts';
import { findUserByEmail } from '../auth/user.repository.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let essencial: number;

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInAs(t, 'owner');
  admin = await signedInAs(t, 'admin');
  const made = await t.db
    .insert(plans)
    .values([
      { name: 'Profissional', commissionPercent: '10.00', monthlyFeeCents: 9_900 },
      { name: 'Essencial', commissionPercent: '15.00', monthlyFeeCents: 0 },
      { name: 'Antigo', commissionPercent: '30.00', monthlyFeeCents: 0, active: false },
    ])
    .returning();
  essencial = made.find((p) => p.name === 'Essencial')!.id;
}, 60_000);
afterAll(() => t.close());

/** A valid CNPJ (11.222.333/0001-81) and CPF (390.533.447-05), typed with their masks. */
const CNPJ = '11.222.333/0001-81';
const CPF = '390.533.447-05';

let address = 0;
/** Each sign-up from its own client address: the per-address sign-up budget is tested on its own. */
const nextAddress = () => {
  address += 1;
  return `198.51.100.${address}`;
};

const form = (over: Record<string, unknown> = {}) => ({
  document_type: 'cnpj',
  document: CNPJ,
  legal_name: 'Clínica Vila Serena Ltda.',
  name: 'Renata Moraes Prado',
  email: uniqueEmail('clinica'),
  phone: '(11) 98765-4321',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  accept_terms: true,
  ...over,
});

const signUp = (body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  request(t.app, { method: 'POST', url: '/api/partner/signup', payload: body, remoteAddress });

const as = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token });

/** A partner signed up and confirmed (the code signs in): its token and uuid. */
async function confirmedPartner(over: Record<string, unknown> = {}) {
  const body = form(over);
  const res = await signUp(body);
  expect(res.statusCode, res.body).toBe(201);
  const email = body.email as string;
  const verified = await as(undefined, 'POST', '/api/user/verify-email', {
    email,
    code: lastCodeTo(t, email),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { email, uuid: res.json().data.uuid as string, token: verified.json().data.token as string };
}

const mailsTo = (to: string, subject: RegExp) => t.mail.filter((m) => m.to === to && subject.test(m.subject));

describe('POST /api/partner/signup', () => {
  it('creates a pending partner on the starter plan and mails the e-mail code; the operators hear nothing yet', async () => {
    const body = form({ email: uniqueEmail('Clinica').toUpperCase() });
    const email = (body.email as string).toLowerCase();
    const res = await signUp(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      email,
      name: 'Renata Moraes Prado',
      role_name: 'partner',
      active: true,
      email_verified: false,
      photo: null,
    });

    const user = await findUserByEmail(t.db, email);
    const [profile] = await t.db.select().from(partnerProfiles).where(eq(partnerProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      approval: 'pending',
      approvedAt: null,
      legalName: 'Clínica Vila Serena Ltda.',
      documentType: 'cnpj',
      document: '11222333000181',
      phone: '11987654321',
      contactEmail: email,
      planId: essencial,
    });
    const [consent] = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user!.id));
    expect(consent).toMatchObject({ action: 'partner.signed_up', actorId: user!.id });

    const mail = lastMailTo(t, email);
    expect(mail.subject).toBe('Confirme seu e-mail no Salas');
    expect(mail.text).toContain('anunciar suas salas');
    expect(mail.text).toMatch(/Código: \d{6}/);
    expect(mailsTo(owner.user.email, /Novo parceiro/)).toHaveLength(0);
  });

  it('takes a CPF as well', async () => {
    const res = await signUp(
      form({ document_type: 'cpf', document: CPF, legal_name: 'Renata Moraes Prado' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const user = await findUserByEmail(t.db, res.json().data.email);
    const [profile] = await t.db.select().from(partnerProfiles).where(eq(partnerProfiles.userId, user!.id));
    expect(profile).toMatchObject({ documentType: 'cpf', document: '39053344705', approval: 'pending' });
  });

  it('confirming the code signs the partner in (one code), the operators are mailed, and it can set up clinics', async () => {
    const before = t.mail.length;
    const { email, uuid, token } = await confirmedPartner({ legal_name: 'Espaço Ipê Saúde Ltda.' });
    expect(token).toMatch(/.{20,}/);
    const me = await as(token, 'GET', '/api/user');
    expect(me.json().data).toMatchObject({ uuid, email, role_name: 'partner', email_verified: true });

    const news = t.mail.slice(before).filter((m) => /Novo parceiro para aprovar/.test(m.subject));
    expect(news.map((m) => m.to).sort()).toEqual([owner.user.email, admin.user.email].sort());
    expect(news[0]!.subject).toBe('Novo parceiro para aprovar: Espaço Ipê Saúde Ltda.');
    expect(news[0]!.text).toContain('CNPJ 11.222.333/0001-81');
    expect(news[0]!.text).toContain('/admin/gestao/parceiros?cadastro=pendentes');
    // Several clinics already use that CNPJ in this suite: the operator is told.
    expect(news[0]!.text).toMatch(/outros? parceiros? já usa/);

    const status = await as(token, 'GET', `/api/partner/${uuid}/approval`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toEqual({ approval: 'pending', approved_at: null, rejection: null });

    // Pending partners complete their data and set up clinics (rooms stay drafts until approval).
    const clinic = await as(token, 'POST', `/api/partner/${uuid}/coworking`, {
      name: 'Espaço Ipê',
      description: 'Consultórios para psicologia.',
      email: 'contato@espacoipe.com.br',
    });
    expect(clinic.statusCode, clinic.body).toBe(201);

    // Confirming again changes nothing and mails nobody again.
    const count = t.mail.length;
    await as(undefined, 'POST', '/api/user/verify-email', { email, code: '123456' });
    expect(t.mail.length).toBe(count);
  });

  it('refuses a taken e-mail exactly as the specialist sign-up does, whatever role holds it', async () => {
    const specialist = await createUser(t, { role: 'customer' });
    const partner = await createUser(t, { role: 'partner' });
    for (const taken of [specialist.email, partner.email.toUpperCase()]) {
      const asPartner = await signUp(form({ email: taken }));
      const asSpecialist = await request(t.app, {
        method: 'POST',
        url: '/api/customer/register',
        payload: { name: 'Outra Pessoa', email: taken, password: PASSWORD, password_confirmation: PASSWORD },
        remoteAddress: nextAddress(),
      });
      expect(asPartner.statusCode).toBe(422);
      expect(asPartner.json()).toEqual(asSpecialist.json());
      expect(asPartner.json()).toEqual({
        message: authMessages.emailTaken,
        errors: { email: [authMessages.emailTaken] },
      });
    }
  });

  it('answers 422 in Portuguese for a bad CNPJ or CPF, a CPF typed as CNPJ, no consent or weak passwords, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ document: '11.222.333/0001-80' }, 'document', 'CNPJ inválido.'],
      [{ document_type: 'cpf', document: '390.533.447-06' }, 'document', 'CPF inválido.'],
      [{ document: CPF }, 'document', 'CNPJ inválido.'],
      [{ document_type: 'cpf', document: CNPJ }, 'document', 'CPF inválido.'],
      [{ document_type: 'rg' }, 'document_type', 'Escolha CNPJ ou CPF.'],
      [{ accept_terms: false }, 'accept_terms', partnerSignupMessages.termsRequired],
      [{ phone: '1234' }, 'phone', 'Telefone inválido: DDD e número.'],
      [{ password_confirmation: 'Outra#Senha123' }, 'password_confirmation', 'As senhas não conferem.'],
      [
        { legal_name: 'Clínica\r\nBcc: todos@exemplo.com' },
        'legal_name',
        'O nome não pode ter quebras de linha nem caracteres de controle.',
      ],
    ];
    for (const [over, field, message] of cases) {
      const body = form(over);
      const res = await signUp(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().errors[field]?.[0], field).toBe(message);
      expect(await findUserByEmail(t.db, body.email as string)).toBeUndefined();
    }
    // Every problem at once: the document's check runs even when another field is wrong.
    const many = await signUp(form({ document: '11.222.333/0001-80', accept_terms: false, phone: '' }));
    expect(Object.keys(many.json().errors).sort()).toEqual(['accept_terms', 'document', 'phone']);
    const weak = form({ password: 'clinica123', password_confirmation: 'clinica123' });
    const res = await signUp(weak);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password[0]).toMatch(/senha/i);
    expect(await findUserByEmail(t.db, weak.email as string)).toBeUndefined();
  });

  it('shares the specialist sign-up’s budget per client address: 20 an hour, then 429 on both forms', async () => {
    const ip = '203.0.113.77';
    // Weak passwords are counted and refused before any account is made: quick to send.
    for (let i = 0; i < 10; i++)
      expect(
        (await signUp(form({ password: 'abcdefgh', password_confirmation: 'abcdefgh' }), ip)).statusCode,
      ).toBe(422);
    for (let i = 0; i < 10; i++) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/customer/register',
        payload: {
          name: 'Outra Pessoa',
          email: uniqueEmail(),
          password: 'abcdefgh',
          password_confirmation: 'abcdefgh',
        },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await signUp(form(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authMessages.throttled);
    expect((await signUp(form())).statusCode).toBe(201);
  });
});

describe('the operator approves or refuses', () => {
  it('lists pending partners with their approval, and approves one: approved_at set, the partner mailed', async () => {
    const p = await confirmedPartner({ legal_name: 'Clínica Aprovada Ltda.' });
    const pending = await as(owner.token, 'GET', '/api/fusion/users/partner?approval=pending&per_page=100');
    expect(pending.statusCode, pending.body).toBe(200);
    const row = pending.json().data.find((r: { uuid: string }) => r.uuid === p.uuid);
    expect(row).toMatchObject({
      approval: 'pending',
      approved_at: null,
      legal_name: 'Clínica Aprovada Ltda.',
    });
    expect(pending.json().data.every((r: { approval: string }) => r.approval === 'pending')).toBe(true);
    expect(pending.json().meta.total).toBe(pending.json().data.length);

    const res = await as(admin.token, 'POST', `/api/fusion/partner/${p.uuid}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: p.uuid,
      approval: 'approved',
      approved_at: t.clock.now.toISOString(),
    });
    const mail = lastMailTo(t, p.email);
    expect(mail.subject).toBe('Cadastro aprovado no Salas');
    expect(mail.text).toContain('Clínica Aprovada Ltda.');

    expect((await as(p.token, 'GET', `/api/partner/${p.uuid}/approval`)).json().data).toEqual({
      approval: 'approved',
      approved_at: t.clock.now.toISOString(),
      rejection: null,
    });
    const again = await as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(partnerApprovalMessages.alreadyApproved);
    const approved = await as(owner.token, 'GET', '/api/fusion/users/partner?approval=approved&per_page=100');
    expect(approved.json().data.map((r: { uuid: string }) => r.uuid)).toContain(p.uuid);
    const detail = await as(owner.token, 'GET', `/api/fusion/user/${p.uuid}`);
    expect(detail.json().data.audit.map((a: { action: string }) => a.action)).toContain('partner.approved');
  });

  it('refuses with a reason the partner reads; a refused partner asks again and the operators hear of it', async () => {
    const p = await confirmedPartner({ legal_name: 'Clínica Recusada Ltda.' });
    const empty = await as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/reject`, { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toEqual(['Diga o motivo da recusa.']);

    const reason = 'O CNPJ informado pertence a outra empresa.';
    const res = await as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/reject`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ approval: 'rejected', approved_at: null, active: true });
    const mail = lastMailTo(t, p.email);
    expect(mail.subject).toBe('Cadastro não aprovado no Salas');
    expect(mail.text).toContain(`Motivo: ${reason}`);

    // The account stays: the partner signs in and reads why.
    const status = await as(p.token, 'GET', `/api/partner/${p.uuid}/approval`);
    expect(status.json().data).toEqual({
      approval: 'rejected',
      approved_at: null,
      rejection: { reason, at: t.clock.now.toISOString() },
    });
    const twice = await as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/reject`, { reason });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(partnerApprovalMessages.notPending);
    const approveRefused = await as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/approve`);
    expect(approveRefused.statusCode).toBe(409);
    expect(approveRefused.json().message).toBe(partnerApprovalMessages.rejectedWaits);

    const before = t.mail.length;
    const review = await as(p.token, 'POST', `/api/partner/${p.uuid}/approval/review`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data).toEqual({ approval: 'pending', approved_at: null, rejection: null });
    const news = t.mail.slice(before);
    expect(news.map((m) => m.subject)).toContain('Parceiro pede nova análise: Clínica Recusada Ltda.');
    const repeat = await as(p.token, 'POST', `/api/partner/${p.uuid}/approval/review`);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(partnerApprovalMessages.notRejected);

    // Back in the queue, it can be approved; a refused one waits for its request first.
    expect((await as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/approve`)).statusCode).toBe(200);
  });

  it('does not approve before the e-mail is confirmed, and answers 404 for anyone not a partner', async () => {
    const body = form();
    const made = await signUp(body);
    const uuid = made.json().data.uuid as string;
    const early = await as(owner.token, 'POST', `/api/fusion/partner/${uuid}/approve`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(partnerApprovalMessages.emailUnverified);
    const specialist = await createUser(t, { role: 'customer' });
    for (const who of [specialist.uuid, '00000000-0000-4000-8000-00000000dead'])
      expect((await as(owner.token, 'POST', `/api/fusion/partner/${who}/approve`)).statusCode).toBe(404);
    // A partner the operator made (or from before sign-ups) is approved already.
    const old = await createUser(t, { role: 'partner' });
    expect((await as(owner.token, 'POST', `/api/fusion/partner/${old.uuid}/approve`)).statusCode).toBe(409);
  });

  it('lets only owners and admins decide: a customer or a partner gets 403, a visitor 401, nothing changes', async () => {
    const p = await confirmedPartner();
    const customer = await signedInAs(t, 'customer');
    const partner = await signedInAs(t, 'partner');
    for (const path of ['approve', 'reject']) {
      const url = `/api/fusion/partner/${p.uuid}/${path}`;
      const body = { reason: 'Motivo qualquer.' };
      expect((await as(customer.token, 'POST', url, body)).statusCode).toBe(403);
      expect((await as(partner.token, 'POST', url, body)).statusCode).toBe(403);
      expect((await as(p.token, 'POST', url, body)).statusCode).toBe(403);
      expect((await as(undefined, 'POST', url, body)).statusCode).toBe(401);
    }
    const other = await as(partner.token, 'GET', `/api/partner/${p.uuid}/approval`);
    expect(other.statusCode).toBe(404);
    const user = await findUserByEmail(t.db, p.email);
    const [profile] = await t.db.select().from(partnerProfiles).where(eq(partnerProfiles.userId, user!.id));
    expect(profile!.approval).toBe('pending');
  });

  it('decides once when two operators approve and refuse at the same moment', async () => {
    const p = await confirmedPartner();
    const results = await Promise.all([
      as(owner.token, 'POST', `/api/fusion/partner/${p.uuid}/approve`),
      as(admin.token, 'POST', `/api/fusion/partner/${p.uuid}/reject`, { reason: 'Documento ilegível.' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db
      .select({ approval: partnerProfiles.approval })
      .from(partnerProfiles)
      .innerJoin(users, eq(users.id, partnerProfiles.userId))
      .where(eq(users.uuid, p.uuid));
    const winner = results.find((r) => r.statusCode === 200)!.json().data.approval;
    expect(row!.approval).toBe(winner);
    expect(mailsTo(p.email, /Cadastro (aprovado|não aprovado)/)).toHaveLength(1);
  });
});

/** A valid CNPJ from 12 digits: its two check digits (Receita Federal's weights). */
function cnpjOf(base: string): string {
  const digit = (part: string) => {
    const weights =
      part.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = [...part].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11;
    return r < 2 ? '0' : String(11 - r);
  };
  const first = digit(base);
  return `${base}${first}${digit(base + first)}`;
}

describe('a document another partner already uses (decision: flagged for the operator, not refused)', () => {
  it('accepts the sign-up and shows each account the other in the list, the approve answer and the page', async () => {
    const document = cnpjOf('476512340001');
    expect(isValidCnpj(document)).toBe(true);
    const helena = await confirmedPartner({
      document,
      name: 'Helena Martins',
      legal_name: 'Clínica Helena Martins Ltda.',
    });
    expect((await as(owner.token, 'POST', `/api/fusion/partner/${helena.uuid}/approve`)).statusCode).toBe(
      200,
    );
    const alone = await as(owner.token, 'GET', `/api/fusion/user/${helena.uuid}`);
    expect(alone.json().data.partner.same_document_as).toEqual([]);

    // The same CNPJ, typed with its mask: /anuncie takes it (a company may run several accounts).
    const second = await confirmedPartner({
      document: document.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'),
      name: 'Rafael Souto',
      legal_name: 'Consultórios Jardim Ltda.',
    });
    const pending = await as(owner.token, 'GET', '/api/fusion/users/partner?approval=pending&per_page=100');
    const row = pending.json().data.find((r: { uuid: string }) => r.uuid === second.uuid);
    expect(row.same_document_as).toEqual([
      {
        uuid: helena.uuid,
        name: 'Helena Martins',
        legal_name: 'Clínica Helena Martins Ltda.',
        status: 'approved',
      },
    ]);
    // Partners with other documents are not flagged.
    expect(
      pending
        .json()
        .data.filter((r: { document: string }) => r.document !== document)
        .every((r: { same_document_as: { uuid: string }[] }) =>
          r.same_document_as.every((o) => o.uuid !== second.uuid && o.uuid !== helena.uuid),
        ),
    ).toBe(true);
    const helenaPage = await as(owner.token, 'GET', `/api/fusion/user/${helena.uuid}`);
    expect(helenaPage.json().data.partner.same_document_as).toEqual([
      { uuid: second.uuid, name: 'Rafael Souto', legal_name: 'Consultórios Jardim Ltda.', status: 'pending' },
    ]);

    // A suspended account says so; an erased one is no one.
    await t.db.update(users).set({ active: false }).where(eq(users.uuid, helena.uuid));
    const approved = await as(owner.token, 'POST', `/api/fusion/partner/${second.uuid}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.same_document_as).toEqual([
      expect.objectContaining({ uuid: helena.uuid, status: 'suspended' }),
    ]);
    await t.db.update(users).set({ deletedAt: t.clock.now }).where(eq(users.uuid, helena.uuid));
    const after = await as(owner.token, 'GET', `/api/fusion/user/${second.uuid}`);
    expect(after.json().data.partner.same_document_as).toEqual([]);
  });
});

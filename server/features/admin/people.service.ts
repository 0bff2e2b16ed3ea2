/**
 * The operator's work on people: specialists and partners listed, searched and opened, accounts
 * created (the person sets the password from a mail), activated and deactivated at once, partner
 * data and plan edited — every change to someone else's data goes to the audit trail.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminPartner,
  type AdminSpecialist,
  type AdminUserDetail,
  type adminBasicDataBody,
  adminMessages,
  type customerSearchBody,
  type customerStoreBody,
  type partnerFutureSchema,
  type partnerStoreBody,
  type setActiveBody,
  type setActiveResponse,
  type sortedQuery,
} from '#common/contracts/admin';
import type { PageMeta } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { pgErrorCode, type Tx } from '../../db/client.ts';
import { partnerProfiles, plans, users } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import * as codes from '../auth/auth-codes.repository.ts';
import * as tokens from '../auth/token.repository.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { insertUser } from '../auth/user.repository.ts';
import { partnerFutureAppointments } from '../bookings/agenda.service.ts';
import { cancelAppointment, transition } from '../lifecycle/lifecycle.service.ts';
import { endCommitments } from '../lifecycle/person.lifecycle.ts';
import * as audit from './audit.repository.ts';
import * as repo from './people.repository.ts';

/** An invitation link lasts three days: people do not always read mail the same day. */
export const INVITE_HOURS = 72;
const notFound = () => new AppError('not_found', supplyMessages.notFound);
type Page<T> = { data: T[]; meta: PageMeta };

/** Names sort as a person reads them: accents and case folded (Érica between Enzo and Fábio), then as typed. */
const sortColumns = {
  name: [sql`salas_fold(u.name)`, sql`u.name`],
  email: [sql`u.email`],
  created_at: [sql`u.created_at`],
};
const byName = sql`salas_fold(u.name), u.name, u.id`;

export async function specialistsSorted(
  s: Services,
  q: z.output<typeof sortedQuery>,
): Promise<Page<AdminSpecialist>> {
  const direction = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
  const orderBy = sql.join(
    [...sortColumns[q.sort].map((column) => sql`${column} ${direction}`), sql`u.id ${direction}`],
    sql`, `,
  );
  const [total, data] = await Promise.all([
    repo.countSpecialists(s.db),
    repo.listSpecialists(s.db, {
      orderBy,
      window: { limit: q.per_page, offset: (q.page - 1) * q.per_page },
    }),
  ]);
  return { data, meta: pageMeta(total, q.page, q.per_page) };
}

export async function searchSpecialists(
  s: Services,
  body: z.output<typeof customerSearchBody>,
  page: number,
  perPage: number,
): Promise<Page<AdminSpecialist>> {
  const where = repo.specialistSearch(body.attribute, body.value);
  const [total, data] = await Promise.all([
    repo.countSpecialists(s.db, where),
    repo.listSpecialists(s.db, {
      where,
      orderBy: byName,
      window: { limit: perPage, offset: (page - 1) * perPage },
    }),
  ]);
  return { data, meta: pageMeta(total, page, perPage) };
}

/**
 * `paginate=false` answers everyone at once (for selects), still as a page with meta. `approval`
 * keeps the partners whose sign-up is in that state (docs/decisions/0039).
 */
export async function usersByRole(
  s: Services,
  role: 'customer' | 'partner',
  paginate: boolean,
  page: number,
  perPage: number,
  approval?: AdminPartner['approval'],
): Promise<Page<AdminSpecialist | AdminPartner>> {
  const window = paginate ? { limit: perPage, offset: (page - 1) * perPage } : {};
  if (role === 'customer') {
    const [total, data] = await Promise.all([
      repo.countSpecialists(s.db),
      repo.listSpecialists(s.db, { orderBy: byName, window }),
    ]);
    return { data, meta: pageMeta(total, paginate ? page : 1, paginate ? perPage : Math.max(1, total)) };
  }
  const where = approval ? repo.partnerApproval(approval) : undefined;
  const [total, data] = await Promise.all([
    repo.countPartners(s.db, where),
    repo.listPartners(s.db, { where, window }),
  ]);
  return { data, meta: pageMeta(total, paginate ? page : 1, paginate ? perPage : Math.max(1, total)) };
}

/** GET /api/fusion/allusers/{x}: everyone, or one role (`x` = todos | customer | partner | admin | owner). */
export async function allUsers(s: Services, role: string, page: number, perPage: number) {
  const where = role === 'todos' ? undefined : eq(users.role, role as UserRow['role']);
  const [{ n } = { n: 0 }] = await s.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await s.db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`salas_fold(${users.name})`, users.name, users.id)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((u) => ({
      uuid: u.uuid,
      name: u.name,
      email: u.email,
      role_name: u.role,
      active: u.active,
    })),
    meta: pageMeta(Number(n), page, perPage),
  };
}

async function userByUuid(s: Services, uuid: string): Promise<UserRow> {
  const [user] = await s.db.select().from(users).where(eq(users.uuid, uuid));
  if (!user) throw notFound();
  return user;
}

export async function userDetail(s: Services, uuid: string): Promise<AdminUserDetail> {
  const user = await userByUuid(s, uuid);
  const byUuid = sql`u.uuid = ${uuid}`;
  const [specialist] =
    user.role === 'customer'
      ? await repo.listSpecialists(s.db, { where: byUuid, orderBy: byName, window: {} })
      : [];
  const [partner] =
    user.role === 'partner' ? await repo.listPartners(s.db, { where: byUuid, window: {} }) : [];
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email,
    role_name: user.role,
    active: user.active,
    email_verified: Boolean(user.emailVerifiedAt),
    created_at: user.createdAt.toISOString(),
    specialist: specialist ?? null,
    partner: partner ?? null,
    clinics: user.role === 'partner' ? await repo.clinicsWithRooms(s.db, user.id) : [],
    audit: await audit.trailOf(s.db, user.id),
  };
}

/** The link to set the first password, written with the account (the mail goes only if it commits). */
export async function invite(s: Services, tx: Tx, user: UserRow, role: 'customer' | 'partner') {
  const now = s.clock();
  const token = randomToken(32);
  await codes.insertPasswordReset(tx, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITE_HOURS * 3_600_000),
    now,
  });
  const link = `${s.config.publicUrl}/password-reset?token=${token}&email=${encodeURIComponent(user.email)}`;
  const mail = renderMail({
    subject: 'Sua conta no Salas está pronta: defina sua senha',
    greeting: `Olá, ${user.name.split(' ')[0]}!`,
    paragraphs: [
      role === 'partner'
        ? 'A equipe do Salas criou a conta de parceiro da sua clínica. Com ela você cadastra clínicas e salas, define horários e acompanha a agenda.'
        : 'A equipe do Salas criou a sua conta de especialista. Com ela você encontra e reserva salas por hora.',
      `Para entrar, escolha a sua senha no botão abaixo. O link vale por ${INVITE_HOURS / 24} dias e pode ser usado uma única vez.`,
    ],
    action: { label: 'Definir minha senha', url: link },
    footnote: 'Se você não esperava este e-mail, ignore-o: nada acontece sem a senha.',
  });
  await s.mailer.send({ to: user.email, ...mail }, tx);
}

async function createUser(
  s: Services,
  operator: UserRow,
  values: { name: string; email: string; role: 'customer' | 'partner' },
  taken: string,
  profile: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const now = s.clock();
  let user: UserRow;
  try {
    user = await s.db.transaction(async (tx) => {
      const created = await insertUser(tx, { ...values, passwordHash: null, verified: false, now });
      await profile(tx, created);
      await audit.record(tx, { actorId: operator.id, targetUserId: created.id, action: 'user.created', now });
      await invite(s, tx, created, values.role);
      return created;
    });
  } catch (err) {
    // Two operators creating the same e-mail at once: the unique index decides.
    if (pgErrorCode(err) === '23505') throw new AppError('validation', taken, { errors: { email: [taken] } });
    throw err;
  }
  s.mailer.kick();
  return user;
}

export async function createSpecialist(
  s: Services,
  operator: UserRow,
  body: z.output<typeof customerStoreBody>,
): Promise<AdminSpecialist> {
  await assertEmailFree(s, body.email, adminMessages.emailTaken);
  const user = await createUser(
    s,
    operator,
    { name: body.name, email: body.email, role: 'customer' },
    adminMessages.emailTaken,
    async () => {},
  );
  const [row] = await repo.listSpecialists(s.db, {
    where: sql`u.id = ${user.id}`,
    orderBy: byName,
    window: {},
  });
  return row!;
}

async function assertEmailFree(s: Services, email: string, message: string) {
  const [existing] = await s.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new AppError('validation', message, { errors: { email: [message] } });
}

async function planByUuid(s: Services, uuid: string) {
  const [plan] = await s.db.select().from(plans).where(eq(plans.uuid, uuid));
  if (!plan)
    throw new AppError('validation', 'Plano inválido.', { errors: { plan_uuid: ['Plano inválido.'] } });
  return plan;
}

export async function createPartner(
  s: Services,
  operator: UserRow,
  body: z.output<typeof partnerStoreBody>,
): Promise<AdminPartner> {
  await assertEmailFree(s, body.email, adminMessages.partnerEmailTaken);
  const plan = await planByUuid(s, body.plan_uuid);
  const user = await createUser(
    s,
    operator,
    { name: body.name, email: body.email, role: 'partner' },
    adminMessages.partnerEmailTaken,
    async (tx, created) => {
      const now = s.clock();
      await tx.insert(partnerProfiles).values({
        userId: created.id,
        planId: plan.id,
        legalName: body.legal_name || null,
        documentType: body.document ? (body.document.length === 11 ? 'cpf' : 'cnpj') : null,
        document: body.document ?? null,
        createdAt: now,
        updatedAt: now,
      });
    },
  );
  const [row] = await repo.listPartners(s.db, { where: sql`u.id = ${user.id}`, window: {} });
  return row!;
}

/**
 * 0 deactivates at once (every token dies, sign-in is refused, the partner's rooms leave search);
 * 1 reactivates. Suspending a partner with `cancel_future` also cancels its rooms' future
 * appointments through the lifecycle, as the operator, refunding them in full.
 */
export async function setActive(
  s: Services,
  operator: UserRow,
  body: z.output<typeof setActiveBody>,
): Promise<z.output<typeof setActiveResponse>['data']> {
  const target = await userByUuid(s, body.user_uuid);
  const active = Number(body.setStatus) === 1;
  if (target.id === operator.id && !active) throw new AppError('validation', adminMessages.notSelf);
  if (!active && (target.role === 'owner' || target.role === 'admin') && operator.role !== 'owner')
    throw new AppError('forbidden', adminMessages.notOwner);
  const now = s.clock();
  if (target.active !== active) {
    await transition(s, async (tx, fx) => {
      // The person's row first: a booking, a series or a place in line being made for them waits,
      // then finds the account suspended (holdActivePerson).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id)).for('update');
      await tx.update(users).set({ active, updatedAt: now }).where(eq(users.id, target.id));
      if (!active) await tokens.revokeAllForUser(tx, target.id, now);
      // Their waitlist places and horários fixos end; unpaid time held for them goes to the next.
      const ended = active
        ? undefined
        : await endCommitments(s, tx, fx, { kind: 'operator', userId: operator.id }, target.id);
      await audit.record(tx, {
        actorId: operator.id,
        targetUserId: target.id,
        action: active ? 'user.activated' : 'user.deactivated',
        details:
          ended?.waitlist || ended?.series
            ? { ended_waitlist: ended.waitlist, ended_series: ended.series }
            : undefined,
        now,
      });
    });
  }
  let canceled = 0;
  let refunded = 0;
  if (!active && body.cancel_future && target.role === 'partner') {
    for (const a of await partnerFutureAppointments(s, target.id)) {
      // Canceling an unpaid hour takes its whole booking: the booking's other hours are gone by then.
      const result = await cancelAppointment(
        s,
        { kind: 'operator', userId: operator.id },
        a.bookingId,
        a.id,
      ).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'conflict') return undefined;
        throw err;
      });
      if (!result) continue;
      canceled += 1;
      refunded += result.refund_cents;
    }
    await audit.record(s.db, {
      actorId: operator.id,
      targetUserId: target.id,
      action: 'partner.future_canceled',
      details: { canceled_appointments: canceled, refunded_cents: refunded },
      now,
    });
  }
  return { uuid: target.uuid, active, canceled_appointments: canceled, refunded_cents: refunded };
}

/** What suspending this partner would leave or cancel: its rooms' hours still to come. */
export async function partnerFuture(
  s: Services,
  uuid: string,
): Promise<z.output<typeof partnerFutureSchema>> {
  const target = await userByUuid(s, uuid);
  if (target.role !== 'partner') throw notFound();
  const list = await partnerFutureAppointments(s, target.id);
  return {
    appointments: list.map(({ id: _id, bookingId: _booking, ...a }) => a),
    total_cents: list.reduce((sum, a) => sum + a.amount_cents, 0),
  };
}

/** PUT /api/fusion/basicdata/{id}: a partner's name, phone, legal name and plan. */
export async function updatePartnerBasic(
  s: Services,
  operator: UserRow,
  uuid: string,
  body: z.output<typeof adminBasicDataBody>,
): Promise<AdminPartner> {
  const target = await userByUuid(s, uuid);
  if (target.role !== 'partner') throw notFound();
  const [current] = await s.db
    .select({ profile: partnerProfiles, planName: plans.name })
    .from(partnerProfiles)
    .leftJoin(plans, eq(plans.id, partnerProfiles.planId))
    .where(eq(partnerProfiles.userId, target.id));
  const plan = body.plan_uuid ? await planByUuid(s, body.plan_uuid) : undefined;
  const changed: string[] = [];
  if (body.name !== target.name) changed.push('name');
  if (body.phone !== undefined && (body.phone ?? null) !== (current?.profile.phone ?? null))
    changed.push('phone');
  if (body.legal_name !== undefined && (body.legal_name || null) !== (current?.profile.legalName ?? null))
    changed.push('legal_name');
  const planChanged = plan !== undefined && plan.id !== current?.profile.planId;
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    if (changed.includes('name'))
      await tx.update(users).set({ name: body.name, updatedAt: now }).where(eq(users.id, target.id));
    const set = {
      ...(changed.includes('phone') ? { phone: body.phone ?? null } : {}),
      ...(changed.includes('legal_name') ? { legalName: body.legal_name || null } : {}),
      ...(planChanged ? { planId: plan!.id } : {}),
      updatedAt: now,
    };
    await tx
      .insert(partnerProfiles)
      .values({ userId: target.id, ...set, createdAt: now })
      .onConflictDoUpdate({ target: partnerProfiles.userId, set });
    if (changed.length)
      await audit.record(tx, {
        actorId: operator.id,
        targetUserId: target.id,
        action: 'partner.updated',
        details: { fields: changed },
        now,
      });
    if (planChanged)
      await audit.record(tx, {
        actorId: operator.id,
        targetUserId: target.id,
        action: 'partner.plan_changed',
        details: { from: current?.planName ?? null, to: plan!.name },
        now,
      });
  });
  const [row] = await repo.listPartners(s.db, { where: sql`u.id = ${target.id}`, window: {} });
  return row!;
}

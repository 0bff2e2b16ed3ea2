/**
 * Clinics that sign themselves up (issue 31, docs/decisions/0039). The account is a partner's, its
 * e-mail confirmed with the specialist sign-up's one code (auth.service verifyEmail, which also signs
 * in), and its profile waits for the operator ('pending'): it may fill its data and set up clinics
 * and rooms, but not publish them. The operator approves or refuses with a reason; a refused partner
 * keeps its account and may ask for another look.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AdminPartner, partnerApprovalMessages } from '#common/contracts/admin';
import type { PartnerApprovalStatus, partnerSignupBody } from '#common/contracts/partner';
import { supplyMessages } from '#common/contracts/supply';
import type { User } from '#common/contracts/user';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import * as audit from '../admin/audit.repository.ts';
import { listPartners } from '../admin/people.repository.ts';
import { signUp } from '../auth/sign-up.ts';
import * as mails from './partner-signup.mails.ts';
import * as repo from './partner-signup.repository.ts';

export interface RequestInfo {
  ip: string;
}

const notFound = () => new AppError('not_found', supplyMessages.notFound);

/**
 * POST /api/partner/signup: the account is opened as the specialist's is (auth/sign-up.ts), with the
 * pending profile and the consent written in its transaction.
 */
export async function signUpPartner(
  s: Services,
  body: z.output<typeof partnerSignupBody>,
  req: RequestInfo,
): Promise<User> {
  const form = { name: body.name, email: body.email, password: body.password, role: 'partner' as const };
  return signUp(s, { ...form, ownWords: [body.legal_name] }, req.ip, async (tx, created) => {
    const now = created.createdAt;
    await repo.insertPendingProfile(tx, {
      userId: created.id,
      legalName: body.legal_name,
      documentType: body.document_type,
      document: body.document,
      contactEmail: created.email,
      phone: body.phone,
      planId: await repo.starterPlanId(tx),
      now,
    });
    // The consent, with when it was given (LGPD): the partner is its own actor.
    await audit.record(tx, {
      actorId: created.id,
      targetUserId: created.id,
      action: 'partner.signed_up',
      details: { privacy_accepted_at: now.toISOString() },
      now,
    });
  });
}

/**
 * A confirmed e-mail (auth.service verifyEmail): a clinic that signed itself up is real now, and
 * the operators hear of it (docs/decisions/0039).
 */
export async function partnerEmailConfirmed(s: Services, user: { id: number; role: string }): Promise<void> {
  if (user.role === 'partner' && (await mails.mailOperatorsPending(s, user.id, 'signed_up'))) s.mailer.kick();
}

/** GET /api/partner/{partner}/approval. */
export async function approvalStatus(s: Services, userId: number): Promise<PartnerApprovalStatus> {
  const current = await repo.approvalOf(s.db, userId);
  const rejection = current.approval === 'rejected' ? await repo.lastRejection(s.db, userId) : undefined;
  return {
    approval: current.approval,
    approved_at: current.approvedAt?.toISOString() ?? null,
    rejection: rejection ? { reason: rejection.reason, at: rejection.at.toISOString() } : null,
  };
}

/**
 * POST /api/partner/{partner}/approval/review: a refused partner, having fixed its data, asks for
 * another look — back to 'pending', the operators mailed. 409 unless it stands refused.
 */
export async function requestReview(s: Services, userId: number): Promise<PartnerApprovalStatus> {
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    const current = await repo.lockApproval(tx, userId);
    if (current.approval !== 'rejected') throw new AppError('conflict', partnerApprovalMessages.notRejected);
    await repo.setApproval(tx, userId, 'pending', null, now);
    await audit.record(tx, {
      actorId: userId,
      targetUserId: userId,
      action: 'partner.review_requested',
      now,
    });
    await mails.mailOperatorsPending(s, userId, 'review', tx);
  });
  s.mailer.kick();
  return approvalStatus(s, userId);
}

async function partnerRow(s: Services, userId: number): Promise<AdminPartner> {
  const [row] = await listPartners(s.db, { where: sql`u.id = ${userId}`, window: {} });
  return row!;
}

/**
 * POST /api/fusion/partner/{uuid}/approve: a pending partner becomes approved (its rooms may then be
 * published), once its e-mail is confirmed; the partner is mailed. Only a pending sign-up is decided
 * (409 otherwise): two operators deciding at once make one decision, and a refused partner comes
 * back to the queue by asking again, with its data fixed.
 */
export async function approvePartner(s: Services, operatorId: number, uuid: string): Promise<AdminPartner> {
  const target = await repo.partnerByUuid(s.db, uuid);
  if (!target) throw notFound();
  if (!target.emailVerifiedAt) throw new AppError('conflict', partnerApprovalMessages.emailUnverified);
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    const current = await repo.lockApproval(tx, target.id);
    if (current.approval !== 'pending')
      throw new AppError(
        'conflict',
        current.approval === 'approved'
          ? partnerApprovalMessages.alreadyApproved
          : partnerApprovalMessages.rejectedWaits,
      );
    await repo.setApproval(tx, target.id, 'approved', now, now);
    await audit.record(tx, { actorId: operatorId, targetUserId: target.id, action: 'partner.approved', now });
    const profile = await repo.signupSummary(tx, target.id);
    await s.mailer.send(
      { to: target.email, ...mails.approvedMail(s, target.name, profile?.legalName ?? target.name) },
      tx,
    );
  });
  s.mailer.kick();
  return partnerRow(s, target.id);
}

/**
 * POST /api/fusion/partner/{uuid}/reject { reason }: a pending sign-up is refused; the partner keeps
 * its account (it cannot publish) and is mailed the reason. 409 unless pending: an approved partner
 * is stopped by suspending it, not by refusing it after the fact.
 */
export async function rejectPartner(
  s: Services,
  operatorId: number,
  uuid: string,
  reason: string,
): Promise<AdminPartner> {
  const target = await repo.partnerByUuid(s.db, uuid);
  if (!target) throw notFound();
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    const current = await repo.lockApproval(tx, target.id);
    if (current.approval !== 'pending') throw new AppError('conflict', partnerApprovalMessages.notPending);
    await repo.setApproval(tx, target.id, 'rejected', null, now);
    await audit.record(tx, {
      actorId: operatorId,
      targetUserId: target.id,
      action: 'partner.rejected',
      details: { reason },
      now,
    });
    const profile = await repo.signupSummary(tx, target.id);
    await s.mailer.send(
      { to: target.email, ...mails.rejectedMail(s, target.name, profile?.legalName ?? target.name, reason) },
      tx,
    );
  });
  s.mailer.kick();
  return partnerRow(s, target.id);
}

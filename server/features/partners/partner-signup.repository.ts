/** SQL of the clinics' own sign-up and its approval by the operator (docs/decisions/0039). */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PartnerApproval } from '#common/contracts/partner';
import type { Executor, Tx } from '../../db/client.ts';
import { auditLog, partnerProfiles, plans, users } from '../../db/schema.ts';

/**
 * The plan a clinic that signs itself up starts on: the active plan with the smallest monthly fee
 * (no charge the clinic did not agree to), then the highest commission, then the oldest. The
 * operator may change it at any time; none when no plan is active.
 */
export async function starterPlanId(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.monthlyFeeCents), desc(plans.commissionPercent), asc(plans.id))
    .limit(1);
  return row?.id ?? null;
}

export async function insertPendingProfile(
  tx: Tx,
  values: {
    userId: number;
    legalName: string;
    documentType: 'cpf' | 'cnpj';
    document: string;
    contactEmail: string;
    phone: string;
    planId: number | null;
    now: Date;
  },
): Promise<void> {
  await tx.insert(partnerProfiles).values({
    userId: values.userId,
    legalName: values.legalName,
    documentType: values.documentType,
    document: values.document,
    contactEmail: values.contactEmail,
    phone: values.phone,
    planId: values.planId,
    approval: 'pending',
    approvedAt: null,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

export interface ApprovalRow {
  approval: PartnerApproval;
  approvedAt: Date | null;
}

/** A partner without a profile row is approved, like the column's default (partners from before). */
const asApproval = (row?: { approval: string; approvedAt: Date | null }): ApprovalRow => ({
  approval: (row?.approval as PartnerApproval | undefined) ?? 'approved',
  approvedAt: row?.approvedAt ?? null,
});

export async function approvalOf(db: Executor, userId: number): Promise<ApprovalRow> {
  const [row] = await db
    .select({ approval: partnerProfiles.approval, approvedAt: partnerProfiles.approvedAt })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, userId));
  return asApproval(row);
}

/** The approval, with the profile row held until the transaction ends: two decisions go one by one. */
export async function lockApproval(tx: Tx, userId: number): Promise<ApprovalRow> {
  const [row] = await tx
    .select({ approval: partnerProfiles.approval, approvedAt: partnerProfiles.approvedAt })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, userId))
    .for('update');
  return asApproval(row);
}

export async function setApproval(
  tx: Tx,
  userId: number,
  approval: PartnerApproval,
  approvedAt: Date | null,
  now: Date,
): Promise<void> {
  await tx
    .update(partnerProfiles)
    .set({ approval, approvedAt, updatedAt: now })
    .where(eq(partnerProfiles.userId, userId));
}

/** A partner account by its uuid (erased accounts are no one). */
export async function partnerByUuid(db: Executor, uuid: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.role, 'partner'), isNull(users.deletedAt)));
  return row;
}

/** The operator's last refusal of this partner (its reason is kept in the audit trail). */
export async function lastRejection(
  db: Executor,
  userId: number,
): Promise<{ reason: string; at: Date } | undefined> {
  const [row] = await db
    .select({ details: auditLog.details, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, 'partner.rejected')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  if (!row) return undefined;
  return { reason: String(row.details.reason ?? ''), at: row.at };
}

/** Every active operator (owner and admin) who should hear of a sign-up. */
export async function operatorAddresses(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ['owner', 'admin']), eq(users.active, true), isNull(users.deletedAt)));
  return rows.map((r) => r.email);
}

/** What the operator's mail tells of a sign-up. */
export async function signupSummary(db: Executor, userId: number) {
  const [row] = await db
    .select({
      uuid: users.uuid,
      name: users.name,
      email: users.email,
      legalName: partnerProfiles.legalName,
      documentType: partnerProfiles.documentType,
      document: partnerProfiles.document,
      phone: partnerProfiles.phone,
      approval: partnerProfiles.approval,
    })
    .from(users)
    .innerJoin(partnerProfiles, eq(partnerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const [{ n } = { n: 0 }] = row.document
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(partnerProfiles)
        .innerJoin(users, eq(users.id, partnerProfiles.userId))
        .where(
          and(
            eq(partnerProfiles.document, row.document),
            ne(partnerProfiles.userId, userId),
            isNull(users.deletedAt),
          ),
        )
    : [];
  return { ...row, sameDocument: Number(n) };
}

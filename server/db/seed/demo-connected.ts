/**
 * The demo's one partner connected to the payment provider (split 1:1, DESIGN §9): parceiro2@
 * (Bem-Estar) has a sandbox account connected today, so new bookings of its rooms are charged on
 * that account with the commission as the marketplace fee; every other partner stays on payouts.
 * Its history before today was paid into the platform's account (payouts), as it really would be.
 * The tokens are the sandbox's own kind, encrypted with the instance's key like real ones.
 */
import { createTokenCipher } from '../../lib/token-cipher.ts';
import type { Tx } from '../client.ts';
import * as t from '../schema.ts';

export const DEMO_CONNECTED_PARTNER = 'parceiro2@salas.test';
export const DEMO_CONNECTED_ACCOUNT = 'SANDBOX-0000000002';

export async function seedConnectedPartner(tx: Tx, partnerId: number, now: Date, key: Buffer) {
  const cipher = createTokenCipher(key);
  await tx.insert(t.partnerPaymentAccounts).values({
    userId: partnerId,
    provider: 'sandbox',
    accountId: DEMO_CONNECTED_ACCOUNT,
    accessTokenEnc: cipher.encrypt('sbx_at_demo_parceiro2'),
    refreshTokenEnc: cipher.encrypt(`sbx_rt_${DEMO_CONNECTED_ACCOUNT}_demo`),
    publicKey: 'sbx_pk_demo_parceiro2',
    expiresAt: new Date(now.getTime() + 180 * 86_400_000),
    connectedAt: now,
    updatedAt: now,
  });
}

/**
 * Partners connect their own Mercado Pago account (split 1:1, DESIGN §9; decision 0035): the
 * authorization-code flow with a single-use `state` bound to the partner (10 minutes) and PKCE S256,
 * tokens encrypted at rest (AES-256-GCM, TOKEN_ENCRYPTION_KEY) and refreshed before they end. A
 * connected partner's rooms are charged on the partner's account with the plan's commission as the
 * marketplace fee; refunds, withdrawals and read-backs of such a charge go through the same account.
 * Tokens never leave this module except to the payment provider.
 */
import { createHash } from 'node:crypto';
import type { ConnectOutcome, PaymentAccountStatus } from '#common/contracts/payment-account';
import { paymentAccountMessages } from '#common/contracts/payment-account';
import { AppError } from '#common/errors';
import type { Collector, SellerTokens, SplitCharge } from '../../adapters/payments.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { createTokenCipher } from '../../lib/token-cipher.ts';
import type { Services } from '../../services.ts';

/** What charging through a partner's account reads: its row, the clock, the provider, the key. */
type AccountDeps = Pick<Services, 'db' | 'clock' | 'payments' | 'config'>;

import type { UserRow } from '../auth/user.repository.ts';
import * as repo from './payment-account.repository.ts';

/** "Criação": "o código recebido pela Redirect URL após a autorização tem validade de 10 minutos". */
export const STATE_TTL_MS = 10 * 60_000;
/** The job refreshes tokens ending within this (Mercado Pago's last 180 days). */
export const REFRESH_AHEAD_MS = 30 * 86_400_000;
/** On use, a token ending within this is refreshed first. */
const REFRESH_ON_USE_MS = 86_400_000;

export const callbackPath = '/api/mercadopago/oauth/callback';
const cipherOf = (s: Pick<Services, 'config'>) => createTokenCipher(s.config.tokenEncryptionKey);

export async function accountStatus(s: Services, userId: number): Promise<PaymentAccountStatus> {
  const row = await repo.accountOf(s.db, userId);
  const connected = Boolean(row && row.provider === s.payments.name);
  return {
    connected,
    account_id: connected ? row!.accountId : null,
    connected_at: connected ? row!.connectedAt.toISOString() : null,
  };
}

/** The provider's authorization page for a fresh single-use state bound to this partner. */
export async function startConnect(s: Services, user: UserRow): Promise<{ url: string }> {
  const oauth = s.payments.oauth;
  if (!oauth) throw new AppError('conflict', paymentAccountMessages.notConfigured);
  const now = s.clock();
  const state = randomToken(32);
  // RFC 7636 §4.1: 43–128 characters of [A-Z a-z 0-9 - . _ ~]; 48 random bytes give 64.
  const verifier = randomToken(48);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await s.db.transaction(async (tx) => {
    await repo.deleteStaleStates(tx, user.id, now);
    await repo.insertState(tx, {
      stateHash: sha256(state),
      userId: user.id,
      codeVerifierEnc: cipherOf(s).encrypt(verifier),
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
  return {
    url: oauth.authorizationUrl({ state, codeChallenge: challenge, redirectUri: redirectUri(s) }),
  };
}

const redirectUri = (s: Services) => `${s.config.publicUrl}${callbackPath}`;

/**
 * The provider's redirect: the state (taken once, unexpired) names the partner; the code and the
 * PKCE verifier become tokens, stored encrypted. Never throws for a bad request: the answer is
 * what the settings page tells the partner.
 */
export async function finishConnect(
  s: Services,
  query: { code?: string; state?: string; error?: string },
  log: { warn: (obj: object, msg: string) => void },
): Promise<ConnectOutcome> {
  const oauth = s.payments.oauth;
  if (!oauth || !query.state) return 'expirado';
  const claimed = await repo.claimState(s.db, sha256(query.state), s.clock());
  if (!claimed) return 'expirado';
  if (query.error || !query.code) return 'recusado';
  let tokens: SellerTokens | null;
  try {
    const verifier = claimed.codeVerifierEnc ? cipherOf(s).decrypt(claimed.codeVerifierEnc) : '';
    tokens = await oauth.exchangeCode({
      code: query.code,
      codeVerifier: verifier,
      redirectUri: redirectUri(s),
    });
  } catch (err) {
    // Only the kind of failure is logged: never the code, the verifier or a token.
    log.warn({ err: (err as Error)?.name ?? 'Error' }, 'troca do código OAuth falhou');
    return 'falhou';
  }
  if (!tokens) return 'falhou';
  const cipher = cipherOf(s);
  await repo.saveAccount(s.db, {
    userId: claimed.userId,
    provider: s.payments.name,
    accountId: tokens.accountId,
    accessTokenEnc: cipher.encrypt(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
    publicKey: tokens.publicKey,
    expiresAt: tokens.expiresAt,
    connectedAt: s.clock(),
  });
  return 'conectado';
}

/**
 * Forgets the partner's tokens; later bookings go to payouts. Mercado Pago documents no API to
 * revoke a grant: "Para desvincular o token associado à sua conta, você deve fazer isso no portal do
 * Mercado Pago em Seu perfil > Segurança > Aplicativos conectados" (decision 0035), which the
 * page tells the partner. Split payments already made keep their collector: their refunds then wait
 * (retried) until the partner connects the same account again.
 */
export async function disconnect(s: Services, user: UserRow): Promise<void> {
  await repo.deleteAccount(s.db, user.id);
}

/** The access token of an account, refreshed first when it ends within `margin`. */
async function usableToken(s: AccountDeps, row: repo.AccountRow, margin: number): Promise<string | null> {
  const now = s.clock().getTime();
  if (!row.expiresAt || row.expiresAt.getTime() - now > margin)
    return cipherOf(s).decrypt(row.accessTokenEnc);
  const refreshed = await refreshAccount(s, row.userId, margin).catch(() => undefined);
  if (refreshed) return refreshed;
  // Not refreshed (provider down, grant revoked): the old token while it lasts.
  return row.expiresAt.getTime() > now ? cipherOf(s).decrypt(row.accessTokenEnc) : null;
}

/**
 * Refreshes one account's tokens under its row lock (refresh tokens rotate, so two processes must
 * not both spend one). Answers the access token in force afterwards; `null` when the provider
 * refused the refresh token (the partner must connect again).
 */
export async function refreshAccount(s: AccountDeps, userId: number, margin: number): Promise<string | null> {
  const oauth = s.payments.oauth;
  if (!oauth) return null;
  const cipher = cipherOf(s);
  return s.db.transaction(async (tx) => {
    const row = await repo.lockAccount(tx, userId);
    if (!row || row.provider !== s.payments.name) return null;
    // Another process refreshed it meanwhile.
    if (row.expiresAt && row.expiresAt.getTime() - s.clock().getTime() > margin)
      return cipher.decrypt(row.accessTokenEnc);
    if (!row.refreshTokenEnc) return null;
    const tokens = await oauth.refresh(cipher.decrypt(row.refreshTokenEnc));
    if (!tokens) return null;
    await repo.updateTokens(tx, userId, {
      accessTokenEnc: cipher.encrypt(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : row.refreshTokenEnc,
      expiresAt: tokens.expiresAt,
      ...(tokens.publicKey ? { publicKey: tokens.publicKey } : {}),
    });
    return tokens.accessToken;
  });
}

/** The job: every account whose token ends within 30 days is refreshed. Answers how many. */
export async function refreshExpiringTokens(s: Services): Promise<number> {
  if (!s.payments.oauth) return 0;
  const due = await repo.expiringAccounts(
    s.db,
    s.payments.name,
    new Date(s.clock().getTime() + REFRESH_AHEAD_MS),
  );
  let refreshed = 0;
  for (const { userId } of due)
    if (await refreshAccount(s, userId, REFRESH_AHEAD_MS).catch(() => null)) refreshed++;
  return refreshed;
}

/**
 * How a booking's charge is made: on the room's partner's own account (split) when connected for
 * the active provider — and, for a saved card, only when the provider can charge it there (Mercado
 * Pago cannot, decision 0035) — with the plan's commission of the amount as the marketplace fee
 * (rounded like split.ts). Records the payment's settlement and collector before the provider is
 * called, so every later call about the charge knows the account it lives in.
 */
export async function splitFor(
  s: AccountDeps,
  bookingId: number,
  amountCents: number,
  method: 'card' | 'pix',
): Promise<SplitCharge | undefined> {
  const partner = await repo.bookingPartner(s.db, bookingId);
  const row = partner ? await repo.accountOf(s.db, partner.partnerId) : undefined;
  const eligible =
    row && row.provider === s.payments.name && (method === 'pix' || s.payments.splitsSavedCards);
  // An account that cannot be used now (a token that no longer opens, a refused refresh) is no
  // reason to refuse a booking: the charge goes to the platform's account and is paid out.
  const token = eligible ? await usableToken(s, row, REFRESH_ON_USE_MS).catch(() => null) : null;
  if (!row || !token) {
    await repo.markSplit(s.db, bookingId, null);
    return undefined;
  }
  await repo.markSplit(s.db, bookingId, row.accountId);
  const percent = Number(partner?.percent ?? 0);
  return {
    collector: { accountId: row.accountId, accessToken: token },
    marketplaceFeeCents: Math.round((amountCents * percent) / 100),
  };
}

/**
 * The account a split charge lives in, for its refunds, withdrawal and read-back; `undefined` for
 * a charge on the platform's account. Throws when the partner disconnected that account (the
 * caller retries later).
 */
export async function collectorOf(
  s: AccountDeps,
  payment: { settlement: string; collectorAccountId: string | null },
): Promise<Collector | undefined> {
  if (payment.settlement !== 'split' || !payment.collectorAccountId) return undefined;
  const row = await repo.accountByProviderId(s.db, s.payments.name, payment.collectorAccountId);
  const token = row ? await usableToken(s, row, REFRESH_ON_USE_MS) : null;
  if (!row || !token) throw new CollectorUnavailable();
  return { accountId: row.accountId, accessToken: token };
}

/** `collectorOf` for a charge known only by its provider reference. */
export async function collectorOfRef(s: AccountDeps, providerRef: string): Promise<Collector | undefined> {
  const payment = await repo.paymentByRef(s.db, s.payments.name, providerRef);
  return payment ? collectorOf(s, payment) : undefined;
}

/** Every connected account of the active provider (the daily comparison reads each one's charges). */
export async function connectedCollectors(s: Services): Promise<Collector[]> {
  const out: Collector[] = [];
  for (const row of await repo.accountsOf(s.db, s.payments.name)) {
    const token = await usableToken(s, row, REFRESH_ON_USE_MS).catch(() => null);
    if (token) out.push({ accountId: row.accountId, accessToken: token });
  }
  return out;
}

export class CollectorUnavailable extends Error {
  constructor() {
    super(
      'A conta do parceiro no Mercado Pago onde a cobrança foi feita não está conectada (ou o acesso expirou); tentando de novo.',
    );
    this.name = 'CollectorUnavailable';
  }
}

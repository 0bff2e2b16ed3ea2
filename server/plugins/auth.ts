import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#common/contracts/user';
import { AppError, messages } from '#common/errors';
import type { Db } from '../db/client.ts';
import type { users } from '../db/schema.ts';
import { isSuspendedAccountToken } from '../features/auth/suspension.repository.ts';
import * as tokens from '../features/auth/token.repository.ts';
import { sha256 } from '../lib/crypto.ts';

export type UserRow = typeof users.$inferSelect;

export interface AuthState {
  user: UserRow;
  tokenId: number;
  /** The user's profile photo, read with the token (null: none). */
  profilePhotoUuid: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
    /** The bearer token is live but its account is suspended (answered 401 with `Status: false`). */
    authSuspended: boolean;
  }
}

/** Tokens die after this long without use (DESIGN §4). */
export const TOKEN_IDLE_DAYS = 30;
const TOUCH_EVERY_MS = 60_000;

/**
 * Reads `Authorization: Bearer <token>` on every request and sets `request.auth` (or null).
 * A revoked, idle-expired or deactivated user's token counts as no token at all.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; clock: () => Date }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authSuspended', false);
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    request.authSuspended = false;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ') || !request.url.startsWith('/api/')) return;
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return;
    const hash = sha256(token);
    const found = await tokens.findLiveToken(deps.db, hash);
    // Suspending revokes the sessions: a token that no longer signs in may say why.
    if (!found?.user.active) {
      request.authSuspended = await isSuspendedAccountToken(deps.db, hash);
      return;
    }
    const now = deps.clock();
    if (now.getTime() - found.lastUsedAt.getTime() > TOKEN_IDLE_DAYS * 86_400_000) return;
    if (now.getTime() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await tokens.touchToken(deps.db, found.tokenId, now);
    }
    request.auth = { user: found.user, tokenId: found.tokenId, profilePhotoUuid: found.profilePhotoUuid };
  });
}

/**
 * Not signed in: 401; a live session of a suspended account says so (`Status: false` and the
 * sign-in's suspended message), so the web can tell the person why they were signed out.
 */
const notSignedIn = (request: FastifyRequest) =>
  request.authSuspended
    ? new AppError('unauthenticated', messages.suspended, { extra: { Status: false } })
    : new AppError('unauthenticated', messages.unauthenticated);

/** preValidation hook: any signed-in user (checked before the body, so a visitor gets 401, not 422). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw notSignedIn(request);
}

/** preValidation hook factory: signed in with one of `roles` (401 when signed out, 403 otherwise). */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.auth) throw notSignedIn(request);
    if (!roles.includes(request.auth.user.role)) throw new AppError('forbidden', messages.forbidden);
  };
}

/** The signed-in user, for handlers behind requireUser/requireRole. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('unauthenticated', messages.unauthenticated);
  return request.auth.user;
}

/**
 * A user uuid in a path (`{partner}` in partner paths, `{id}` in card paths) must be the signed-in
 * user's own; any other uuid names nothing they may see: 404 (DESIGN §4).
 */
export function currentUserNamed(request: FastifyRequest, uuid: string): UserRow {
  const user = currentUser(request);
  if (user.uuid !== uuid) throw new AppError('not_found', messages.notFound);
  return user;
}

/**
 * preValidation hook factory: the path parameter `name`, when the route has it, must be the
 * signed-in user's uuid — checked before the body, so naming someone else answers 404 whatever is
 * sent (run after requireRole/requireUser). `mayNameAnyone`: roles that may name any user (the
 * operator reading a partner's statement); `notFound`: the 404's message.
 */
export function requireSelf(name: string, options: { mayNameAnyone?: Role[]; notFound?: string } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const value = (request.params as Record<string, string | undefined>)[name];
    const caller = request.auth?.user;
    if (caller && options.mayNameAnyone?.includes(caller.role)) return;
    if (value !== undefined && value !== caller?.uuid)
      throw new AppError('not_found', options.notFound ?? messages.notFound);
  };
}

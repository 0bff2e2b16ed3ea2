import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#common/contracts/user';
import { AppError, messages } from '#common/errors';
import type { Db } from '../db/client.ts';
import type { users } from '../db/schema.ts';
import * as tokens from '../features/auth/token.repository.ts';
import { sha256 } from '../lib/crypto.ts';

export type UserRow = typeof users.$inferSelect;

export interface AuthState {
  user: UserRow;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
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
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ') || !request.url.startsWith('/api/')) return;
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return;
    const found = await tokens.findLiveToken(deps.db, sha256(token));
    if (!found?.user.active) return;
    const now = deps.clock();
    if (now.getTime() - found.lastUsedAt.getTime() > TOKEN_IDLE_DAYS * 86_400_000) return;
    if (now.getTime() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await tokens.touchToken(deps.db, found.tokenId, now);
    }
    request.auth = { user: found.user, tokenId: found.tokenId };
  });
}

/** preValidation hook: any signed-in user (checked before the body, so a visitor gets 401, not 422). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw new AppError('unauthenticated', messages.unauthenticated);
}

/** preValidation hook factory: signed in with one of `roles` (401 when signed out, 403 otherwise). */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.auth) throw new AppError('unauthenticated', messages.unauthenticated);
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
 * sent (run after requireRole/requireUser).
 */
export function requireSelf(name: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const value = (request.params as Record<string, string | undefined>)[name];
    if (value !== undefined && value !== request.auth?.user.uuid)
      throw new AppError('not_found', messages.notFound);
  };
}

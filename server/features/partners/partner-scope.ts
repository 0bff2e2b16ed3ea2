import type { FastifyRequest } from 'fastify';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { currentUser } from '../../plugins/auth.ts';

/**
 * `{partner}` in partner paths is the signed-in partner's own uuid (DESIGN §4); any other uuid
 * names nothing this partner may see: 404.
 */
export function partnerFromPath(request: FastifyRequest, partnerUuid: string) {
  const user = currentUser(request);
  if (user.uuid !== partnerUuid) throw new AppError('not_found', supplyMessages.notFound);
  return user;
}

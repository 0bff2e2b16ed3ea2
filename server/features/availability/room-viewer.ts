import type { FastifyRequest } from 'fastify';

/**
 * The signed-in partner behind a public room route, who may read its own draft there (the
 * editor's "Pré-visualizar", decision 0038); undefined for visitors and everyone else.
 */
export const previewingPartner = (request: FastifyRequest): number | undefined =>
  request.auth?.user.role === 'partner' ? request.auth.user.id : undefined;

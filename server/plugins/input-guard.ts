/**
 * Text PostgreSQL cannot store is refused up front: a NUL character ("\u0000") anywhere in a JSON
 * body or in the query string answers 422 naming the field, instead of reaching the database and
 * failing there (a 500). Found by the hostile-input suite (server/test/hostile-input.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '#common/errors';

export const NUL_MESSAGE = 'O texto contém um caractere inválido.';

/** The path of the first string holding a NUL, or undefined. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path || key;
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body, '') ?? findNul(request.query, '') ?? findNul(request.params, '');
    if (field !== undefined)
      throw new AppError('validation', NUL_MESSAGE, { errors: { [field || 'body']: [NUL_MESSAGE] } });
  });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiErrorBody, AppError, messages } from '#common/errors';
import type { RouteEntry } from '../services.ts';
import { allowedMethods } from './method-not-allowed.ts';

/** Zod issues of a request validation error, grouped by field path. */
function fieldErrors(err: FastifyError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of err.validation ?? []) {
    const params = v.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') || v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const key = path || '_';
    out[key] = [...(out[key] ?? []), v.message ?? messages.validation];
  }
  return out;
}

const transportErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: messages.unsupportedMediaType },
  FST_ERR_BAD_URL: { status: 400, message: 'Endereço inválido.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'Requisição inválida.' },
};

/**
 * One error handler and one 404 handler for the whole API (DESIGN §4 shape). `routes` is the API's
 * route table (filled as routes are declared): a path it has under other methods answers 405.
 */
export function registerErrorHandling(app: FastifyInstance, routes: RouteEntry[] = []): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ApiErrorBody = {
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...err.extra,
      };
      return reply.code(err.status).send(body);
    }
    if ((hasZodFastifySchemaValidationErrors(err) || err.validation) && err.validationContext === 'params') {
      // A malformed id in the path names nothing that exists; a bad date in it is bad input.
      const errors = fieldErrors(err);
      const fields = Object.keys(errors);
      if (!fields.length || !fields.every((f) => /^date/i.test(f)))
        return reply.code(404).send({ message: messages.notFound } satisfies ApiErrorBody);
      return reply.code(422).send({
        message: Object.values(errors)[0]?.[0] ?? messages.validation,
        errors,
      } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      const errors = fieldErrors(err);
      const first = Object.values(errors)[0]?.[0];
      return reply.code(422).send({ message: first ?? messages.validation, errors } satisfies ApiErrorBody);
    }
    const known = err.code ? transportErrors[err.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message } satisfies ApiErrorBody);
    if (err instanceof SyntaxError) return reply.code(400).send({ message: messages.malformedJson });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: messages.validation } satisfies ApiErrorBody);
    }
    request.log.error({ err }, 'erro inesperado');
    return reply
      .code(500)
      .send({ message: `${messages.generic} (código ${request.id})`, request_id: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    const allow = allowedMethods(routes, request.url);
    if (allow.length)
      return reply
        .code(405)
        .header('Allow', allow.join(', '))
        .send({ message: messages.methodNotAllowed } satisfies ApiErrorBody);
    return reply.code(404).send({ message: messages.routeNotFound } satisfies ApiErrorBody);
  });
}

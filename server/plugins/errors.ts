import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { calendarValues } from '#common/contracts/dates';
import { type ApiErrorBody, AppError, messages } from '#common/errors';
import { isDatabaseUnavailable } from '../db/client.ts';
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

/**
 * Whether every path parameter in `fields` is, in the route's path schema, one of the marketplace's
 * dates (marked in common/contracts/dates.ts) — and there is at least one.
 */
function onlyCalendarValues(request: FastifyRequest, fields: string[]): boolean {
  const params = request.routeOptions.schema?.params as { shape?: Record<string, z.ZodType> } | undefined;
  const shape = params?.shape ?? {};
  return (
    fields.length > 0 &&
    fields.every((field) => Object.hasOwn(shape, field) && calendarValues.has(shape[field]!))
  );
}

const transportErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: messages.unsupportedMediaType },
  FST_ERR_BAD_URL: { status: 400, message: 'Endereço inválido.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: messages.badRequest },
};

/** Seconds a client is told to wait before trying again while the database cannot answer. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * One error handler and one 404 handler for the whole API (DESIGN §4 shape). `routes` is the API's
 * route table (filled as routes are declared): a path it has under other methods answers 405. A
 * database that cannot answer (unreachable, restarting, the connection dropped, no connection free
 * in time) is 503 with `Retry-After` (DESIGN §10 "Staying up"), never a 500.
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
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'banco de dados indisponível');
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: messages.unavailable } satisfies ApiErrorBody);
    }
    if ((hasZodFastifySchemaValidationErrors(err) || err.validation) && err.validationContext === 'params') {
      // A malformed id in the path names nothing that exists; a bad date in it is bad input.
      const errors = fieldErrors(err);
      if (!onlyCalendarValues(request, Object.keys(errors)))
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

/**
 * Fastify's answers before any route or hook runs — a path that is not valid percent-encoding, a
 * path parameter over 200 characters — in the API's shape and language, with the security headers
 * (`headers()`: the onRequest hook that sets them does not run here). A parameter that long names
 * nothing (404, as a malformed id does).
 */
export function frameworkErrors(headers: () => Record<string, string>) {
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers());
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return reply.code(404).send({ message: messages.notFound } satisfies ApiErrorBody);
    const known = transportErrors[err.code] ?? { status: 400, message: messages.badRequest };
    return reply.code(known.status).send({ message: known.message } satisfies ApiErrorBody);
  };
}

const clientErrors: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Os cabeçalhos da requisição passam do tamanho permitido.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'A requisição demorou demais para chegar.',
  },
};

/**
 * Node's HTTP parser refusing a request (headers over 16 KB, a malformed request line, a request
 * too slow): the socket gets a Portuguese answer in the API's shape, then is closed — as Fastify's
 * default does, in English.
 */
export function clientErrorHandler(headers: () => Record<string, string>) {
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const known = (err.code && clientErrors[err.code]) || {
      status: 400,
      reason: 'Bad Request',
      message: messages.badRequest,
    };
    const body = JSON.stringify({ message: known.message } satisfies ApiErrorBody);
    const lines = [
      `HTTP/1.1 ${known.status} ${known.reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(err);
  };
}

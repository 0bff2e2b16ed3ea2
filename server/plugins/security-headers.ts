import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, worked out once at start: the options never change per request,
 * and @fastify/helmet rebuilt helmet (parsing every CSP directive) on each request — a tenth of the
 * CPU of a light call. A route may still replace one (the API docs set their own CSP).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous over (req, res, next); it only reads and writes headers.
  helmet(options)({} as never, res as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets the headers on every answer; answers them (for the answers made before the hooks run). */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
): Record<string, string> {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}

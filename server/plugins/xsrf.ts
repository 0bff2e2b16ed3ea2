import type { FastifyInstance } from 'fastify';
import { AppError, messages } from '#common/errors';
import { randomToken, safeEqual } from '../lib/crypto.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes authenticated by their own signature instead. */
const EXEMPT = new Set(['/api/payments/webhook', '/api/whatsapp/webhook']);

/**
 * Double-submit XSRF (DESIGN §4): a request without the cookie gets one in its answer; every
 * state-changing API request must echo the cookie in X-XSRF-TOKEN, or it is refused with 419.
 * A read carrying a bearer token is the one exception: it comes from a client that already holds
 * a session (the web app got its cookie with the page, an integrator with its first write), and
 * minting a cookie it does not need cost a tenth of such a read (decision 0021).
 */
export function registerXsrf(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const safe = SAFE_METHODS.has(request.method);
    if (!cookie && !(safe && request.headers.authorization?.startsWith('Bearer '))) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
      });
    }
    // Decided on the route the router matched, not on the raw URL: `/%61pi/...` is `/api/...` too.
    // A state-changing request to no route is refused too (419 before 404).
    const route = request.routeOptions.url;
    if (safe || (route !== undefined && EXEMPT.has(route))) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError('csrf', messages.csrf);
    }
  });
}

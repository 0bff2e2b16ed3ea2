import type { FastifyServerOptions } from 'fastify';

/** Query-string keys whose values never reach the logs. */
const SECRET_KEYS =
  /^(token|login_token|code|state|password|password_confirmation|secret|key|card|number|cvv)$/i;

/** An e-mail address in a path, plain or percent-encoded (`%40`). */
const EMAIL_IN_PATH = /[^/?#]+(?:@|%40)[^/?#]+/gi;
/** Paths whose last segment is a secret: the partner's calendar feed. */
const SECRET_PATH = /^(\/api\/calendar\/)[^/?#]+/i;

/** The path with its secrets and e-mail addresses masked, and secret query values hidden. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .replace(SECRET_PATH, '$1[oculto]')
    .replace(EMAIL_IN_PATH, '[e-mail]');
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_KEYS.test(key)) params.set(key, '[oculto]');
    else if (/@/.test(params.get(key) ?? '')) params.set(key, '[e-mail]');
  }
  return `${path}?${params.toString()}`;
}

/**
 * Structured pino logs. Request bodies are never logged; headers that carry secrets are
 * removed, and secret query values are masked.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[oculto]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}

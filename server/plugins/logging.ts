import type { FastifyServerOptions } from 'fastify';

/** Query-string keys whose values never reach the logs. */
const SECRET_KEYS = /^(token|login_token|code|password|password_confirmation|secret|key|card|number|cvv)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_KEYS.test(key)) params.set(key, '[oculto]');
  return `${url.slice(0, q)}?${params.toString()}`;
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

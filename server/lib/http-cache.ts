import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A strong entity tag of a body: the first 16 bytes of its SHA-256, in hex, quoted. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
}

/**
 * Whether the client already holds `etag` (RFC 9110 §13.1.2: `If-None-Match` is compared weakly,
 * may list several tags, and `*` matches any current representation).
 */
export function clientHas(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

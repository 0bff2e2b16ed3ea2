/**
 * Which methods an API path answers to, for the 405 of a known path asked with another method
 * (issue 28). Fastify sends "no such path" and "not with this method" alike to the not-found
 * handler, and its `hasRoute` / `findRoute` look a route up by its declared pattern
 * (`/rooms/:id`), not by a request's path — so the route table app.ts collects is matched here.
 */
import type { RouteEntry } from '../services.ts';

interface Pattern {
  path: RegExp;
  methods: Set<string>;
}

const literal = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/rooms/:id` → /^\/api\/rooms\/[^/]+$/ (a parameter is one whole segment, as in our routes). */
const toRegExp = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : literal(s)))
      .join('/')}$`,
  );

const compiled = new WeakMap<RouteEntry[], { size: number; patterns: Pattern[] }>();

function patternsOf(table: RouteEntry[]): Pattern[] {
  const cached = compiled.get(table);
  if (cached?.size === table.length) return cached.patterns;
  const byUrl = new Map<string, Set<string>>();
  for (const { method, url } of table) byUrl.set(url, (byUrl.get(url) ?? new Set()).add(method));
  const patterns = [...byUrl].map(([url, methods]) => ({ path: toRegExp(url), methods }));
  compiled.set(table, { size: table.length, patterns });
  return patterns;
}

/**
 * The methods the path of `url` answers to, sorted (GET brings HEAD, as Fastify serves it), or
 * none when no route has that path. A trailing slash is ignored, as the router does.
 */
export function allowedMethods(table: RouteEntry[], url: string): string[] {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURI(path); // `/%61pi/...` is `/api/...` to the router too (a `%2F` stays one)
  } catch {
    return [];
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const methods = new Set<string>();
  for (const pattern of patternsOf(table))
    if (pattern.path.test(path)) for (const m of pattern.methods) methods.add(m);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * The one API client (SPEC §7): JSON, credentials, bearer token, XSRF double submit, and the
 * error shape of DESIGN §4 turned into ApiError. A 401 on a signed-in call clears the session (and
 * says whether the account was suspended: the server adds `Status: false` then).
 */
import type { z } from 'zod';
import type { ApiErrorBody } from '#common/errors';
import { clearToken, getToken } from './token.ts';

export class ApiError extends Error {
  readonly status: number;
  /**
   * The refusal's whole JSON body (`{}` when it had none), for the answers that say more than the
   * shared shape (a 409's list of bookings in the way): read it with `errorBody` and its contract.
   */
  readonly body: unknown;
  readonly errors: Record<string, string[]>;
  /** The "account suspended" answer of the sign-in calls. */
  readonly suspended: boolean;
  /** Why the server refused, when it says (e.g. 403 `email_unverified` on a booking). */
  readonly code: string | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> & { code?: unknown }) {
    super(body.message ?? 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.errors = body.errors ?? {};
    this.suspended = body.Status === false;
    this.code = typeof body.code === 'string' ? body.code : undefined;
  }

  /** The first message of each field, in order. */
  get fieldMessages(): string[] {
    return Object.values(this.errors)
      .map((list) => list[0])
      .filter((m): m is string => Boolean(m));
  }
}

/** What to tell the person about a failed call: the first field error, else the server's message. */
export function errorText(err: unknown, fallback = ''): string {
  return err instanceof ApiError ? (err.fieldMessages[0] ?? err.message) : fallback;
}

/**
 * What a call refused with `status` said beyond the shared shape, as its contract in
 * common/contracts reads it; undefined for any other error or a body that does not fit.
 */
export function errorBody<T>(err: unknown, status: number, schema: z.ZodType<T>): T | undefined {
  if (!(err instanceof ApiError) || err.status !== status) return undefined;
  const read = schema.safeParse(err.body);
  return read.success ? read.data : undefined;
}

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Why a signed-in call was refused with 401: `suspended` when the account was suspended meanwhile. */
export interface Unauthorized {
  suspended: boolean;
}

const unauthorizedListeners = new Set<(reason: Unauthorized) => void>();
export function onUnauthorized(listener: (reason: Unauthorized) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function ensureXsrfCookie(): Promise<string | undefined> {
  let token = readCookie('XSRF-TOKEN');
  if (!token) {
    await fetch('/api/config', { credentials: 'include' });
    token = readCookie('XSRF-TOKEN');
  }
  return token;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Sends one call; answers the response when it is 2xx, throws ApiError otherwise. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const xsrf = await ensureXsrfCookie();
    if (xsrf) headers['x-xsrf-token'] = xsrf;
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, {});
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    if (response.status === 401 && token) {
      clearToken();
      const reason = { suspended: (body as Partial<ApiErrorBody>).Status === false };
      for (const listener of unauthorizedListeners) listener(reason);
    }
    throw new ApiError(response.status, body as ApiErrorBody);
  }
  return response;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => ({}))) as T;
}

/** A file answer (the xlsx exports), saved under the name the server gives it. */
export async function download(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(path, options, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const utf8 = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  const name = utf8 ? decodeURIComponent(utf8) : (disposition.match(/filename="([^"]+)"/)?.[1] ?? 'arquivo');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

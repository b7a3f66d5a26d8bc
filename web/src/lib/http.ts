import type { z } from 'zod';
import type { FieldErrors } from '@club/contract/errors';
import { readStoredSession } from './session-storage.ts';

/** A failed call, typed by the contract's error body. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fields?: FieldErrors,
    /** The whole error body (a conflict carries what the server holds). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** Called when a signed-in call comes back 401: the session layer signs the member out. */
export function setUnauthorizedListener(listener: UnauthorizedListener | null): void {
  onUnauthorized = listener;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * Calls the API: the session token as `Authorization: Token …`, the XSRF cookie echoed as
 * `X-XSRF-TOKEN` on unsafe relative calls, JSON in and out, answers parsed with the contract.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  // The server writes mails in the member's language; the page's language is the best guess.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'es' };
  const session = readStoredSession();
  if (session) headers.Authorization = `Token ${session.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const relative = !/^[a-z]+:\/\//i.test(path);
  if (UNSAFE.has(method) && relative) {
    let xsrf = readCookie('XSRF-TOKEN');
    if (!xsrf) {
      // The first GET sets the cookie; a page served from cache may not have made one yet.
      await fetch('/api/health/', { credentials: 'same-origin' }).catch(() => undefined);
      xsrf = readCookie('XSRF-TOKEN');
    }
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  let url = path;
  if (options.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query)) if (value !== undefined) params.set(key, String(value));
    const text = params.toString();
    if (text) url += `?${text}`;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-cache',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiCallError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    // The schema (and zod with it) loads only when a call fails, keeping it off the home page.
    const { errorBodySchema } = await import('@club/contract/errors');
    const parsed = errorBodySchema.safeParse(data);
    const error = parsed.success
      ? new ApiCallError(response.status, parsed.data.errorCode, parsed.data.message, parsed.data.fields, data)
      : new ApiCallError(response.status, 'HTTP_' + response.status, response.statusText || 'Request failed');
    if (response.status === 401 && session && error.errorCode === 'NOT_AUTHENTICATED') onUnauthorized?.();
    throw error;
  }
  if (options.schema) {
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) throw new ApiCallError(response.status, 'BAD_RESPONSE', 'The server answered in an unexpected shape.');
    return parsed.data;
  }
  return data as T;
}

import type { z } from 'zod';
import type { FieldErrors } from '@club/contract/errors';
import { readStoredSession } from './session-storage.ts';
import { takeEarlyAnswer } from './early-calls.ts';

/** A failed call, typed by the contract's error body. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fields?: FieldErrors,
    /** The whole error body, for refusals that carry more than a message (SCORE_CONFLICT). */
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
  const session = readStoredSession();
  const url = withQuery(path, options.query);
  // The page's starter may have sent this very call already (src/lib/early-calls.ts).
  const early = method === 'GET' && !options.signal ? takeEarlyAnswer(url, session?.token) : undefined;
  if (early) {
    let answer: Awaited<typeof early>;
    try {
      answer = await early;
    } catch {
      throw new ApiCallError(0, 'NETWORK_ERROR', 'The server could not be reached.');
    }
    return readAnswer(answer.status, answer.statusText, answer.text, options.schema, session !== null);
  }
  const headers = await callHeaders(path, method);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
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
  return readAnswer(response.status, response.statusText, await response.text(), options.schema, session !== null);
}

/**
 * The headers of a call: the session token as `Authorization: Token …`, the page's language, and
 * the XSRF cookie echoed as `X-XSRF-TOKEN` on unsafe relative calls.
 */
async function callHeaders(path: string, method: string): Promise<Record<string, string>> {
  // The server writes mails in the member's language; the page's language is the best guess.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'es' };
  const session = readStoredSession();
  if (session) headers.Authorization = `Token ${session.token}`;
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
  return headers;
}

function withQuery(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** An answer read as the contract says: the parsed body, or an ApiCallError for a refusal. */
async function readAnswer<T>(status: number, statusText: string, text: string, schema: z.ZodType<T> | undefined, signedIn: boolean): Promise<T> {
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (status < 200 || status >= 300) {
    // The schema (and zod with it) loads only when a call fails, keeping it off the home page.
    const { errorBodySchema } = await import('@club/contract/errors');
    const parsed = errorBodySchema.safeParse(data);
    const error = parsed.success
      ? new ApiCallError(status, parsed.data.errorCode, parsed.data.message, parsed.data.fields, data)
      : new ApiCallError(status, 'HTTP_' + status, statusText || 'Request failed');
    if (status === 401 && signedIn && error.errorCode === 'NOT_AUTHENTICATED') onUnauthorized?.();
    throw error;
  }
  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiCallError(status, 'BAD_RESPONSE', 'The server answered in an unexpected shape.');
    return parsed.data;
  }
  return data as T;
}

export interface UploadOptions<T> {
  /** The file's text, sent as it is. */
  text: string;
  contentType: string;
  query?: Record<string, string | number | undefined>;
  schema?: z.ZodType<T>;
  /** How much of the body has gone, 0 to 1, as the browser sends it. */
  onSent?: (fraction: number) => void;
}

/**
 * POSTs a text file to the API with the same headers as `apiRequest`, reporting how much of it
 * has been sent (fetch cannot tell that); the answer is read as `apiRequest` reads it.
 */
export async function apiUpload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T> {
  const headers = await callHeaders(path, 'POST');
  headers['Content-Type'] = options.contentType;
  const signedIn = readStoredSession() !== null;
  const answer = await new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', withQuery(path, options.query));
    request.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onSent?.(event.loaded / event.total);
    };
    request.upload.onload = () => options.onSent?.(1);
    request.onload = () => resolve({ status: request.status, statusText: request.statusText, text: request.responseText });
    request.onerror = () => reject(new ApiCallError(0, 'NETWORK_ERROR', 'The server could not be reached.'));
    request.send(options.text);
  });
  return readAnswer(answer.status, answer.statusText, answer.text, options.schema, signedIn);
}

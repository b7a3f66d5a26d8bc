import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiClient } from './test-app.ts';

/** A call to check: method, path and body (undefined for none). */
export type StaffCall = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown];

/**
 * Asserts each call answers 401 NOT_AUTHENTICATED signed out and 403 FORBIDDEN to a member
 * (`memberToken`), whatever its body: the session is checked before the body is read.
 */
export async function expectStaffOnly(app: FastifyInstance, memberToken: string, calls: StaffCall[]): Promise<void> {
  const api = apiClient(app);
  for (const [method, url, body] of calls) {
    for (const [token, status, code] of [
      [undefined, 401, 'NOT_AUTHENTICATED'],
      [memberToken, 403, 'FORBIDDEN'],
    ] as const) {
      const res =
        method === 'GET'
          ? await api.get(url, token)
          : await (method === 'POST' ? api.post : method === 'PUT' ? api.put : api.delete)(url, body, token);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json().errorCode).toBe(code);
    }
  }
}

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorBodySchema, type ErrorBody } from '@club/contract/errors';
import { sessionSchema, userSchema } from '@club/contract/schemas';
import type { Session, User } from '@club/contract/schemas';
import type { TestApp } from '../support/test-app.ts';
import { apiClient } from '../support/test-app.ts';

/** A fresh, unique login and address (tests share one database per block). */
export function uniqueName(prefix = 'socio'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}`;
}

/** Signs in through the API and returns the parsed Session. */
export async function signIn(t: TestApp, login: string, password: string, rememberMe?: boolean): Promise<Session> {
  const res = await apiClient(t.app).post('/api/login/', { login, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
  expect(res.statusCode, res.body).toBe(200);
  return sessionSchema.parse(res.json());
}

/** The parsed error body, after checking the status and the code. */
export function expectError(res: LightMyRequestResponse, status: number, errorCode: string): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.errorCode).toBe(errorCode);
  return body;
}

/** The parsed User of an answer. */
export function parseUser(res: LightMyRequestResponse): User {
  return userSchema.parse(res.json());
}

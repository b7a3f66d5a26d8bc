import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorBodySchema, type ErrorBody } from '@club/contract/errors';
import { sessionSchema, userSchema } from '@club/contract/schemas';
import type { Session, User } from '@club/contract/schemas';
import { createMember } from '../../src/modules/members/create.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiClient } from '../support/test-app.ts';

/** A password that passes the strong pattern. */
export const PASSWORD = 'Tirada2024x';

export interface TestMember {
  user: User;
  login: string;
  email: string;
  password: string;
}

/** A fresh, unique login and address (tests share one database per block). */
export function uniqueName(prefix = 'socio'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}`;
}

/** Creates a member straight in the database, as the operator CLI does. */
export async function makeMember(t: TestApp, extra: { language?: string; staff?: boolean } = {}): Promise<TestMember> {
  const login = uniqueName();
  const email = `${login}@example.com`;
  const user = await createMember(
    t.db.kysely,
    {
      login,
      password: PASSWORD,
      email,
      nombre: 'Marta',
      apellidos: 'Puig Serra',
      mobil: '600123456',
      nacimiento: '1985-03-14',
      sexo: 2,
      language: extra.language,
      staff: extra.staff,
    },
    t.clock.now(),
  );
  return { user, login, email, password: PASSWORD };
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

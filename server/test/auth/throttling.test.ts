import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiClient, createTestApp, describeEachDatabase } from '../support/test-app.ts';
import { expectError, signIn, uniqueName } from './accounts.ts';
import { createTestMember } from '../support/auth.ts';

const MINUTE = 60_000;

/** A call from a given client address, with the XSRF pair the web client sends. */
function from(app: FastifyInstance, remoteAddress: string) {
  const headers = { cookie: 'XSRF-TOKEN=t1', 'x-xsrf-token': 't1' };
  return {
    login: (login: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/login/', remoteAddress, headers, payload: { login, password } }),
    forgotten: (email: string) =>
      app.inject({ method: 'GET', url: `/api/forgoten-password/?email=${encodeURIComponent(email)}`, remoteAddress }),
    register: (login: string) =>
      app.inject({
        method: 'POST',
        url: '/api/registro/',
        remoteAddress,
        headers,
        payload: {
          login,
          password: 'Registro2025x',
          nombre: 'Joan',
          apellidos: 'Vila',
          email: `${login}@example.com`,
          mobil: '611222333',
          nacimiento: '1990-05-06',
          sexo: 1,
        },
      }),
  };
}

function retryAfter(res: { headers: Record<string, unknown> }): number {
  return Number(res.headers['retry-after']);
}

describeEachDatabase(
  'throttling of sign-in, forgotten password and registration',
  (get) => {
    it('limits tries per login and client: 429 with Retry-After, a right password included, until the window ends', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const client = from(t.app, '10.0.0.1');
      for (let i = 0; i < 3; i += 1) {
        expectError(await client.login(m.login, 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
      }
      const blocked = await client.login(m.login.toUpperCase(), m.password);
      expectError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(retryAfter(blocked)).toBeGreaterThan(14 * 60);
      expect(retryAfter(blocked)).toBeLessThanOrEqual(15 * 60);
      // The address is the same login: no second budget.
      expectError(await client.login(m.email, m.password), 429, 'TOO_MANY_REQUESTS');
      // Another client, and another login from this one, are not affected.
      expect((await from(t.app, '10.0.0.9').login(m.login, m.password)).statusCode).toBe(200);
      const other = await createTestMember(t, { session: false });
      expect((await client.login(other.login, other.password)).statusCode).toBe(200);
      t.clock.advance(15 * MINUTE);
      expect((await client.login(m.login, m.password)).statusCode).toBe(200);
    });

    it('clears the per-login count after a successful sign-in', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const client = from(t.app, '10.1.0.1');
      for (let round = 0; round < 3; round += 1) {
        expectError(await client.login(m.login, 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
        expectError(await client.login(m.login, 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
        expect((await client.login(m.login, m.password)).statusCode).toBe(200);
      }
    });

    it('limits tries per client address at a multiple of the per-login limit', async () => {
      const t = get();
      const client = from(t.app, '10.2.0.1');
      // 5 × 3 tries, each against another login, so no per-login limit is met.
      for (let i = 0; i < 15; i += 1) {
        expectError(await client.login(uniqueName(), 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
      }
      const blocked = await client.login(uniqueName(), 'Wrong2025x');
      expectError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(retryAfter(blocked)).toBeGreaterThan(0);
      // Another address still gets through.
      const m = await createTestMember(t, { session: false });
      expect((await from(t.app, '10.2.0.2').login(m.login, m.password)).statusCode).toBe(200);
      t.clock.advance(15 * MINUTE);
      expectError(await client.login(uniqueName(), 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
    });

    it('limits forgotten-password requests per address and per client, for known and unknown addresses alike', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      for (let i = 0; i < 2; i += 1) {
        expect((await from(t.app, `10.3.0.${i + 1}`).forgotten(m.email)).statusCode).toBe(200);
      }
      const blocked = await from(t.app, '10.3.0.9').forgotten(m.email.toUpperCase());
      expectError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(retryAfter(blocked)).toBeGreaterThan(59 * 60);
      expect(retryAfter(blocked)).toBeLessThanOrEqual(60 * 60);
      // Per client: 4 × 2 requests, each to another (unknown) address.
      const client = from(t.app, '10.3.1.1');
      for (let i = 0; i < 8; i += 1) {
        expect((await client.forgotten(`${uniqueName()}@example.com`)).statusCode).toBe(200);
      }
      expectError(await client.forgotten(`${uniqueName()}@example.com`), 429, 'TOO_MANY_REQUESTS');
      t.clock.advance(60 * MINUTE);
      expect((await from(t.app, '10.3.0.9').forgotten(m.email)).statusCode).toBe(200);
      expect((await client.forgotten(`${uniqueName()}@example.com`)).statusCode).toBe(200);
    });

    it('limits registrations per client per hour', async () => {
      const t = get();
      const client = from(t.app, '10.4.0.1');
      for (let i = 0; i < 2; i += 1) {
        expect((await client.register(uniqueName())).statusCode).toBe(201);
      }
      const blocked = await client.register(uniqueName());
      expectError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(retryAfter(blocked)).toBeGreaterThan(59 * 60);
      expect((await from(t.app, '10.4.0.2').register(uniqueName())).statusCode).toBe(201);
      t.clock.advance(60 * MINUTE);
      expect((await client.register(uniqueName())).statusCode).toBe(201);
    });

    it('counts wrong current passwords (change password, delete account) against the login\'s tries', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const { token } = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const change = (oldPassword: string) =>
        api.put('/api/change-password/', { uuid: m.user.uuid, oldPassword, newPassword: 'Nueva2025xyz' }, token);
      expectError(await change('Wrong2025x'), 400, 'WRONG_PASSWORD');
      expectError(await api.delete(`/api/registro/${m.user.uuid}/`, { password: 'Wrong2025x' }, token), 400, 'WRONG_PASSWORD');
      expectError(await change('Wrong2025x'), 400, 'WRONG_PASSWORD');
      // A stolen session guesses no faster than the login form: the right password waits too.
      const blocked = await change(m.password);
      expectError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(retryAfter(blocked)).toBeGreaterThan(14 * 60);
      t.clock.advance(15 * MINUTE);
      // The right one then goes through and clears the count.
      expect((await change(m.password)).statusCode).toBe(200);
      expect((await from(t.app, '10.7.0.2').login(m.login, 'Nueva2025xyz')).statusCode).toBe(200);
    });

    it('turns every limit off with RATE_LIMITS=off', async () => {
      const other = await createTestApp(get().dialect, {
        env: { RATE_LIMITS: 'off', RATE_LIMIT_LOGIN: '1' },
      });
      try {
        const client = from(other.app, '10.5.0.1');
        for (let i = 0; i < 4; i += 1) {
          expectError(await client.login('nobody.at.all', 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
        }
      } finally {
        await other.close();
      }
    });
  },
  { env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_FORGOTTEN: '2', RATE_LIMIT_REGISTER: '2' } },
);

import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { expectError } from '../auth/accounts.ts';
import { slowdownMs } from '../../src/modules/auth/known-devices.ts';

// Finding of the hardening attack: ten wrong passwords locked a login for 15 minutes for
// everyone, the owner with the right password included; one client could lock five accounts
// per window. Now (OWASP, device cookies) tries count per login and client, and per login from
// all clients together at five times that; a device the owner signed in from counts apart and is
// slowed, never refused; a password reset clears every count.

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const DEVICE = 'ipsc-club-device';

function client(app: FastifyInstance, remoteAddress: string, device?: string) {
  const cookie = `XSRF-TOKEN=t1${device ? `; ${DEVICE}=${device}` : ''}`;
  return (login: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login/',
      remoteAddress,
      headers: { cookie, 'x-xsrf-token': 't1' },
      payload: { login, password },
    });
}

describeEachDatabase(
  'lock-out of a login',
  (get) => {
    it('never refuses the owner on a known device, whatever others tried, and stops guessing from many clients', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const first = await client(t.app, '10.9.0.1')(m.login, m.password);
      expect(first.statusCode).toBe(200);
      const cookie = first.cookies.find((c) => c.name === DEVICE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
      const phone = client(t.app, '10.9.0.1', cookie?.value);

      // Five clients each spend their three tries, and are refused the login for the window.
      for (let c = 1; c <= 5; c += 1) {
        const attacker = client(t.app, `10.8.0.${c}`);
        for (let i = 0; i < 3; i += 1) expectError(await attacker(m.login, 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
        expectError(await attacker(m.login, m.password), 429, 'TOO_MANY_REQUESTS');
      }
      // Fifteen wrong tries in all: the login is closed to every client it does not know...
      expectError(await client(t.app, '10.8.1.1')(m.login, m.password), 429, 'TOO_MANY_REQUESTS');
      // ...but not to the owner's phone, even from an address an attacker used.
      expect((await phone(m.login, m.password)).statusCode).toBe(200);
      expect((await client(t.app, '10.8.0.1', cookie?.value)(m.login, m.password)).statusCode).toBe(200);
      // A cookie of another member, or a forged one, is no known device.
      const other = await createTestMember(t, { session: false });
      const otherCookie = (await client(t.app, '10.9.0.2')(other.login, other.password)).cookies.find((c) => c.name === DEVICE);
      expectError(await client(t.app, '10.8.0.1', otherCookie?.value)(m.login, m.password), 429, 'TOO_MANY_REQUESTS');
      const forged = `${m.user.uuid}.${Date.now()}.${'A'.repeat(43)}`;
      expectError(await client(t.app, '10.8.0.1', forged)(m.login, m.password), 429, 'TOO_MANY_REQUESTS');
    });

    it('slows a known device past its own tries instead of refusing it', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const cookie = (await client(t.app, '10.9.1.1')(m.login, m.password)).cookies.find((c) => c.name === DEVICE);
      const phone = client(t.app, '10.9.1.1', cookie?.value);
      for (let i = 0; i < 5; i += 1) expectError(await phone(m.login, 'Wrong2025x'), 401, 'INVALID_CREDENTIALS');
      expect((await phone(m.login, m.password)).statusCode).toBe(200);
      // The waits double from a quarter of a second, up to eight.
      expect([0, 1, 2, 3, 6, 20].map(slowdownMs)).toEqual([0, 250, 500, 1000, 8000, 8000]);
    });

    it('lets a member locked out of every unknown client in at once after a password reset', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      for (let c = 1; c <= 6; c += 1) {
        const attacker = client(t.app, `10.7.1.${c}`);
        for (let i = 0; i < 3; i += 1) await attacker(m.login, 'Wrong2025x');
      }
      const laptop = client(t.app, '10.7.1.1');
      expectError(await laptop(m.email, m.password), 429, 'TOO_MANY_REQUESTS');
      await t.app.inject({ method: 'GET', url: `/api/forgoten-password/?email=${encodeURIComponent(m.email)}`, remoteAddress: '10.7.2.1' });
      const mail = await smtp.waitFor((x) => x.to.includes(m.email) && /reset-password\?/.test(x.text));
      const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail.text)?.[0] ?? '');
      const reset = await t.app.inject({
        method: 'PUT',
        url: '/api/reset-password/',
        remoteAddress: '10.7.2.1',
        headers: { cookie: 'XSRF-TOKEN=t1', 'x-xsrf-token': 't1' },
        payload: { hash: link.searchParams.get('hash'), token: link.searchParams.get('token'), password: 'Nueva2025pass' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await laptop(m.email, 'Nueva2025pass')).statusCode).toBe(200);
    });
  },
  { env: { RATE_LIMIT_LOGIN: '3', SMTP_URL: smtp.url } },
);

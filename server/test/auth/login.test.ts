import { expect, it, vi } from 'vitest';
import { verify } from '@node-rs/argon2';
import type * as Argon2 from '@node-rs/argon2';
import { sessionSchema } from '@club/contract/schemas';
import { hashSecret } from '../../src/lib/ids.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { expectError, parseUser, signIn } from './accounts.ts';
import { createTestMember } from '../support/auth.ts';

// The real argon2 verify, counted: each sign-in attempt must cost exactly one verify, whether
// the login exists or not, so that neither the answer nor its time tells them apart.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});
const verifyCalls = vi.mocked(verify);

const HOUR = 3_600_000;
// Limits high enough that this block's many sign-ins from one address never meet them.
const env = { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000' };

describeEachDatabase(
  'sign in, sign out and the active user',
  (get) => {
    it('signs in and answers a Session with a fresh 256-bit token stored only as its hash', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const first = await signIn(t, m.login, m.password);
      const second = await signIn(t, m.login, m.password);
      expect(first.user).toEqual(m.user);
      expect(first.token).toMatch(/^[0-9a-f]{64}$/);
      expect(second.token).not.toBe(first.token);
      const rows = await t.db.kysely.selectFrom('tokens').selectAll().where('member_id', '=', m.user.uuid).execute();
      expect(rows.map((r) => r.token_hash).sort()).toEqual([hashSecret(first.token), hashSecret(second.token)].sort());
      expect(JSON.stringify(rows)).not.toContain(first.token);
    });

    it('accepts the login in another case, and the password only exactly as typed', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      await signIn(t, m.login.toUpperCase(), m.password);
      const api = apiClient(t.app);
      expectError(await api.post('/api/login/', { login: m.login, password: ` ${m.password}` }), 401, 'INVALID_CREDENTIALS');
      expectError(await api.post('/api/login/', { login: m.login, password: m.password.toLowerCase() }), 401, 'INVALID_CREDENTIALS');
    });

    it('accepts the e-mail address in place of the login, in any case, with the same refusal for a wrong password', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const session = await signIn(t, m.email.toUpperCase(), m.password);
      expect(session.user.uuid).toBe(m.user.uuid);
      const api = apiClient(t.app);
      expectError(await api.post('/api/login/', { login: m.email, password: 'Whatever123' }), 401, 'INVALID_CREDENTIALS');
      expectError(await api.post('/api/login/', { login: `x${m.email}`, password: m.password }), 401, 'INVALID_CREDENTIALS');
    });

    it('answers an unknown login and a wrong password alike, each after one argon2 verify', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const api = apiClient(t.app);
      verifyCalls.mockClear();
      const unknown = await api.post('/api/login/', { login: 'nobody.here', password: 'Whatever123' });
      // Without the dummy verify an unknown login would answer without any hashing at all.
      expect(verifyCalls).toHaveBeenCalledTimes(1);
      const [dummyHash] = verifyCalls.mock.calls[0];
      expect(dummyHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      verifyCalls.mockClear();
      const wrong = await api.post('/api/login/', { login: m.login, password: 'Whatever123' });
      expect(verifyCalls).toHaveBeenCalledTimes(1);
      expect(verifyCalls.mock.calls[0][0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(verifyCalls.mock.calls[0][0]).not.toBe(dummyHash);
      expectError(unknown, 401, 'INVALID_CREDENTIALS');
      expectError(wrong, 401, 'INVALID_CREDENTIALS');
      expect(unknown.body).toBe(wrong.body);
      expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
    });

    it('refuses a 129-character password with a 400 before any hashing', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const api = apiClient(t.app);
      const long = `Aa1${'x'.repeat(126)}`;
      expect(long).toHaveLength(129);
      verifyCalls.mockClear();
      const body = expectError(await api.post('/api/login/', { login: m.login, password: long }), 400, 'VALIDATION_ERROR');
      expect(body.fields).toEqual({ password: ['maxlength'] });
      expect(verifyCalls).not.toHaveBeenCalled();
      // 128 characters is still a password (and simply a wrong one).
      expectError(await api.post('/api/login/', { login: m.login, password: long.slice(1) }), 401, 'INVALID_CREDENTIALS');
      expect(verifyCalls).toHaveBeenCalledTimes(1);
    });

    it('answers VALIDATION_ERROR with fields for a missing login or password', async () => {
      const api = apiClient(get().app);
      const body = expectError(await api.post('/api/login/', { login: '', rememberMe: 'yes' }), 400, 'VALIDATION_ERROR');
      expect(body.fields).toEqual({ login: ['required'], password: ['required'], rememberMe: ['type'] });
    });

    it('gives a token 12 hours without remember-me and 30 days with it', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const short = await signIn(t, m.login, m.password);
      const long = await signIn(t, m.login, m.password, true);
      const api = apiClient(t.app);
      t.clock.advance(12 * HOUR - 60_000);
      expect((await api.get('/api/active-user/', short.token)).statusCode).toBe(200);
      t.clock.advance(120_000);
      expectError(await api.get('/api/active-user/', short.token), 401, 'NOT_AUTHENTICATED');
      expect((await api.get('/api/active-user/', long.token)).statusCode).toBe(200);
      t.clock.advance(30 * 24 * HOUR - 12 * HOUR);
      expectError(await api.get('/api/active-user/', long.token), 401, 'NOT_AUTHENTICATED');
    });

    it('answers the active user with the same token, and the profile user', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const active = await api.get('/api/active-user/', session.token);
      expect(active.statusCode).toBe(200);
      expect(sessionSchema.parse(active.json())).toEqual(session);
      const profile = await api.get('/api/registry/actvie-user/', session.token);
      expect(profile.statusCode).toBe(200);
      expect(parseUser(profile)).toEqual(m.user);
      // Without the trailing slash too.
      expect((await api.get('/api/registry/actvie-user', session.token)).statusCode).toBe(200);
    });

    it('answers 401 NOT_AUTHENTICATED without a token or with an unknown one', async () => {
      const api = apiClient(get().app);
      for (const url of ['/api/active-user/', '/api/registry/actvie-user/']) {
        const body = expectError(await api.get(url), 401, 'NOT_AUTHENTICATED');
        expect(body.message).toBe('Not Autenticated!!!');
        expectError(await api.get(url, 'f'.repeat(64)), 401, 'NOT_AUTHENTICATED');
      }
      expectError(await api.post('/api/logout/'), 401, 'NOT_AUTHENTICATED');
    });

    it('logs out with 204; that token then gets 401 and another session goes on', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const one = await signIn(t, m.login, m.password);
      const two = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const res = await api.post('/api/logout/', undefined, one.token);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectError(await api.get('/api/active-user/', one.token), 401, 'NOT_AUTHENTICATED');
      expectError(await api.post('/api/logout/', undefined, one.token), 401, 'NOT_AUTHENTICATED');
      expect((await api.get('/api/active-user/', two.token)).statusCode).toBe(200);
    });

    it("leaves the member's mail language to the profile setting, whatever a sign-in's Accept-Language says", async () => {
      const t = get();
      const m = await createTestMember(t, { language: 'es', session: false });
      const language = async () =>
        (await t.db.kysely.selectFrom('members').select('language').where('id', '=', m.user.uuid).executeTakeFirstOrThrow())
          .language;
      const login = (acceptLanguage: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login/',
          headers: { cookie: 'XSRF-TOKEN=x1', 'x-xsrf-token': 'x1', 'accept-language': acceptLanguage },
          payload: { login: m.login, password: m.password },
        });
      expect((await login('ca-ES,ca;q=0.9,es;q=0.8')).statusCode).toBe(200);
      expect(await language()).toBe('es');
      expect((await login('de-DE,en;q=0.5')).statusCode).toBe(200);
      expect(await language()).toBe('es');
    });
  },
  { env },
);

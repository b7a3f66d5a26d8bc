import { afterAll, expect, it } from 'vitest';
import { emptyAnswerSchema } from '@club/contract/schemas';
import { startSmtpServer } from '../support/smtp.ts';
import type { ReceivedMail } from '../support/smtp.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { expectError, signIn } from './accounts.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const NEW_PASSWORD = 'Nueva2025pass';
const HOUR = 3_600_000;

/** The hash and token of the reset link in a mail, after checking the link's base. */
function resetLinkOf(mail: ReceivedMail): { hash: string; token: string; link: string } {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  const [link = ''] = links;
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe('http://club.test/reset-password');
  const hash = url.searchParams.get('hash') ?? '';
  const token = url.searchParams.get('token') ?? '';
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  expect(hash).not.toBe('');
  return { hash, token, link };
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  return smtp.received.filter((m) => m.to.includes(address));
}

/** Waits for a mail to `address` with that subject (mail goes out after the answer). */
async function waitForSubject(address: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = (await mailsTo(address)).find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Asks for a reset link and reads it from the mail the SMTP server received. */
async function requestReset(t: TestApp, m: TestMember): Promise<{ hash: string; token: string; link: string; mail: ReceivedMail }> {
  const before = (await mailsTo(m.email)).length;
  const res = await apiClient(t.app).get(`/api/forgoten-password/?email=${encodeURIComponent(m.email)}`);
  expect(res.statusCode).toBe(200);
  expect(emptyAnswerSchema.strict().parse(res.json())).toEqual({});
  for (let i = 0; i < 50 && (await mailsTo(m.email)).length === before; i += 1) {
    await smtp.waitForMail(m.email, 5000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const mails = await mailsTo(m.email);
  expect(mails.length).toBe(before + 1);
  const mail = mails[mails.length - 1];
  return { ...resetLinkOf(mail), mail };
}

describeEachDatabase(
  'forgotten, reset and change password',
  (get) => {
    it('mails a known address a link built from PUBLIC_URL, never from the Host header', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/forgoten-password?email=${encodeURIComponent(m.email.toUpperCase())}`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.statusCode).toBe(200);
      const mail = await smtp.waitForMail(m.email);
      expect(mail.subject).toBe('Restablece tu contraseña');
      // The mail names the login, for a member who signs in by address or forgot both.
      expect(mail.text).toContain(`Tu usuario es «${m.login}»`);
      const { link } = resetLinkOf(mail);
      expect(mail.html).toContain(link.replace(/&/g, '&#38;'));
      expect(mail.text + mail.html).not.toContain('evil.example');
    });

    it('answers an unknown address the same and sends no mail', async () => {
      const t = get();
      const api = apiClient(t.app);
      const unknown = await api.get('/api/forgoten-password/?email=nadie.conocido%40example.com');
      const m = await createTestMember(t, { session: false });
      const known = await api.get(`/api/forgoten-password/?email=${encodeURIComponent(m.email)}`);
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      // The known address's mail arrives; by then a mail to the unknown one would have too.
      await smtp.waitForMail(m.email);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mailsTo('nadie.conocido@example.com')).toEqual([]);
      const resets = await t.db.kysely.selectFrom('password_resets').select('member_id').execute();
      expect(resets.every((r) => r.member_id)).toBe(true);
    });

    it('does the same work for a known and an unknown address: one queued request each', async () => {
      const t = get();
      const api = apiClient(t.app);
      const m = await createTestMember(t, { session: false });
      const requests = async () =>
        (await t.db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'password-reset').execute()).map(
          (row) => JSON.parse(row.payload) as { email: string },
        );
      const before = (await requests()).length;
      expect((await api.get('/api/forgoten-password/?email=otra.persona%40example.com')).statusCode).toBe(200);
      expect((await requests()).length).toBe(before + 1);
      expect((await api.get(`/api/forgoten-password/?email=${encodeURIComponent(m.email)}`)).statusCode).toBe(200);
      expect((await requests()).map((r) => r.email)).toEqual(expect.arrayContaining(['otra.persona@example.com', m.email]));
      expect((await requests()).length).toBe(before + 2);
      // The worker mails the member afterwards, and only the member.
      await smtp.waitForMail(m.email);
      expect(await mailsTo('otra.persona@example.com')).toEqual([]);
    });

    it('refuses an invalid or missing address with VALIDATION_ERROR and sends nothing', async () => {
      const api = apiClient(get().app);
      const count = smtp.received.length;
      expect(expectError(await api.get('/api/forgoten-password/?email=not-an-address'), 400, 'VALIDATION_ERROR').fields).toEqual({
        email: ['email'],
      });
      expect(expectError(await api.get('/api/forgoten-password/'), 400, 'VALIDATION_ERROR').fields).toEqual({
        email: ['required'],
      });
      expect(smtp.received.length).toBe(count);
    });

    it('writes the mail in the member language', async () => {
      const t = get();
      const ca = await createTestMember(t, { language: 'ca', session: false });
      const en = await createTestMember(t, { language: 'en', session: false });
      expect((await requestReset(t, ca)).mail.subject).toBe('Restableix la teva contrasenya');
      const english = (await requestReset(t, en)).mail;
      expect(english.subject).toBe('Reset your password');
      expect(english.text).toContain(`Hello ${en.user.nombre},`);
    });

    it('resets once with the mailed link; the member is not signed in, gets a notice, and old tokens die', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password, true);
      const { hash, token } = await requestReset(t, m);
      const api = apiClient(t.app);
      const res = await api.put('/api/reset-password/', { hash, token, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      // No session in the answer: the member signs in with the new password.
      expect(JSON.stringify(res.json())).not.toContain('token');
      expectError(await api.get('/api/active-user/', session.token), 401, 'NOT_AUTHENTICATED');
      expectError(await api.post('/api/login/', { login: m.login, password: m.password }), 401, 'INVALID_CREDENTIALS');
      await signIn(t, m.login, NEW_PASSWORD);
      const notice = await waitForSubject(m.email, 'Tu contraseña ha cambiado');
      expect(notice.text).not.toMatch(/https?:\/\/\S+token=/);
      // Single use.
      expectError(await api.put('/api/reset-password/', { hash, token, password: 'Otra2025pass' }), 400, 'INVALID_TOKEN');
      await signIn(t, m.login, NEW_PASSWORD);
    });

    it('refuses a wrong token, an unknown hash and a link older than one hour', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const { hash, token } = await requestReset(t, m);
      const api = apiClient(t.app);
      expectError(await api.put('/api/reset-password/', { hash, token: 'a'.repeat(64), password: NEW_PASSWORD }), 400, 'INVALID_TOKEN');
      expectError(await api.put('/api/reset-password/', { hash: 'unknown-id', token, password: NEW_PASSWORD }), 400, 'INVALID_TOKEN');
      t.clock.advance(HOUR);
      expectError(await api.put('/api/reset-password/', { hash, token, password: NEW_PASSWORD }), 400, 'INVALID_TOKEN');
      await signIn(t, m.login, m.password);
      // A link asked for a minute before the hour ends still works.
      const fresh = await requestReset(t, m);
      t.clock.advance(HOUR - 60_000);
      expect((await api.put('/api/reset-password/', { hash: fresh.hash, token: fresh.token, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('voids a pending link once the password changes', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const first = await requestReset(t, m);
      const second = await requestReset(t, m);
      const api = apiClient(t.app);
      const session = await signIn(t, m.login, m.password);
      const changed = await api.put(
        '/api/change-password/',
        { uuid: m.user.uuid, oldPassword: m.password, newPassword: NEW_PASSWORD },
        session.token,
      );
      expect(changed.statusCode).toBe(200);
      for (const link of [first, second]) {
        expectError(await api.put('/api/reset-password/', { hash: link.hash, token: link.token, password: 'Otra2025pass' }), 400, 'INVALID_TOKEN');
      }
      // A reset also voids the member's other pending link.
      const third = await requestReset(t, m);
      const fourth = await requestReset(t, m);
      expect((await api.put('/api/reset-password/', { hash: third.hash, token: third.token, password: 'Tercera2025x' })).statusCode).toBe(200);
      expectError(await api.put('/api/reset-password/', { hash: fourth.hash, token: fourth.token, password: 'Cuarta2025x' }), 400, 'INVALID_TOKEN');
      await signIn(t, m.login, 'Tercera2025x');
    });

    it('answers WEAK_PASSWORD for a reset to a weak or common password, VALIDATION_ERROR for the rest', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const { hash, token } = await requestReset(t, m);
      const api = apiClient(t.app);
      const cases: Array<[string, string]> = [
        ['alllowercase1', 'pattern'],
        ['Short1', 'minlength'],
        ['Password123', 'common'],
      ];
      for (const [password, code] of cases) {
        const body = expectError(await api.put('/api/reset-password/', { hash, token, password }), 400, 'WEAK_PASSWORD');
        expect(body.fields).toEqual({ password: [code] });
      }
      const tooLong = expectError(await api.put('/api/reset-password/', { hash, token, password: `Aa1${'x'.repeat(126)}` }), 400, 'VALIDATION_ERROR');
      expect(tooLong.fields).toEqual({ password: ['maxlength'] });
      const missing = expectError(await api.put('/api/reset-password/', { hash, password: 'alllowercase1' }), 400, 'VALIDATION_ERROR');
      expect(missing.fields).toEqual({ token: ['required'], password: ['pattern'] });
      // None of those used the link up.
      expect((await api.put('/api/reset-password/', { hash, token, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('changes the password: 200, every token of the member revoked, the new password works', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const one = await signIn(t, m.login, m.password);
      const two = await signIn(t, m.login, m.password, true);
      const api = apiClient(t.app);
      const res = await api.put(
        '/api/change-password/',
        { uuid: m.user.uuid, oldPassword: m.password, newPassword: NEW_PASSWORD },
        one.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      expectError(await api.get('/api/active-user/', one.token), 401, 'NOT_AUTHENTICATED');
      expectError(await api.get('/api/active-user/', two.token), 401, 'NOT_AUTHENTICATED');
      expectError(await api.post('/api/login/', { login: m.login, password: m.password }), 401, 'INVALID_CREDENTIALS');
      await signIn(t, m.login, NEW_PASSWORD);
    });

    it('refuses a change with WRONG_PASSWORD, WEAK_PASSWORD, 403 for another uuid and 401 without a session', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const other = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const change = (body: Record<string, unknown>, token = session.token) =>
        api.put('/api/change-password/', { uuid: m.user.uuid, oldPassword: m.password, newPassword: NEW_PASSWORD, ...body }, token);
      expectError(await change({ oldPassword: 'NotMine2025' }), 400, 'WRONG_PASSWORD');
      expect(expectError(await change({ newPassword: 'weakpassword' }), 400, 'WEAK_PASSWORD').fields).toEqual({ newPassword: ['pattern'] });
      expect(expectError(await change({ newPassword: 'Qwerty123' }), 400, 'WEAK_PASSWORD').fields).toEqual({ newPassword: ['common'] });
      expect(expectError(await change({ oldPassword: '' }), 400, 'VALIDATION_ERROR').fields).toEqual({ oldPassword: ['required'] });
      expect(expectError(await change({ oldPassword: 'x'.repeat(129) }), 400, 'VALIDATION_ERROR').fields).toEqual({
        oldPassword: ['maxlength'],
      });
      expectError(await change({ uuid: other.user.uuid }), 403, 'FORBIDDEN');
      expectError(await change({}, ''), 401, 'NOT_AUTHENTICATED');
      // None of the refusals changed anything: the session and the old password still work.
      expect((await api.get('/api/active-user/', session.token)).statusCode).toBe(200);
      await signIn(t, other.login, other.password);
      await signIn(t, m.login, m.password);
    });
  },
  { env: { SMTP_URL: smtp.url, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_FORGOTTEN: '1000' } },
);

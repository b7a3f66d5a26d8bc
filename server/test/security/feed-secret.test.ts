import { afterAll, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { signIn } from '../auth/accounts.ts';
import { down, up } from '../../src/db/migrations/0013-feed-token-hash.ts';

// Finding of the hardening attack: the personal calendar secret was kept in clear (every other
// secret is kept hashed), and a new password left it working. Now only its SHA-256 is stored,
// the address is derived again when the member asks, and a new password replaces it, with mail.

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NEW_PASSWORD = 'Nueva2025pass';

describeEachDatabase(
  'personal calendar secret',
  (get) => {
    const api = () => apiClient(get().app);
    const feedUrl = async (m: TestMember) => {
      const res = await api().get(`/api/registro/${m.user.uuid}/feed/`, m.token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { url: string }).url;
    };
    const secretOf = (url: string) => /\/api\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] ?? '';
    const calendar = (secret: string) => api().get(`/api/calendar/${secret}.ics`);
    /** Every text the database keeps about the member, as one string. */
    const stored = async (t: TestApp, m: TestMember) =>
      JSON.stringify(await t.db.kysely.selectFrom('members').selectAll().where('id', '=', m.user.uuid).executeTakeFirst());

    it('keeps only the hash of the secret, and shows the member the same address again', async () => {
      const t = get();
      const m = await createTestMember(t);
      const url = await feedUrl(m);
      const secret = secretOf(url);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await stored(t, m);
      expect(row).not.toContain(secret);
      expect(row).toContain(sha256(secret));
      expect(await feedUrl(m)).toBe(url);
      expect((await calendar(secret)).statusCode).toBe(200);
      // The stored hash is no address.
      expect((await calendar(sha256(secret))).statusCode).toBe(404);
    });

    it('hashes the secrets made before, which keep working until the member replaces the address', async () => {
      const t = get();
      const m = await createTestMember(t);
      const other = await createTestMember(t);
      // The schema as it was, with a secret in clear.
      await down(t.db.kysely as unknown as Kysely<unknown>);
      const old = 'f'.repeat(32) + '0123456789abcdef0123456789abcdef';
      const db = t.db.kysely as unknown as Kysely<{ members: { id: string; feed_token: string | null } }>;
      await db.updateTable('members').set({ feed_token: old }).where('id', '=', m.user.uuid).execute();
      await up(t.db.kysely as unknown as Kysely<unknown>);
      const row = await stored(t, m);
      expect(row).not.toContain(old);
      expect(row).toContain(sha256(old));
      expect(await stored(t, other)).not.toContain('"feed_legacy_hash":"');
      expect((await calendar(old)).statusCode).toBe(200);
      // The member is shown a new address, derived; the old one still answers meanwhile.
      const shown = secretOf(await feedUrl(m));
      expect(shown).not.toBe(old);
      expect((await calendar(shown)).statusCode).toBe(200);
      expect((await calendar(old)).statusCode).toBe(200);
      const renewed = await api().post(`/api/registro/${m.user.uuid}/feed/`, {}, m.token);
      expect(renewed.statusCode).toBe(200);
      expect((await calendar(old)).statusCode).toBe(404);
      expect((await calendar(shown)).statusCode).toBe(404);
      expect((await calendar(secretOf(renewed.json().url))).statusCode).toBe(200);
    });

    it('replaces the address when the password changes, and says so in the mail', async () => {
      const t = get();
      const m = await createTestMember(t, { language: 'en' });
      const secret = secretOf(await feedUrl(m));
      const changed = await api().put(
        '/api/change-password/',
        { uuid: m.user.uuid, oldPassword: m.password, newPassword: NEW_PASSWORD },
        m.token,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await calendar(secret)).statusCode).toBe(404);
      const mail = await smtp.waitFor((x) => x.to.includes(m.email) && x.subject === 'Your password has changed');
      expect(mail.text).toContain('Your personal calendar address has been replaced');
      const session = await signIn(t, m.login, NEW_PASSWORD);
      const next = secretOf(await feedUrl({ ...m, token: session.token }));
      expect(next).not.toBe(secret);
      expect((await calendar(next)).statusCode).toBe(200);
    });

    it('replaces the address when the password is reset, and says so in the notice', async () => {
      const t = get();
      const m = await createTestMember(t, { language: 'ca' });
      const secret = secretOf(await feedUrl(m));
      expect((await api().get(`/api/forgoten-password/?email=${encodeURIComponent(m.email)}`)).statusCode).toBe(200);
      const linkMail = await smtp.waitFor((x) => x.to.includes(m.email) && /reset-password\?/.test(x.text));
      const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(linkMail.text)?.[0] ?? '');
      const reset = await api().put('/api/reset-password/', {
        hash: link.searchParams.get('hash'),
        token: link.searchParams.get('token'),
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await calendar(secret)).statusCode).toBe(404);
      const notice = await smtp.waitFor((x) => x.to.includes(m.email) && x.subject === 'La teva contrasenya ha canviat');
      expect(notice.text).toContain('La teva adreça personal de calendari també');
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

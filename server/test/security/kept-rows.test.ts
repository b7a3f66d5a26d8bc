import { afterAll, expect, it } from 'vitest';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import { signIn } from '../auth/accounts.ts';
import { hashSecret, isoOf, newId, newSecret } from '../../src/lib/ids.ts';
import { KEPT_PER_MEMBER } from '../../src/modules/auth/repository.ts';
import { VERIFICATIONS_KEPT } from '../../src/modules/members/repository.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// Review of the hardening attack ("any other call whose answer grows with what a member can
// store"): every sign-in left a token row, every reset or address link a row, for ever; the
// member's export lists them all. A member keeps the newest 100 sessions, 20 reset links and
// 20 address links: the next one takes the oldest's place.

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const count = async (t: TestApp, table: 'tokens' | 'password_resets' | 'email_verifications', memberId: string) =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** `n` rows stamped a minute apart before now, oldest first. */
const minutesAgo = (t: TestApp, n: number) =>
  Array.from({ length: n }, (_, i) => isoOf(new Date(t.clock.now().getTime() - (n - i) * 60_000)));

describeEachDatabase(
  'what a member repeats is kept to the newest few',
  (get) => {
    it('keeps the newest 100 sessions: a sign-in past them ends the oldest', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const tokens = minutesAgo(t, 150).map((createdAt) => ({ secret: newSecret(), createdAt }));
      await t.db.kysely
        .insertInto('tokens')
        .values(
          tokens.map(({ secret, createdAt }) => ({
            token_hash: hashSecret(secret),
            member_id: m.user.uuid,
            remember: 1,
            created_at: createdAt,
            expires_at: isoOf(new Date(t.clock.now().getTime() + 86_400_000)),
            revoked_at: null,
          })),
        )
        .execute();
      const session = await signIn(t, m.login, m.password);
      expect(await count(t, 'tokens', m.user.uuid)).toBe(KEPT_PER_MEMBER.tokens);
      const api = apiClient(t.app);
      expect((await api.get('/api/active-user/', session.token)).statusCode).toBe(200);
      // The newest 99 of those before it are live; the 51 oldest are gone.
      expect((await api.get('/api/active-user/', tokens[tokens.length - 1]!.secret)).statusCode).toBe(200);
      expect((await api.get('/api/active-user/', tokens[tokens.length - 99]!.secret)).statusCode).toBe(200);
      expect((await api.get('/api/active-user/', tokens[tokens.length - 100]!.secret)).statusCode).toBe(401);
      expect((await api.get('/api/active-user/', tokens[0]!.secret)).statusCode).toBe(401);
      // And the export lists what is kept.
      const exported = (await api.get(`/api/registro/${m.user.uuid}/export/`, session.token)).json() as { sessions: unknown[] };
      expect(exported.sessions).toHaveLength(KEPT_PER_MEMBER.tokens);
    });

    it('keeps the newest 20 reset links and 20 address links', async () => {
      const t = get();
      const m = await createTestMember(t);
      const stamps = minutesAgo(t, 30);
      await t.db.kysely
        .insertInto('password_resets')
        .values(
          stamps.map((createdAt) => ({
            id: newId(),
            member_id: m.user.uuid,
            token_hash: hashSecret(newSecret()),
            created_at: createdAt,
            expires_at: createdAt,
            used_at: null,
          })),
        )
        .execute();
      await t.db.kysely
        .insertInto('email_verifications')
        .values(
          stamps.map((createdAt) => ({
            id: newId(),
            member_id: m.user.uuid,
            email: m.user.email,
            token_hash: hashSecret(newSecret()),
            created_at: createdAt,
            expires_at: createdAt,
            used_at: createdAt,
          })),
        )
        .execute();
      await t.db.kysely.updateTable('members').set({ email_verified: 0 }).where('id', '=', m.user.uuid).execute();
      const api = apiClient(t.app);
      expect((await api.get(`/api/forgoten-password/?email=${encodeURIComponent(m.user.email)}`)).statusCode).toBe(200);
      expect((await api.post('/api/registro/verify/', {}, m.token)).statusCode).toBe(202);
      await smtp.waitFor((mail) => mail.to.includes(m.user.email) && /reset-password/.test(mail.text), 30_000);
      expect(await count(t, 'password_resets', m.user.uuid)).toBe(KEPT_PER_MEMBER.passwordResets);
      expect(await count(t, 'email_verifications', m.user.uuid)).toBe(VERIFICATIONS_KEPT);
    });
  },
  { now: TEST_NOW, env: { SMTP_URL: smtp.url } },
);

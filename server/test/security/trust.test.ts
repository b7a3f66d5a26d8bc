import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventType } from '@club/contract/enums';
import { userSchema } from '@club/contract/schemas';
import { expectError, signIn, uniqueName } from '../auth/accounts.ts';
import { ALL_FLAGS, createTestMember, PASSWORD } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiClient, createTestApp, createTestDatabase, TEST_DIALECTS } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from '../events/fixtures.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';

// Findings of the attack on trust (issue "Trust and hardening", items 1 to 4), replayed on
// every database: what people declare is not what the club vouches for.

const HOUR = 3_600_000;

function linkIn(text: string): { id: string; token: string; href: string } {
  const href = /https?:\/\/\S+\/verify-email\?\S+/.exec(text)?.[0];
  if (!href) throw new Error(`no verification link in: ${text}`);
  const url = new URL(href);
  return { id: url.searchParams.get('id') ?? '', token: url.searchParams.get('token') ?? '', href };
}

const stage = {
  name: 'Mi ejercicio',
  public: false,
  designWidth: 1000,
  designHeigth: 500,
  randomElements: false,
  maxRandomElements: 0,
  elements: [],
};

describe.each(TEST_DIALECTS)('trust [%s]', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const api = () => apiClient(t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example', CLUB_EMAIL: 'secretaria@club.example' },
      now: TEST_NOW,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The next mail to `to` whose text matches, waiting for new ones as they arrive. */
  async function mailMatching(to: string, pattern: RegExp, skip = 0): Promise<string> {
    for (;;) {
      const texts = smtp.received.filter((m) => m.to.includes(to) && pattern.test(m.text)).map((m) => m.text);
      if (texts.length > skip) return texts[skip];
      await smtp.waitForMail(`${uniqueName('none')}@nowhere.example`, 100).catch(() => undefined);
    }
  }

  async function register(extra: Record<string, unknown> = {}) {
    const login = uniqueName('nuevo');
    const email = `${login}@example.com`;
    const res = await api().post('/api/registro/', {
      login,
      password: PASSWORD,
      nombre: 'Joan',
      apellidos: 'Vila',
      email,
      mobil: '611222333',
      nacimiento: '1990-05-06',
      sexo: 1,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = await signIn(t, login, PASSWORD);
    return { login, email, user: userSchema.parse(res.json()), token: session.token };
  }

  describe('verified e-mail', () => {
    it('mails a single-use link built from PUBLIC_URL; until it is followed booking and kept stages answer 403', async () => {
      const me = await register();
      expect(me.user.emailVerificado).toBe(false);
      const mail = await smtp.waitForMail(me.email);
      const link = linkIn(mail.text);
      expect(link.href.startsWith('https://club.example/verify-email?')).toBe(true);
      // The database keeps the hash only.
      const stored = await t.db.kysely.selectFrom('email_verifications').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(link.token);
      expect(stored.token_hash).toHaveLength(64);

      const event = await insertEvent(t, { type: EventType.functionalTraining });
      // Staff gave the member a number, so only the address stands between them and a seat.
      await t.db.kysely.updateTable('members').set({ socio: `V-${me.login}` }).where('id', '=', me.user.uuid).execute();
      expectError(await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token), 403, 'EMAIL_NOT_VERIFIED');
      expectError(await api().post('/api/stages/', stage, me.token), 403, 'EMAIL_NOT_VERIFIED');
      // Signing in, the calendar and the profile need no verification.
      expect((await api().get('/api/2025/7/', me.token)).statusCode).toBe(200);
      expect((await api().get('/api/registry/actvie-user/', me.token)).statusCode).toBe(200);

      const wrong = await api().get(`/api/registro/verify/?id=${link.id}&token=${'0'.repeat(64)}`);
      expectError(wrong, 400, 'INVALID_TOKEN');
      const ok = await api().get(`/api/registro/verify/?id=${link.id}&token=${link.token}`);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({});
      // Opened again (a second click, a mail app's preview): the address is confirmed, and says so;
      // the link still confirms nothing for someone who does not hold its token.
      const again = await api().get(`/api/registro/verify/?id=${link.id}&token=${link.token}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ alreadyConfirmed: true });
      expectError(await api().get(`/api/registro/verify/?id=${link.id}&token=${'1'.repeat(64)}`), 400, 'INVALID_TOKEN');

      const user = userSchema.parse((await api().get('/api/registry/actvie-user/', me.token)).json());
      expect(user.emailVerificado).toBe(true);
      expect((await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token)).statusCode).toBe(200);
      expect((await api().post('/api/stages/', stage, me.token)).statusCode).toBe(201);
    });

    it('refuses a link older than 48 hours', async () => {
      const me = await register();
      const link = linkIn((await smtp.waitForMail(me.email)).text);
      t.clock.advance(48 * HOUR + 1000);
      try {
        expectError(await api().get(`/api/registro/verify/?id=${link.id}&token=${link.token}`), 400, 'INVALID_TOKEN');
      } finally {
        t.clock.set(TEST_NOW);
      }
    });

    it('sends the link again on request, throttled, and only the newest link works', async () => {
      const me = await register();
      const first = linkIn((await smtp.waitForMail(me.email)).text);
      const again = await api().post('/api/registro/verify/', {}, me.token);
      expect(again.statusCode).toBe(202);
      const second = linkIn(await mailMatching(me.email, /verify-email/, 1));
      expect(second.id).not.toBe(first.id);
      expectError(await api().get(`/api/registro/verify/?id=${first.id}&token=${first.token}`), 400, 'INVALID_TOKEN');
      let status = 202;
      let sent = 2;
      for (let i = 0; i < 10 && status === 202; i += 1) {
        status = (await api().post('/api/registro/verify/', {}, me.token)).statusCode;
        if (status === 202) sent += 1;
      }
      expect(status).toBe(429);
      expect(sent).toBeGreaterThan(2);
      // Mails may arrive in any order; the one link still pending is the newest.
      const pending = await t.db.kysely
        .selectFrom('email_verifications')
        .select('id')
        .where('member_id', '=', me.user.uuid)
        .where('used_at', 'is', null)
        .execute();
      expect(pending).toHaveLength(1);
      const newest = linkIn(await mailMatching(me.email, new RegExp(`id=${pending[0].id}`)));
      expect((await api().get(`/api/registro/verify/?id=${newest.id}&token=${newest.token}`)).statusCode).toBe(200);
    });

    it('counts members made by staff or the command line, and reset-link followers, as verified', async () => {
      const made = await createTestMember(t);
      expect(made.user.emailVerificado).toBe(true);
      const me = await register();
      await api().get(`/api/forgoten-password/?email=${encodeURIComponent(me.email)}`);
      const text = await mailMatching(me.email, /reset-password\?/);
      const url = new URL(/https?:\/\/\S+reset-password\?\S+/.exec(text)?.[0] ?? '');
      const reset = await api().put('/api/reset-password/', {
        hash: url.searchParams.get('hash'),
        token: url.searchParams.get('token'),
        password: 'Nueva2025xy',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const session = await signIn(t, me.login, 'Nueva2025xy');
      expect(session.user.emailVerificado).toBe(true);
      // The notice says "reply if it was not you": the reply must reach the club, not no-reply.
      await mailMatching(me.email, /sesiones/);
      const notice = smtp.received.find((m) => m.to.includes(me.email) && /sesiones/.test(m.text));
      expect(JSON.stringify(notice?.headers.get('reply-to'))).toContain('secretaria@club.example');
    });

    it('changes the address with the password: a link to the new one, a notice to the old one, the change when followed', async () => {
      const me = await createTestMember(t, ALL_FLAGS);
      const oldEmail = me.user.email;
      const newEmail = `${uniqueName('cambio')}@example.com`;
      expectError(await api().put(`/api/registro/${me.user.uuid}/email/`, { email: newEmail, password: 'Wrong2025xx' }, me.token), 400, 'WRONG_PASSWORD');
      const other = await createTestMember(t);
      expectError(await api().put(`/api/registro/${other.user.uuid}/email/`, { email: newEmail, password: PASSWORD }, me.token), 403, 'FORBIDDEN');
      const res = await api().put(`/api/registro/${me.user.uuid}/email/`, { email: newEmail, password: PASSWORD }, me.token);
      expect(res.statusCode, res.body).toBe(202);
      const notice = await smtp.waitForMail(oldEmail);
      expect(notice.text).not.toContain('verify-email');
      expect(JSON.stringify(notice.headers.get('reply-to'))).toContain('secretaria@club.example');
      const link = linkIn((await smtp.waitForMail(newEmail)).text);
      // Nothing changes until the link is followed, and the member stays verified meanwhile.
      let user = userSchema.parse((await api().get('/api/registry/actvie-user/', me.token)).json());
      expect(user.email).toBe(oldEmail);
      expect((await api().get(`/api/registro/verify/?id=${link.id}&token=${link.token}`)).statusCode).toBe(200);
      user = userSchema.parse((await api().get('/api/registry/actvie-user/', me.token)).json());
      expect(user.email).toBe(newEmail);
      expect(user.emailVerificado).toBe(true);
      // The old address no longer gets reset links; the new one does.
      const taken = await api().put(`/api/registro/${other.user.uuid}/email/`, { email: newEmail, password: PASSWORD }, other.token);
      expectError(taken, 409, 'EMAIL_TAKEN');
    });
  });

  describe('member numbers', () => {
    it('keeps the number typed at registration as a claim that gives no eligibility', async () => {
      const holder = await createTestMember(t, { socio: `S-${uniqueName('x').slice(-8)}` });
      const me = await register({ socio: holder.user.socio });
      expect(me.user.socio).toBeNull();
      expect(me.user.socioSolicitado).toBe(holder.user.socio);
      const link = linkIn((await smtp.waitForMail(me.email)).text);
      await api().get(`/api/registro/verify/?id=${link.id}&token=${link.token}`);
      // A members-only event (IPSC class needs socio): not eligible on a claim.
      const event = await insertEvent(t, { type: EventType.precisionTraining });
      expectError(await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token), 403, 'NOT_ELIGIBLE');
    });

    it('lists pending claims for staff, who confirm or reject each in one call; numbers are unique', async () => {
      const staff = await createTestMember(t, { staff: true });
      const number = `C-${uniqueName('x').slice(-8)}`;
      const a = await register({ socio: number });
      const b = await register({ socio: number });
      expectError(await api().get('/api/admin/users/?claims=1', a.token), 403, 'FORBIDDEN');
      const claims = (await api().get('/api/admin/users/?claims=1', staff.token)).json() as Array<{ uuid: string; socioSolicitado: string }>;
      expect(claims.map((c) => c.uuid)).toEqual(expect.arrayContaining([a.user.uuid, b.user.uuid]));
      expect(claims.every((c) => c.socioSolicitado !== null)).toBe(true);

      const confirmed = await api().put(`/api/admin/users/${a.user.uuid}/`, { socio: number }, staff.token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ socio: number, socioSolicitado: null });
      expectError(await api().put(`/api/admin/users/${b.user.uuid}/`, { socio: number }, staff.token), 409, 'SOCIO_TAKEN');
      const rejected = await api().put(`/api/admin/users/${b.user.uuid}/`, { socioSolicitado: null }, staff.token);
      expect(rejected.json()).toMatchObject({ socio: null, socioSolicitado: null });
      const after = (await api().get('/api/admin/users/?claims=1', staff.token)).json() as Array<{ uuid: string }>;
      expect(after.map((c) => c.uuid)).not.toContain(a.user.uuid);
      expect(after.map((c) => c.uuid)).not.toContain(b.user.uuid);
      // The member cannot set either through the profile.
      const profile = await api().put(`/api/registro/${b.user.uuid}/`, { uuid: b.user.uuid, socio: number, mobil: '611222333', nacimiento: '1990-05-06', sexo: 1 }, b.token);
      expect(profile.json().socio).toBeNull();
    });

    it('holds uniqueness in the database even when two staff calls race', async () => {
      const staff = await createTestMember(t, { staff: true });
      const number = `R-${uniqueName('x').slice(-8)}`;
      const members = await Promise.all([createTestMember(t), createTestMember(t), createTestMember(t)]);
      const results = await Promise.all(members.map((m) => api().put(`/api/admin/users/${m.user.uuid}/`, { socio: number }, staff.token)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, 'SOCIO_TAKEN');
    });
  });

  describe('privacy of the export', () => {
    it('shows contact messages only for a verified address; deleting the account removes them', async () => {
      const victim = `${uniqueName('victima')}@example.com`;
      const sent = await api().post('/api/send-message/', { name: 'Víctima', email: victim, subject: 'Privado', message: 'Mi secreto' });
      expect(sent.statusCode).toBe(201);
      const impostor = await register({ email: victim });
      const exported = (await api().get(`/api/registro/${impostor.user.uuid}/export/`, impostor.token)).json();
      expect(exported.contactMessages).toEqual([]);
      // Deleting the unverified account leaves the real owner's messages alone.
      expect((await api().delete(`/api/registro/${impostor.user.uuid}/`, { password: PASSWORD }, impostor.token)).statusCode).toBe(204);
      const left = await t.db.kysely.selectFrom('contact_messages').select('id').where('email', '=', victim).execute();
      expect(left).toHaveLength(1);

      const owner = await register({ email: victim });
      // Both registrations' links, in whatever order the mail queue delivered them: the
      // impostor's account is gone, so only the owner's link verifies.
      const links = [linkIn(await mailMatching(victim, /verify-email/, 0)), linkIn(await mailMatching(victim, /verify-email/, 1))];
      const answers = [];
      for (const link of links) answers.push((await api().get(`/api/registro/verify/?id=${link.id}&token=${link.token}`)).statusCode);
      expect(answers.sort()).toEqual([200, 400]);
      const mine = (await api().get(`/api/registro/${owner.user.uuid}/export/`, owner.token)).json();
      expect(mine.contactMessages).toHaveLength(1);
      expect((await api().delete(`/api/registro/${owner.user.uuid}/`, { password: PASSWORD }, owner.token)).statusCode).toBe(204);
      const gone = await t.db.kysely.selectFrom('contact_messages').select('id').where('email', '=', victim).execute();
      expect(gone).toHaveLength(0);
    });
  });

  describe('registrations staff decided', () => {
    it.each([
      ['confirmed', 3],
      ['finalised', 4],
      ['cancelled', 2],
    ])('a registration staff %s can be neither changed nor re-opened by the member', async (_name, status) => {
      const staff = await createTestMember(t, { staff: true });
      const me = await createTestMember(t, ALL_FLAGS);
      const event = await insertEvent(t, { type: EventType.functionalTraining });
      expect((await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token)).statusCode).toBe(200);
      const set = await api().put(`/api/admin/events/${event}/participants/${me.user.uuid}/`, { status }, staff.token);
      expect(set.statusCode, set.body).toBe(200);
      expectError(await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 2), me.token), 409, 'REGISTRATION_LOCKED');
      expectError(await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1, { division: 3 }), me.token), 409, 'REGISTRATION_LOCKED');
      expectError(await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token), 409, 'REGISTRATION_LOCKED');
      // Staff handing it back (reservado) returns it to the member.
      await api().put(`/api/admin/events/${event}/participants/${me.user.uuid}/`, { status: 1 }, staff.token);
      expect((await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 2), me.token)).statusCode).toBe(200);
    });

    it('a member who cancelled themselves may still register again', async () => {
      const me = await createTestMember(t, ALL_FLAGS);
      const event = await insertEvent(t, { type: EventType.functionalTraining });
      expect((await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token)).statusCode).toBe(200);
      expect((await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 2), me.token)).statusCode).toBe(200);
      expect((await api().put(`/api/events/${event}/subscribe/`, subscribeBody(me.user.uuid, 1), me.token)).statusCode).toBe(200);
    });
  });
});

describe.each(TEST_DIALECTS)('verification at migration [%s]', (dialect) => {
  it('counts existing members as verified and turns a duplicated member number into a claim', async () => {
    const database = await createTestDatabase(dialect);
    const db = openDatabase(database.url);
    try {
      // Bring the database to the schema before this change, with members as they were.
      const { Migrator } = await import('kysely');
      const migrations = await import('../../src/db/migrations/0001-initial.ts');
      const version = await import('../../src/db/migrations/0002-events-version.ts');
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => ({ '0001-initial': migrations, '0002-events-version': version }) },
        ...(dialect === 'postgres' ? { migrationTableSchema: new URL(database.url).searchParams.get('options')?.split('=')[1] } : {}),
      });
      const before = await migrator.migrateToLatest();
      expect(before.error).toBeUndefined();
      const base = { password_hash: 'x', password_changed_at: '2020-01-01T00:00:00.000Z', nombre: 'A', apellidos: 'B', mobil: '600000000', nacimiento: '1990-01-01', sexo: 1, socio: '0001', updated_at: '2020-01-01T00:00:00.000Z' };
      await db.kysely
        .insertInto('members')
        // The columns of this change do not exist yet.
        .values([
          { ...base, id: '00000000-0000-4000-8000-000000000001', login: 'first', login_key: 'first', email: 'f@x.es', email_key: 'f@x.es', created_at: '2020-01-01T00:00:00.000Z' },
          { ...base, id: '00000000-0000-4000-8000-000000000002', login: 'second', login_key: 'second', email: 's@x.es', email_key: 's@x.es', created_at: '2021-01-01T00:00:00.000Z' },
        ] as never)
        .execute();
      await migrateToLatest(db.kysely);
      const rows = await db.kysely.selectFrom('members').select(['login', 'socio', 'socio_solicitado', 'email_verified']).orderBy('login').execute();
      expect(rows).toEqual([
        { login: 'first', socio: '0001', socio_solicitado: null, email_verified: 1 },
        { login: 'second', socio: null, socio_solicitado: '0001', email_verified: 1 },
      ]);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

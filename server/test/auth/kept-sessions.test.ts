import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { countingApp } from '../support/statement-counter.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// A server keeps what a session token stands for until the database's sessions version moves
// (migration 0009). Two servers share one database here: the first one counts its statements;
// whatever the other one (or a hand-written statement) changes, the first one sees at once.
describeEachDatabase(
  'a session is kept until anything about it changes, in any process',
  (get) => {
    let first: FastifyInstance;
    let counter: Awaited<ReturnType<typeof countingApp>>['counter'];
    let closeFirst: () => Promise<void>;

    beforeAll(async () => {
      const t = get();
      ({ app: first, counter, close: closeFirst } = await countingApp(t));
    });

    afterAll(async () => {
      await closeFirst();
    });

    it('answers a known session with one statement (the versions), however often it calls', async () => {
      const member = await createTestMember(get(), ALL_FLAGS);
      const api = apiClient(first);
      expect((await api.get('/api/2025/7/', member.token)).statusCode).toBe(200);
      counter.count = 0;
      for (let i = 0; i < 3; i += 1) {
        const res = await api.get('/api/2025/7/', member.token);
        expect(res.statusCode).toBe(200);
      }
      expect(counter.count).toBe(3);
      // The member's own data through the session: the versions, then the call's own reads.
      const active = await api.get('/api/active-user/', member.token);
      expect(active.statusCode).toBe(200);
      expect(active.json().user.uuid).toBe(member.user.uuid);
    });

    it('refuses a token at once after the other process signed it out', async () => {
      const member = await createTestMember(get(), ALL_FLAGS);
      const api = apiClient(first);
      expect((await api.get('/api/active-user/', member.token)).statusCode).toBe(200);
      const out = await apiClient(get().app).post('/api/logout/', undefined, member.token);
      expect(out.statusCode, out.body).toBeLessThan(300);
      expect((await api.get('/api/active-user/', member.token)).statusCode).toBe(401);
    });

    it('takes staff rights away at the next call when they are removed by hand', async () => {
      const staff = await createTestMember(get(), { ...ALL_FLAGS, staff: true });
      const api = apiClient(first);
      expect((await api.get('/api/admin/users/?q=ana', staff.token)).statusCode).toBe(200);
      await sql`update members set staff = 0 where id = ${staff.user.uuid}`.execute(get().db.kysely);
      expect((await api.get('/api/admin/users/?q=ana', staff.token)).statusCode).toBe(403);
    });

    it("shows a member's new name at once, and refuses the token of a member deleted by hand", async () => {
      const member = await createTestMember(get(), { ...ALL_FLAGS, nombre: 'Ana' });
      const api = apiClient(first);
      expect((await api.get('/api/active-user/', member.token)).json().user.nombre).toBe('Ana');
      await sql`update members set nombre = ${'Anna'} where id = ${member.user.uuid}`.execute(get().db.kysely);
      expect((await api.get('/api/active-user/', member.token)).json().user.nombre).toBe('Anna');
      await sql`delete from tokens where member_id = ${member.user.uuid}`.execute(get().db.kysely);
      await sql`delete from members where id = ${member.user.uuid}`.execute(get().db.kysely);
      expect((await api.get('/api/active-user/', member.token)).statusCode).toBe(401);
    });

    it('refuses a kept token once it has expired, with nothing written', async () => {
      const t = get();
      const member = await createTestMember(t, ALL_FLAGS);
      const api = apiClient(first);
      expect((await api.get('/api/active-user/', member.token)).statusCode).toBe(200);
      const now = t.clock.now();
      try {
        // The test token lasts a year.
        t.clock.set(new Date(now.getTime() + 366 * 24 * 3600 * 1000));
        expect((await api.get('/api/active-user/', member.token)).statusCode).toBe(401);
      } finally {
        t.clock.set(now);
      }
    });
  },
  { now: TEST_NOW },
);

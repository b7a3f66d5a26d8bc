import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

// The anonymous month answer is rendered once per version of the events; these tests prove
// that no write, through the API or straight into the database by another process, leaves it stale.
describeEachDatabase(
  'the public month stays current',
  (get) => {
    const month = async () => {
      const res = await apiClient(get().app).get('/api/2025/7/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return res.json() as Array<{ uuid: string; evento: string; plazasLibres: number }>;
    };

    it('shows a registration, a cancellation, a new event and a change made by another process', async () => {
      const t = get();
      const id = await insertEvent(t, { evento: 'Primero', plazas: 5 });
      expect((await month()).find((e) => e.uuid === id)?.plazasLibres).toBe(5);
      // The same answer twice: served from the rendered text.
      expect(await month()).toEqual(await month());

      const member = await createTestMember(t, ALL_FLAGS);
      const api = apiClient(t.app);
      const registered = await api.put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token);
      expect(registered.statusCode).toBe(200);
      expect((await month()).find((e) => e.uuid === id)?.plazasLibres).toBe(4);

      const cancelled = await api.put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 2), member.token);
      expect(cancelled.statusCode).toBe(200);
      expect((await month()).find((e) => e.uuid === id)?.plazasLibres).toBe(5);

      const second = await insertEvent(t, { evento: 'Segundo', start_at: '2025-07-20 10:00:00', end_at: '2025-07-20 12:00:00' });
      expect((await month()).map((e) => e.uuid)).toContain(second);

      // Another server process writes through its own connection to the same database.
      const other = openDatabase(t.config.databaseUrl);
      try {
        await other.kysely.updateTable('events').set({ evento: 'Renombrado' }).where('id', '=', id).execute();
        await sql`delete from events where id = ${second}`.execute(other.kysely);
      } finally {
        await other.close();
      }
      const after = await month();
      expect(after.find((e) => e.uuid === id)?.evento).toBe('Renombrado');
      expect(after.map((e) => e.uuid)).not.toContain(second);
    });

    it('never serves the anonymous answer to a member, nor a member’s to an anonymous caller', async () => {
      const t = get();
      const id = await insertEvent(t, { evento: 'Privado', status: 1, start_at: '2025-07-25 10:00:00', end_at: '2025-07-25 12:00:00' });
      expect((await month()).map((e) => e.uuid)).not.toContain(id);
      const member = await createTestMember(t, ALL_FLAGS);
      const res = await apiClient(t.app).get('/api/2025/7/', member.token);
      expect((res.json() as Array<{ uuid: string }>).map((e) => e.uuid)).toContain(id);
      expect((await month()).map((e) => e.uuid)).not.toContain(id);
    });
  },
  { now: TEST_NOW },
);

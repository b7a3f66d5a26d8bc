import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { eventSchema } from '@club/contract/schemas';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { countingApp } from '../support/statement-counter.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { TEST_NOW, insertEvent, subscribeBody } from './fixtures.ts';

// Staff's view of one event (every participant with contact fields) is kept until the events
// version moves. Two servers share one database: the first counts its statements and answers
// staff; the second (or a hand-written statement) makes the changes, as another process would.
describeEachDatabase(
  "staff's views of events are kept until anything in them changes, in any process",
  (get) => {
    let first: FastifyInstance;
    let counter: Awaited<ReturnType<typeof countingApp>>['counter'];
    let closeFirst: () => Promise<void>;
    let staff: TestMember;

    beforeAll(async () => {
      const t = get();
      ({ app: first, counter, close: closeFirst } = await countingApp(t));
      staff = await createTestMember(t, { ...ALL_FLAGS, staff: true });
    });

    afterAll(async () => {
      await closeFirst();
    });

    const staffView = async (id: string) => {
      const res = await apiClient(first).get(`/api/events/${id}/`, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      return eventSchema.parse(res.json());
    };

    it('answers again with one statement (the versions), the same text', async () => {
      const t = get();
      const id = await insertEvent(t);
      const ana = await createTestMember(t, { ...ALL_FLAGS, nombre: 'Ana' });
      expect((await apiClient(t.app).put(`/api/events/${id}/subscribe/`, subscribeBody(ana.user.uuid, 1), ana.token)).statusCode).toBe(200);
      const drawn = await apiClient(first).get(`/api/events/${id}/`, staff.token);
      expect(drawn.statusCode).toBe(200);
      counter.count = 0;
      for (let i = 0; i < 3; i += 1) {
        const again = await apiClient(first).get(`/api/events/${id}/`, staff.token);
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(drawn.body);
      }
      expect(counter.count).toBe(3);
    });

    it('shows at once a registration, a cancellation and a new name written by the other process', async () => {
      const t = get();
      const id = await insertEvent(t);
      expect((await staffView(id)).participantes).toEqual([]);
      const pere = await createTestMember(t, { ...ALL_FLAGS, nombre: 'Pere' });
      const other = apiClient(t.app);
      expect((await other.put(`/api/events/${id}/subscribe/`, subscribeBody(pere.user.uuid, 1), pere.token)).statusCode).toBe(200);
      const seated = await staffView(id);
      expect(seated.participantes.map((p) => p.uuid)).toEqual([pere.user.uuid]);
      expect(seated.plazasLibres).toBe(9);
      await sql`update members set nombre = ${'Pau'} where id = ${pere.user.uuid}`.execute(t.db.kysely);
      expect((await staffView(id)).participantes[0].fullName).toContain('Pau');
      expect((await other.put(`/api/events/${id}/subscribe/`, subscribeBody(pere.user.uuid, 2), pere.token)).statusCode).toBe(200);
      expect((await staffView(id)).plazasLibres).toBe(10);
    });

    it('still shows a member only their own registration, and a visitor none', async () => {
      const t = get();
      const id = await insertEvent(t);
      const [joan, marta] = [
        await createTestMember(t, { ...ALL_FLAGS, nombre: 'Joan' }),
        await createTestMember(t, { ...ALL_FLAGS, nombre: 'Marta' }),
      ];
      for (const m of [joan, marta]) {
        expect((await apiClient(t.app).put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token)).statusCode).toBe(200);
      }
      expect((await staffView(id)).participantes).toHaveLength(2);
      const asJoan = eventSchema.parse((await apiClient(first).get(`/api/events/${id}/`, joan.token)).json());
      expect(asJoan.participantes.map((p) => p.uuid)).toEqual([joan.user.uuid]);
      const asVisitor = eventSchema.parse((await apiClient(first).get(`/api/events/${id}/`)).json());
      expect(asVisitor.participantes).toEqual([]);
    });

    it("keeps staff's list of a month and a page of participants the same way", async () => {
      const t = get();
      const id = await insertEvent(t, { start_at: '2025-07-12 10:00:00', end_at: '2025-07-12 12:00:00' });
      const api = apiClient(first);
      const list = '/api/admin/events/?from=2025-07-01&to=2025-07-31';
      const page = `/api/admin/events/${id}/participants/?offset=0&limit=50`;
      const listed = await api.get(list, staff.token);
      const paged = await api.get(page, staff.token);
      expect([listed.statusCode, paged.statusCode]).toEqual([200, 200]);
      counter.count = 0;
      expect((await api.get(list, staff.token)).body).toBe(listed.body);
      expect((await api.get(page, staff.token)).body).toBe(paged.body);
      expect(counter.count).toBe(2);
      // A registration through the other process shows in both at once.
      const rosa = await createTestMember(t, { ...ALL_FLAGS, nombre: 'Rosa' });
      expect((await apiClient(t.app).put(`/api/events/${id}/subscribe/`, subscribeBody(rosa.user.uuid, 1), rosa.token)).statusCode).toBe(200);
      const listedAfter = (await api.get(list, staff.token)).json() as Array<{ uuid: string; plazasLibres: number }>;
      expect(listedAfter.find((e) => e.uuid === id)?.plazasLibres).toBe(9);
      const pagedAfter = (await api.get(page, staff.token)).json() as { total: number; participantes: Array<{ uuid: string }> };
      expect(pagedAfter.total).toBe(1);
      expect(pagedAfter.participantes.map((p) => p.uuid)).toEqual([rosa.user.uuid]);
      // Only staff: a member is refused, kept answer or not.
      expect((await api.get(page, rosa.token)).statusCode).toBe(403);
      expect((await api.get(list, rosa.token)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown event, as before', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await apiClient(first).get(`/api/events/${unknown}/`, staff.token)).statusCode).toBe(404);
      expect((await apiClient(first).get(`/api/admin/events/${unknown}/participants/`, staff.token)).statusCode).toBe(404);
    });
  },
  { now: TEST_NOW },
);

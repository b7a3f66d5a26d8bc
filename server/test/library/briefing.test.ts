import { beforeAll, expect, it } from 'vitest';
import { eventPracticeSchema } from '@club/contract/library';
import type { LibraryStage } from '@club/contract/library';
import type { Event } from '@club/contract/schemas';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { expectError } from '../auth/accounts.ts';
import { insertEvent, TEST_NOW } from '../events/fixtures.ts';
import { libraryBody } from './fixtures.ts';

const eventBody = (extra: Record<string, unknown> = {}) => ({
  type: 1,
  start: '2025-07-03 18:00:00',
  end: '2025-07-03 20:00:00',
  evento: 'Clase IPSC',
  plazas: 8,
  status: 2,
  ...extra,
});

describeEachDatabase(
  'library stages as event briefings and homework',
  (get) => {
    let staff: TestMember;
    let member: TestMember;
    let stage: LibraryStage;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true });
      member = await createTestMember(get());
      stage = (await apiClient(get().app).post('/api/library/stages/', libraryBody(), staff.token)).json<LibraryStage>();
    });

    it('lets staff attach a library stage to an event, change it and take it off', async () => {
      const api = apiClient(get().app);
      const created = await api.post('/api/admin/events/', eventBody({ stageId: stage.id }), staff.token);
      expect(created.statusCode, created.body).toBe(201);
      const [event] = created.json<Event[]>();
      expect(event?.stageId).toBe(stage.id);
      // Everyone reading the event sees it.
      expect((await api.get(`/api/events/${event!.uuid}/`, member.token)).json<Event>().stageId).toBe(stage.id);

      const unknown = await api.put(`/api/admin/events/${event!.uuid}/`, eventBody({ stageId: '00000000-0000-4000-8000-000000000001' }), staff.token);
      expect(expectError(unknown, 400, 'VALIDATION_ERROR').fields).toEqual({ stageId: ['unknown'] });
      // Leaving stageId out keeps it; null takes it off.
      expect((await api.put(`/api/admin/events/${event!.uuid}/`, eventBody({ evento: 'Clase IPSC 2' }), staff.token)).json<Event>().stageId).toBe(stage.id);
      expect((await api.put(`/api/admin/events/${event!.uuid}/`, eventBody({ stageId: null }), staff.token)).json<Event>().stageId).toBeNull();
    });

    it('takes the briefing off events when the library stage is deleted', async () => {
      const api = apiClient(get().app);
      const other = (await api.post('/api/library/stages/', libraryBody({ name: 'Short-lived' }), staff.token)).json<LibraryStage>();
      const [event] = (await api.post('/api/admin/events/', eventBody({ stageId: other.id }), staff.token)).json<Event[]>();
      expect((await api.delete(`/api/library/stages/${other.id}/`, undefined, staff.token)).statusCode).toBe(204);
      expect((await api.get(`/api/events/${event!.uuid}/`, member.token)).json<Event>().stageId).toBeNull();
    });

    it('shows staff, and only staff, how many sessions each registered member kept on the homework', async () => {
      const t = get();
      const api = apiClient(t.app);
      const eventId = await insertEvent(t, { stage_id: stage.id });
      const lazy = await createTestMember(t);
      for (const m of [member, lazy]) {
        await t.db.kysely
          .insertInto('registrations')
          .values({ id: crypto.randomUUID(), event_id: eventId, member_id: m.user.uuid, role_id: 3, status: 1, categoria: null, division: null, factor: null, created_at: '2025-06-01T00:00:00Z', updated_at: '2025-06-01T00:00:00Z' })
          .execute();
      }
      for (const startedAt of ['2025-05-30T18:00:00Z', '2025-05-31T18:00:00Z']) {
        const kept = await api.post('/api/training/', { libraryStageId: stage.id, startedAt, reps: [{ passed: true }] }, member.token);
        expect(kept.statusCode).toBe(201);
      }
      // A session on another stage does not count.
      await api.post('/api/training/', { stageName: 'Other', startedAt: '2025-05-31T18:00:00Z', reps: [{ passed: true }] }, lazy.token);

      const practice = eventPracticeSchema.parse((await api.get(`/api/training/events/${eventId}/`, staff.token)).json());
      expect(practice.stageId).toBe(stage.id);
      expect(practice.members).toEqual(
        expect.arrayContaining([
          { uuid: member.user.uuid, sessions: 2 },
          { uuid: lazy.user.uuid, sessions: 0 },
        ]),
      );
      expectError(await api.get(`/api/training/events/${eventId}/`, member.token), 403, 'FORBIDDEN');
      expectError(await api.get(`/api/training/events/${eventId}/`), 401, 'NOT_AUTHENTICATED');
      expectError(await api.get('/api/training/events/00000000-0000-4000-8000-000000000002/', staff.token), 404, 'NOT_FOUND');
    });
  },
  { now: TEST_NOW },
);

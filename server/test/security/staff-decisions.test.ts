import { expect, it } from 'vitest';
import { EventType, RoleStatus } from '@club/contract/enums';
import { eventSchema } from '@club/contract/schemas';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from '../events/fixtures.ts';
import { newId } from '../../src/lib/ids.ts';

// Finding of the hardening attack: a registration staff cancelled came back through the
// waiting list (joining it answered 200, and a freed seat promoted the member again).

describeEachDatabase(
  'a registration staff cancelled stays cancelled',
  (get) => {
    const api = () => apiClient(get().app);
    const member = () => createTestMember(get(), ALL_FLAGS);
    const register = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token);
    const cancel = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 2), m.token);
    const join = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/waitlist/`, { uuid: m.user.uuid }, m.token);
    const statusOf = async (id: string, staff: TestMember, m: TestMember) =>
      eventSchema
        .parse((await api().get(`/api/events/${id}/`, staff.token)).json())
        .participantes.filter((p) => p.uuid === m.user.uuid)
        .map((p) => p.roles[0].status);

    it('refuses the line to a member staff cancelled, and no freed seat seats them again', async () => {
      const t = get();
      const staff = await createTestMember(t, { staff: true });
      const id = await insertEvent(t, { plazas: 1, type: EventType.clubPractices });
      const [cancelled, holder, next] = [await member(), await member(), await member()];
      expect((await register(id, cancelled)).statusCode).toBe(200);
      const byStaff = await api().put(
        `/api/admin/events/${id}/participants/${cancelled.user.uuid}/`,
        { status: RoleStatus.anulado },
        staff.token,
      );
      expect(byStaff.statusCode, byStaff.body).toBe(200);
      expect((await register(id, holder)).statusCode).toBe(200);

      // The event is full: subscribing and joining the line are both refused alike.
      expect((await register(id, cancelled)).json().errorCode).toBe('REGISTRATION_LOCKED');
      const joined = await join(id, cancelled);
      expect(joined.statusCode, joined.body).toBe(409);
      expect(joined.json().errorCode).toBe('REGISTRATION_LOCKED');

      // A member who was already waiting when the rule came in (a row written before) keeps
      // their place for staff to see, but a freed seat passes them by for the next in line.
      await t.db.kysely
        .insertInto('waitlist')
        .values({ id: newId(), event_id: id, member_id: cancelled.user.uuid, position: 1, created_at: TEST_NOW.toISOString() })
        .execute();
      expect((await join(id, next)).statusCode).toBe(200);
      expect((await cancel(id, holder)).statusCode).toBe(200);
      // (staff see the line as participants of status 5)
      expect((await statusOf(id, staff, cancelled)).sort()).toEqual([RoleStatus.anulado, 5]);
      expect(await statusOf(id, staff, next)).toEqual([RoleStatus.reservado]);

      // More seats from staff promote nobody staff cancelled either.
      await t.db.kysely.updateTable('events').set({ plazas: 3 }).where('id', '=', id).execute();
      expect((await cancel(id, next)).statusCode).toBe(200);
      expect((await statusOf(id, staff, cancelled)).sort()).toEqual([RoleStatus.anulado, 5]);

      // Staff may still seat them: the decision is theirs.
      const seated = await api().post(`/api/admin/events/${id}/waitlist/${cancelled.user.uuid}/`, {}, staff.token);
      expect(seated.statusCode, seated.body).toBe(200);
      expect(await statusOf(id, staff, cancelled)).toEqual([RoleStatus.reservado]);
    });
  },
  { now: TEST_NOW },
);

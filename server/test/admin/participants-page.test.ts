import { beforeAll, expect, it } from 'vitest';
import { participantsPageSchema } from '@club/contract/schemas';
import { RoleId, RoleStatus } from '@club/contract/enums';
import { newId } from '../../src/lib/ids.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { insertEvent } from '../events/fixtures.ts';

describeEachDatabase('admin: the participants of one event, a page at a time', (get) => {
  const api = () => apiClient(get().app);
  let staff: TestMember;
  let member: TestMember;
  let eventId: string;
  const bySurname: TestMember[] = [];

  beforeAll(async () => {
    const t = get();
    staff = await createTestMember(t, { staff: true, apellidos: 'Staff' });
    member = await createTestMember(t, { apellidos: 'Member' });
    eventId = await insertEvent(t, { plazas: 10, plazas_taken: 4 });
    for (const apellidos of ['Alba', 'Bosch', 'Castro', 'Duran', 'Esteve']) {
      bySurname.push(await createTestMember(t, { apellidos }));
    }
    const stamp = '2025-06-01T00:00:00.000Z';
    const rows = bySurname.map((m, i) => ({
      id: newId(),
      event_id: eventId,
      member_id: m.user.uuid,
      role_id: RoleId.alumno,
      status: i === 2 ? RoleStatus.anulado : RoleStatus.reservado,
      categoria: null,
      division: null,
      factor: null,
      created_at: stamp,
      updated_at: stamp,
    }));
    // A registration whose member deleted the account stays, anonymised, and is no participant.
    rows.push({ ...rows[0], id: newId(), member_id: null as unknown as string });
    await t.db.kysely.insertInto('registrations').values(rows).execute();
  });

  it('gives staff a page of participants by surname with contact fields, and how many there are', async () => {
    const res = await api().get(`/api/admin/events/${eventId}/participants/?offset=0&limit=2`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const page = participantsPageSchema.parse(res.json());
    expect(page).toMatchObject({ total: 5, offset: 0, limit: 2 });
    expect(page.participantes.map((p) => p.uuid)).toEqual([bySurname[0].user.uuid, bySurname[1].user.uuid]);
    expect(page.participantes[0]).toMatchObject({ email: bySurname[0].user.email, mobil: '600000000' });

    const rest = participantsPageSchema.parse(
      (await api().get(`/api/admin/events/${eventId}/participants/?offset=2&limit=2`, staff.token)).json(),
    );
    expect(rest.participantes.map((p) => p.apellidos)).toEqual(['Castro', 'Duran']);
    // A cancelled registration is listed with its status, as in the attendee list.
    expect(rest.participantes[0].roles).toEqual([{ roleId: 2, status: RoleStatus.anulado }]);

    const all = participantsPageSchema.parse(
      (await api().get(`/api/admin/events/${eventId}/participants`, staff.token)).json(),
    );
    expect(all).toMatchObject({ total: 5, offset: 0, limit: 100 });
    expect(all.participantes).toHaveLength(5);
  });

  it('refuses pages out of bounds, unknown events, members and visitors', async () => {
    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'offset=x', 'page=2']) {
      const res = await api().get(`/api/admin/events/${eventId}/participants/?${query}`, staff.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    }
    const unknown = await api().get(
      '/api/admin/events/00000000-0000-4000-8000-000000000000/participants/',
      staff.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await api().get(`/api/admin/events/${eventId}/participants/`, member.token)).statusCode).toBe(
      403,
    );
    expect((await api().get(`/api/admin/events/${eventId}/participants/`)).statusCode).toBe(401);
  });
});

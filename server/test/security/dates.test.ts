import { expect, it } from 'vitest';
import { EventStatus, EventType } from '@club/contract/enums';
import { createTestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// Finding of the hardening attack: `startedAt: "0001-01-01T00:00:00Z"` was kept, with the
// malformed day "1-12-31 23". Every date the API takes is bounded to a sane range now.

const register = (login: string, nacimiento: string) => ({
  login,
  password: 'Registro2025x',
  nombre: 'Joan',
  apellidos: 'Vila',
  email: `${login}@example.com`,
  mobil: '611222333',
  nacimiento,
  sexo: 1,
});

const event = (start: string, end: string) => ({
  type: EventType.regularIpscClass,
  start,
  end,
  evento: 'Clase IPSC',
  nota: null,
  plazas: 8,
  status: EventStatus.publico,
});

describeEachDatabase(
  'dates the API takes',
  (get) => {
    const api = () => apiClient(get().app);
    const fieldsOf = (res: { statusCode: number; body: string; json: () => { errorCode: string; fields?: Record<string, string[]> } }) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
      return res.json().fields ?? {};
    };

    it('keeps a training session only when it started in the club years, and never stores a malformed day', async () => {
      const member = await createTestMember(get());
      for (const startedAt of ['0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '9999-12-31T23:59:59+14:00']) {
        const res = await api().post('/api/training/', { startedAt, reps: [{ shots: [], passed: true }] }, member.token);
        expect(fieldsOf(res), startedAt).toEqual({ startedAt: ['date'] });
      }
      const kept = await api().post('/api/training/', { startedAt: '2025-05-31T08:00:00Z', reps: [{ shots: [], passed: true }] }, member.token);
      expect(kept.statusCode, kept.body).toBe(201);
      expect(kept.json().day).toBe('2025-05-31');
      const days = await get().db.kysely.selectFrom('training_sessions').select('day').where('member_id', '=', member.user.uuid).execute();
      expect(days.map((d) => d.day)).toEqual(['2025-05-31']);
    });

    it('takes birth dates from 1900 to today only, at registration and in the profile', async () => {
      const suffix = Date.now().toString(36);
      for (const nacimiento of ['0001-01-01', '1899-12-31', '2999-01-01', '9999-12-31']) {
        const res = await api().post('/api/registro/', register(`fecha${suffix}${nacimiento.slice(0, 4)}`, nacimiento));
        expect(fieldsOf(res), nacimiento).toEqual({ nacimiento: ['date'] });
      }
      expect((await api().post('/api/registro/', register(`fecha${suffix}ok`, '1900-01-01'))).statusCode).toBe(201);
      const member = await createTestMember(get());
      const profile = await api().put(
        `/api/registro/${member.user.uuid}/`,
        { ...member.user, nacimiento: '0001-01-01' },
        member.token,
      );
      expect(fieldsOf(profile)).toMatchObject({ nacimiento: ['date'] });
    });

    it('takes event times and staff list bounds in the club years only', async () => {
      const staff = await createTestMember(get(), { staff: true });
      const far = await api().post('/api/admin/events/', event('0001-01-01 10:00:00', '0001-01-01 11:00:00'), staff.token);
      expect(fieldsOf(far)).toMatchObject({ start: ['date'], end: ['date'] });
      const late = await api().post('/api/admin/events/', event('2101-01-01 10:00:00', '2101-01-01 11:00:00'), staff.token);
      expect(fieldsOf(late)).toMatchObject({ start: ['date'] });
      const ok = await api().post('/api/admin/events/', event('2025-07-01 10:00:00', '2025-07-01 11:00:00'), staff.token);
      expect(ok.statusCode, ok.body).toBe(201);
      for (const query of ['from=0001-01-01', 'to=9999-12-31', 'from=1999-12-31%2023:00:00']) {
        const res = await api().get(`/api/admin/events/?${query}`, staff.token);
        expect(Object.keys(fieldsOf(res)), query).toHaveLength(1);
      }
      expect((await api().get('/api/admin/events/?from=2025-07-01&to=2025-07-31', staff.token)).statusCode).toBe(200);
    });
  },
  { now: TEST_NOW },
);

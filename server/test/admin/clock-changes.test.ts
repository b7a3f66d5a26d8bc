import { beforeAll, expect, it } from 'vitest';
import { EventStatus, EventType } from '@club/contract/enums';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { TEST_NOW } from '../events/fixtures.ts';

const body = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  type: EventType.clubPractices,
  start,
  end,
  evento: 'Tirada nocturna',
  plazas: 8,
  status: EventStatus.publico,
  ...extra,
});

describeEachDatabase(
  'event times on the days the clocks change',
  (get) => {
    const staff: Record<string, TestMember> = {};
    beforeAll(async () => {
      for (const language of ['es', 'ca', 'en']) {
        staff[language] = await createTestMember(get(), { staff: true, language });
      }
    });
    const api = () => apiClient(get().app);

    it('refuses a start in the spring-forward gap, naming the change in the staff member’s language', async () => {
      const res = await api().post('/api/admin/events/', body('2027-03-28 02:30:00', '2027-03-28 04:00:00'), staff.es.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'TIME_NOT_IN_CLUB_ZONE',
        message:
          'El 28/03/2027 a las 02:00 los relojes de Europe/Madrid se adelantan una hora y pasan a las 03:00: la hora 02:30 no existe ese día.',
        fields: { start: ['date'] },
      });
      const ca = await api().post('/api/admin/events/', body('2027-03-28 02:30:00', '2027-03-28 04:00:00'), staff.ca.token);
      expect(ca.json().message).toContain("s'avancen una hora");
    });

    it('refuses an end in the hour that happens twice in autumn', async () => {
      const res = await api().post('/api/admin/events/', body('2027-10-31 01:00:00', '2027-10-31 02:30:00'), staff.en.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'TIME_NOT_IN_CLUB_ZONE',
        message: 'On 31/10/2027 at 03:00 the clocks in Europe/Madrid go back one hour to 02:00: 02:30 happens twice that day.',
        fields: { end: ['date'] },
      });
    });

    it('names the dates a weekly series would land on, and creates nothing', async () => {
      const res = await api().post(
        '/api/admin/events/',
        body('2027-03-14 02:30:00', '2027-03-14 03:30:00', { repeatWeeks: 4 }),
        staff.en.token,
      );
      expect(res.statusCode).toBe(400);
      const message: string = res.json().message;
      expect(message).toMatch(/^The weekly series falls on a clock change on these dates: 28\/03\/2027\./);
      expect(message).toContain('02:30 does not exist that day');
      const list = await api().get('/api/admin/events/?from=2027-03-01&to=2027-04-30', staff.en.token);
      expect(list.json()).toEqual([]);
    });

    it('accepts the times either side of both changes, and refuses a change into the gap', async () => {
      const ok = await api().post('/api/admin/events/', body('2027-03-28 03:00:00', '2027-03-28 04:00:00'), staff.en.token);
      expect(ok.statusCode).toBe(201);
      const [event] = ok.json();
      expect(
        (await api().post('/api/admin/events/', body('2027-10-31 00:30:00', '2027-10-31 01:59:00'), staff.en.token)).statusCode,
      ).toBe(201);
      const moved = await api().put(
        `/api/admin/events/${event.uuid}/`,
        body('2027-03-28 02:00:00', '2027-03-28 04:00:00'),
        staff.en.token,
      );
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errorCode).toBe('TIME_NOT_IN_CLUB_ZONE');
      expect((await api().get(`/api/events/${event.uuid}/`, staff.en.token)).json().start).toBe('2027-03-28 03:00:00');
    });

    it('refuses moving a series when a later event would land in the gap', async () => {
      const made = await api().post(
        '/api/admin/events/',
        body('2028-03-12 01:00:00', '2028-03-12 03:30:00', { repeatWeeks: 3 }),
        staff.en.token,
      );
      expect(made.statusCode).toBe(201);
      const [first] = made.json();
      // 2028-03-26 is the last Sunday of March: 02:15 does not exist on it.
      const res = await api().put(
        `/api/admin/events/${first.uuid}/?scope=following`,
        body('2028-03-12 02:15:00', '2028-03-12 03:30:00'),
        staff.en.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('26/03/2028');
    });
  },
  { now: TEST_NOW },
);

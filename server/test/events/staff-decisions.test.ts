import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventType, RoleStatus } from '@club/contract/enums';
import { adminWaitlistSchema } from '@club/contract/schemas';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describeEachDatabase(
  'what staff decide reaches the member, and staff see the line',
  (get) => {
    let staff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true });
    });
    const api = () => apiClient(get().app);
    const register = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token);
    const setStatus = (id: string, m: TestMember, status: number) =>
      api().put(`/api/admin/events/${id}/participants/${m.user.uuid}/`, { status }, staff.token);

    it('mails the member, in their language, when staff cancel their registration and when staff give it back', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 4, type: EventType.clubPractices, evento: 'Práctica del jueves' });
      const member = await createTestMember(t, { ...ALL_FLAGS, language: 'ca' });
      expect((await register(id, member)).statusCode).toBe(200);
      await smtp.waitFor((m) => m.to.includes(member.user.email) && m.subject.includes('Inscripció confirmada'));

      expect((await setStatus(id, member, RoleStatus.anulado)).statusCode).toBe(200);
      const cancelled = await smtp.waitFor(
        (m) => m.to.includes(member.user.email) && m.subject.startsWith("El club ha anul·lat la teva inscripció"),
      );
      expect(cancelled.subject).toContain('Práctica del jueves');
      expect(cancelled.text).toContain("no se t'espera");

      expect((await setStatus(id, member, RoleStatus.reservado)).statusCode).toBe(200);
      const restored = await smtp.waitFor(
        (m) => m.to.includes(member.user.email) && m.subject.startsWith('El club ha recuperat la teva inscripció'),
      );
      expect(restored.text).toContain("t'esperem");
    });

    it('sends nothing when staff only mark attendance', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 4, type: EventType.clubPractices, evento: 'Asistencia' });
      const member = await createTestMember(t, { ...ALL_FLAGS, language: 'en' });
      expect((await register(id, member)).statusCode).toBe(200);
      await smtp.waitFor((m) => m.to.includes(member.user.email) && m.subject.startsWith('Registration confirmed'));
      const before = smtp.received.filter((m) => m.to.includes(member.user.email)).length;
      expect((await setStatus(id, member, RoleStatus.finalizado)).statusCode).toBe(200);
      // A later mail to the same member proves the queue ran past the finalisation.
      expect((await setStatus(id, member, RoleStatus.anulado)).statusCode).toBe(200);
      await smtp.waitFor((m) => m.to.includes(member.user.email) && m.subject.startsWith('The club cancelled'));
      const after = smtp.received.filter((m) => m.to.includes(member.user.email)).map((m) => m.subject);
      expect(after.slice(before)).toEqual([expect.stringMatching(/^The club cancelled your registration/)]);
    });

    it('lists the waiting list in order for staff only, with contact details', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 1, type: EventType.clubPractices });
      const [seated, first, second] = await Promise.all(
        [0, 1, 2].map(() => createTestMember(t, { ...ALL_FLAGS })),
      );
      expect((await register(id, seated)).statusCode).toBe(200);
      for (const m of [first, second]) {
        expect((await api().put(`/api/events/${id}/waitlist/`, { uuid: m.user.uuid }, m.token)).statusCode).toBe(200);
      }
      const answer = await api().get(`/api/admin/events/${id}/waitlist/`, staff.token);
      expect(answer.statusCode).toBe(200);
      const { waiting } = adminWaitlistSchema.parse(answer.json());
      expect(waiting.map((p) => p.uuid)).toEqual([first.user.uuid, second.user.uuid]);
      expect(waiting.every((p) => p.roles[0].status === 5)).toBe(true);
      expect(waiting[0].email).toBe(first.user.email);
      expect((await api().get(`/api/admin/events/${id}/waitlist/`, first.token)).statusCode).toBe(403);
      expect((await api().get('/api/admin/events/no-such-event/waitlist/', staff.token)).statusCode).toBe(404);
    });
  },
  { now: TEST_NOW, env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', JOBS_POLL_MS: '200' } },
);

import { afterAll, beforeAll, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { EventType, Sexo } from '@club/contract/enums';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import type { ReceivedMail } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { mailSender } from '../../src/mail/club-name.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

/** The From header of a mail as a mail program reads it (mailparser, not our own code). */
async function sender(mail: ReceivedMail): Promise<{ name: string; address: string }> {
  const parsed = await simpleParser(mail.raw);
  const from = parsed.from as AddressObject | undefined;
  const first = from?.value[0];
  return { name: first?.name ?? '', address: first?.address ?? '' };
}

// Masculine forms that used to address every member: "inscrito", "inscrit" (not "inscripción").
// The queue delivers after the answer; a machine under load takes its time.
const WAIT_MS = 30_000;

const MASCULINE = /\binscrit[oa]?s?\b/i;

describeEachDatabase(
  "mails speak in the club's name and fit the person they go to",
  (get) => {
    let staff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true });
    });
    const api = () => apiClient(get().app);

    it('come from the club\'s name and are signed with it, not "Club" and "El club"', async () => {
      const t = get();
      const id = await insertEvent(t, {
        plazas: 4,
        type: EventType.clubPractices,
        evento: 'Práctica firmada',
      });
      const member = await createTestMember(t, { ...ALL_FLAGS, language: 'es' });
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token))
          .statusCode,
      ).toBe(200);
      const mail = await smtp.waitFor(
        (m) => m.to.includes(member.user.email) && m.subject.includes('Práctica firmada'),
        WAIT_MS,
      );
      expect(await sender(mail)).toEqual({ name: siteSettings.clubName, address: 'no-reply@club.invalid' });
      expect(mail.text.trimEnd().endsWith(`\n${siteSettings.clubName}`)).toBe(true);
      expect(mail.text).not.toContain('El equipo del club');
      expect(mail.html).toContain(siteSettings.clubName);

      // A mail about the member's papers, in Catalan: signed with the club's name too.
      const papers = await createTestMember(t, { language: 'ca', curso: false });
      expect(
        (await api().put(`/api/admin/users/${papers.user.uuid}/`, { curso: true }, staff.token)).statusCode,
      ).toBe(200);
      const notice = await smtp.waitForMail(papers.user.email, WAIT_MS);
      expect(notice.text.trimEnd().endsWith(siteSettings.clubName)).toBe(true);
      expect(notice.text).not.toMatch(/^El club$/m);
      expect((await sender(notice)).name).toBe(siteSettings.clubName);
    });

    it('say "ya tienes plaza" to a woman seated from the waiting list, and remind her without a masculine form', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 1, type: EventType.clubPractices, evento: 'Práctica llena' });
      const seated = await createTestMember(t, { ...ALL_FLAGS, language: 'es' });
      const woman = await createTestMember(t, { ...ALL_FLAGS, language: 'es', sexo: Sexo.mujer });
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(seated.user.uuid, 1), seated.token))
          .statusCode,
      ).toBe(200);
      expect(
        (await api().put(`/api/events/${id}/waitlist/`, { uuid: woman.user.uuid }, woman.token)).statusCode,
      ).toBe(200);
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(seated.user.uuid, 2), seated.token))
          .statusCode,
      ).toBe(200);
      const promoted = await smtp.waitFor(
        (m) => m.to.includes(woman.user.email) && m.subject.includes('Práctica llena'),
        WAIT_MS,
      );
      expect(promoted.text).toContain('ya tienes plaza');
      expect(promoted.text).not.toMatch(MASCULINE);
      expect(promoted.html).not.toMatch(MASCULINE);

      // The event is deleted by staff: the mail about it says so without "inscrito" either.
      expect((await api().delete(`/api/admin/events/${id}/`, undefined, staff.token)).statusCode).toBe(204);
      const cancelled = await smtp.waitFor(
        (m) => m.to.includes(woman.user.email) && m.subject.includes('Práctica llena') && m !== promoted,
        WAIT_MS,
      );
      expect(cancelled.text).toContain('tenías plaza');
      expect(cancelled.text).not.toMatch(MASCULINE);
    });

    it("keep a sender the operator named, and give a bare address the club's name", () => {
      expect(mailSender('Tiro Norte <avisos@norte.example>')).toBe('Tiro Norte <avisos@norte.example>');
      expect(mailSender('avisos@norte.example')).toBe(`"${siteSettings.clubName}" <avisos@norte.example>`);
    });
  },
  { now: TEST_NOW, env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', JOBS_POLL_MS: '200' } },
);

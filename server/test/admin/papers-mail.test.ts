import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describeEachDatabase(
  "staff decisions about a member's papers reach the member",
  (get) => {
    let staff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true });
    });
    const api = () => apiClient(get().app);
    const update = (m: TestMember, body: Record<string, unknown>) =>
      api().put(`/api/admin/users/${m.user.uuid}/`, body, staff.token);
    const claim = async (m: TestMember, number: string) =>
      get().db.kysely.updateTable('members').set({ socio_solicitado: number }).where('id', '=', m.user.uuid).execute();
    const mailsTo = (m: TestMember) => smtp.received.filter((mail) => mail.to.includes(m.user.email));

    it('tells a member in their language that their claimed number is confirmed and they can book', async () => {
      const member = await createTestMember(get(), { language: 'es' });
      await claim(member, '4711');
      expect((await update(member, { socio: '4711' })).statusCode).toBe(200);
      const mail = await smtp.waitForMail(member.user.email);
      expect(mail.subject).toBe('Tu número de socio está confirmado');
      expect(mail.text).toContain('Ya puedes inscribirte');
      expect(mail.text).toContain('Número de socio: 4711');
    });

    it('tells a member that their claim was turned down, and what to do', async () => {
      const member = await createTestMember(get(), { language: 'en' });
      await claim(member, '9999');
      expect((await update(member, { socioSolicitado: null })).statusCode).toBe(200);
      const mail = await smtp.waitForMail(member.user.email);
      expect(mail.subject).toBe('We could not confirm your member number');
      expect(mail.text).toContain('come to the club with your card');
    });

    it('lists the vouched papers that changed, and sends nothing for a save that changes nothing', async () => {
      const member = await createTestMember(get(), { language: 'ca', curso: false });
      expect((await update(member, { curso: true, licencia: 'B-1234' })).statusCode).toBe(200);
      const mail = await smtp.waitForMail(member.user.email);
      expect(mail.subject).toBe("El club ha actualitzat les teves dades");
      expect(mail.text).toContain('Curs IPSC: sí');
      expect(mail.text).toContain("Llicència d'armes: B-1234");
      // The same values again: no news. A later change proves the queue ran past it.
      expect((await update(member, { curso: true, licencia: 'B-1234' })).statusCode).toBe(200);
      expect((await update(member, { curso: false })).statusCode).toBe(200);
      await smtp.waitFor((m) => m.to.includes(member.user.email) && m.text.includes('Curs IPSC: ja no hi consta'));
      expect(mailsTo(member)).toHaveLength(2);
    });
  },
  { env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', JOBS_POLL_MS: '200' } },
);

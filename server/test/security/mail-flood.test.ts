import { afterAll, expect, it } from 'vitest';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// Finding of the hardening attack: PUT /api/registro/{uuid}/email/ mailed a link to whatever
// address it was given, 5 per account per hour: with new accounts, ~100 mails an hour reached one
// victim from one client. Each address now receives at most RATE_LIMIT_FORGOTTEN links a day.

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const DAY = 24 * 3_600_000;

describeEachDatabase(
  'address-change links to one address',
  (get) => {
    const api = () => apiClient(get().app);
    const ask = (m: TestMember, email: string) =>
      api().put(`/api/registro/${m.user.uuid}/email/`, { email, password: m.password }, m.token);
    const mailsTo = (address: string) => smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === address)).length;

    it('sends one address at most five links a day, however many accounts ask', async () => {
      const t = get();
      const victim = `victima.${Date.now().toString(36)}@example.com`;
      const accounts = await Promise.all(Array.from({ length: 7 }, () => createTestMember(t)));
      const answers: number[] = [];
      // Each account asks twice: well inside its own five an hour.
      for (const m of accounts) {
        answers.push((await ask(m, victim)).statusCode);
        answers.push((await ask(m, victim.toUpperCase())).statusCode);
      }
      expect(answers.filter((s) => s === 202)).toHaveLength(5);
      expect(answers.slice(5).every((s) => s === 429)).toBe(true);
      await smtp.waitFor(() => mailsTo(victim) >= 5);
      // Nothing more arrives late.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo(victim)).toBe(5);

      // Another address is not held up by it, and the victim's count ends with the day.
      expect((await ask(accounts[6], `otra.${Date.now().toString(36)}@example.com`)).statusCode).toBe(202);
      t.clock.advance(DAY + 1000);
      expect((await ask(accounts[6], victim)).statusCode).toBe(202);
      t.clock.set(TEST_NOW);
    });
  },
  { env: { SMTP_URL: smtp.url }, now: TEST_NOW },
);

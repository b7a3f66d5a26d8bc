import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { apiClient, createTestApp, describeEachDatabase, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { startSmtpServer } from '../support/smtp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const valid = {
  name: 'Laia Soler',
  email: 'laia.soler@example.org',
  subject: 'Curso de iniciación',
  message: '¿Cuándo empieza el próximo curso?\nGracias.',
};

async function storedMessages(test: TestApp) {
  return test.db.kysely.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();
}

describeEachDatabase(
  'POST /api/send-message/',
  (get) => {
    const api = () => apiClient(get().app);

    it('stores the message, mails the club with Reply-To the sender and answers 201 {}', async () => {
      const subject = `Curso ${Math.random().toString(36).slice(2, 8)}`;
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/send-message/',
        headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc', 'accept-language': 'ca-ES,ca;q=0.9' },
        payload: { ...valid, subject, name: '  Laia Soler ' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({});
      const rows = await storedMessages(get());
      const row = rows.find((r) => r.subject === subject);
      expect(row).toMatchObject({ name: 'Laia Soler', email: valid.email, message: valid.message, language: 'ca', read: 0 });
      // The mail was queued with the message; the worker delivers it right after.
      const mail = await smtp.waitFor((m) => m.subject === `[Web] ${subject}`);
      expect(mail.to).toEqual(['club@club.test']);
      expect(mail.text).toContain('¿Cuándo empieza el próximo curso?');
      expect(mail.text).toContain('laia.soler@example.org');
      expect(JSON.stringify(mail.headers.get('reply-to'))).toContain('laia.soler@example.org');
    });

    it("writes the club's copy in the club's language with the time on the club's clock", async () => {
      // 18:30 UTC on a winter day is 19:30 in Madrid; the visitor writes from the English site.
      get().clock.set(new Date('2026-01-15T18:30:00.000Z'));
      const subject = `Copy ${Math.random().toString(36).slice(2, 8)}`;
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/send-message/',
        headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc', 'accept-language': 'en-GB,en;q=0.9' },
        payload: { ...valid, subject },
      });
      expect(res.statusCode).toBe(201);
      const mail = await smtp.waitFor((m) => m.subject === `[Web] ${subject}`);
      expect(siteSettings.language).toBe('es');
      expect(mail.text).toContain('Nombre: Laia Soler');
      expect(mail.text).toContain('Correo electrónico: laia.soler@example.org');
      expect(mail.text).toContain('Idioma de la web: inglés');
      expect(mail.text).toContain('Enviado: 15/01/2026 19:30 (Europe/Madrid)');
      expect(mail.text).not.toContain('2026-01-15T18:30');
    });

    it('answers without a trailing slash too', async () => {
      const res = await api().post('/api/send-message', { ...valid, subject: 'Sin barra' });
      expect(res.statusCode).toBe(201);
    });

    it('refuses missing fields with VALIDATION_ERROR and the codes of each field', async () => {
      const res = await api().post('/api/send-message/', { name: '', email: 'laia@', subject: '   ' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errorCode).toBe('VALIDATION_ERROR');
      expect(body.fields).toEqual({ name: ['required'], email: ['email'], subject: ['required'], message: ['required'] });
    });

    it('refuses texts over the limits of SPEC §5', async () => {
      const res = await api().post('/api/send-message/', {
        name: 'n'.repeat(201),
        email: `${'e'.repeat(190)}@example.org`,
        subject: 's'.repeat(201),
        message: 'm'.repeat(2049),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        name: ['maxlength'],
        email: ['maxlength'],
        subject: ['maxlength'],
        message: ['maxlength'],
      });
      const atLimit = await api().post('/api/send-message/', {
        name: 'n'.repeat(200),
        email: valid.email,
        subject: 's'.repeat(200),
        message: 'm'.repeat(2048),
      });
      expect(atLimit.statusCode).toBe(201);
    });

    it('refuses line breaks in the name and the subject (no header injection) and stores nothing', async () => {
      const before = (await storedMessages(get())).length;
      const subject = await api().post('/api/send-message/', { ...valid, subject: 'Hola\r\nBcc: victim@example.org' });
      expect(subject.statusCode).toBe(400);
      expect(subject.json().fields).toEqual({ subject: ['singleLine'] });
      const name = await api().post('/api/send-message/', { ...valid, name: 'Laia\nSoler' });
      expect(name.statusCode).toBe(400);
      expect(name.json().fields).toEqual({ name: ['singleLine'] });
      expect((await storedMessages(get())).length).toBe(before);
    });

    it('refuses unknown keys and a call without the XSRF header', async () => {
      const extra = await api().post('/api/send-message/', { ...valid, staff: true });
      expect(extra.statusCode).toBe(400);
      const noXsrf = await get().app.inject({ method: 'POST', url: '/api/send-message/', payload: valid });
      expect(noXsrf.statusCode).toBe(403);
      expect(noXsrf.json().errorCode).toBe('CSRF_FAILED');
    });
  },
  { env: { SMTP_URL: smtp.url, CLUB_EMAIL: 'club@club.test', RATE_LIMIT_CONTACT: '100' } },
);

describe.each(TEST_DIALECTS)('send-message throttling and defaults [%s]', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, RATE_LIMIT_CONTACT: '2' } });
  });
  afterAll(() => test.close());

  it('mails the site settings address when CLUB_EMAIL is unset', async () => {
    const res = await apiClient(test.app).post('/api/send-message/', { ...valid, subject: `Default ${dialect}` });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.subject === `[Web] Default ${dialect}`);
    expect(mail.to).toEqual([siteSettings.email]);
  });

  it('answers 429 with Retry-After past RATE_LIMIT_CONTACT per hour, and again after the hour', async () => {
    const api = apiClient(test.app);
    expect((await api.post('/api/send-message/', valid)).statusCode).toBe(201);
    const refused = await api.post('/api/send-message/', valid);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // A refused message is neither stored nor mailed.
    expect((await storedMessages(test)).length).toBe(2);
    test.clock.advance(60 * 60 * 1000 + 1000);
    expect((await api.post('/api/send-message/', valid)).statusCode).toBe(201);
  });
});

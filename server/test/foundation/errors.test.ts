import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';

// Probe routes, added only in this test, stand for any route with a validated body.
function addProbes(app: FastifyInstance): void {
  const body = z.object({ name: z.string().min(1, { error: 'required' }), seats: z.number().int() }).strict();
  app.post('/api/probe/', { schema: { body } }, async (request) => ({ got: request.body }));
  app.get('/api/probe/sql-failure/', async () => {
    await sql`select * from no_such_table_here`.execute(app.ctx.db.kysely);
    return {};
  });
  app.get('/api/probe/crash/', async () => {
    throw new Error('secret internal detail at /srv/club/app.ts:12');
  });
}

describeEachDatabase(
  'error handling',
  (get) => {
    const api = () => apiClient(get().app);

    it('answers a valid body', async () => {
      const res = await api().post('/api/probe/', { name: 'Ana', seats: 3 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ got: { name: 'Ana', seats: 3 } });
    });

    it('refuses malformed JSON with VALIDATION_ERROR', async () => {
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/probe/',
        headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
        payload: '{"name": "Ana",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
    });

    it('names the fields of a body of wrong types', async () => {
      const res = await api().post('/api/probe/', { name: '', seats: 'three' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errorCode).toBe('VALIDATION_ERROR');
      expect(body.fields.name).toContain('required');
      expect(body.fields.seats).toBeDefined();
    });

    it('refuses unknown keys on a strict body', async () => {
      const res = await api().post('/api/probe/', { name: 'Ana', seats: 1, staff: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    });

    it('refuses __proto__ and constructor.prototype keys', async () => {
      for (const payload of ['{"name":"a","seats":1,"__proto__":{"staff":true}}', '{"name":"a","seats":1,"constructor":{"prototype":{"x":1}}}']) {
        const res = await get().app.inject({
          method: 'POST',
          url: '/api/probe/',
          headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_ERROR');
      }
    });

    it('answers a body over 64 KiB with 413', async () => {
      const res = await api().post('/api/probe/', { name: 'x'.repeat(70 * 1024), seats: 1 });
      expect(res.statusCode).toBe(413);
      expect(res.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses a body that is not JSON', async () => {
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/probe/',
        headers: { 'content-type': 'text/plain', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
        payload: 'name=Ana',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    });

    it('answers unknown API paths with 404 NOT_FOUND', async () => {
      for (const url of ['/api/no-such-call/', '/api', '/api/events/x/y/z/']) {
        const res = await api().get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('NOT_FOUND');
      }
      const post = await api().post('/api/no-such-call/', {});
      expect(post.statusCode).toBe(404);
    });

    it('never shows SQL text or a stack trace', async () => {
      for (const url of ['/api/probe/sql-failure/', '/api/probe/crash/']) {
        const res = await api().get(url);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on the server.' });
        expect(res.body).not.toMatch(/no_such_table|select|secret|\.ts:/i);
      }
    });

    it('keeps answering after every kind of bad request', async () => {
      const res = await api().get('/api/health/');
      expect(res.statusCode).toBe(200);
    });
  },
  { extend: addProbes },
);

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import { newId } from '../../src/lib/ids.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// Finding of the hardening attack: the member export carried the whole training log in one
// answer, built whole in memory first (up to 1,000 sessions of 64 KiB: some 64 MB per export,
// several times that as objects). Now it is written as it is read, a page at a time, and read
// only as fast as the client takes it. What shows it from outside: the answer has no length
// (it is sent in chunks), and a client that stops reading after the first bytes holds the
// server back: a session deleted then, at the far end of the log, is not in the file, which
// an export built whole before its first byte would still carry.

const SESSIONS = 1000;
// About 35 KB of reps per session: some 35 MB of export, far more than the sockets buffer.
const REPS = JSON.stringify([
  { shots: Array.from({ length: 500 }, (_, i) => ({ tMs: i * 10, zone: 'A', targetId: `target-${'x'.repeat(40)}` })) },
]);

async function fill(t: TestApp, memberId: string): Promise<string[]> {
  const ids: string[] = [];
  const rows = Array.from({ length: SESSIONS }, (_, i) => {
    const started = new Date(Date.UTC(2025, 0, 1, 8) + i * 3_600_000).toISOString();
    const id = newId();
    ids.push(id);
    return {
      id,
      member_id: memberId,
      stage_id: null,
      library_stage_id: null,
      stage_name: `Etapa ${i}`,
      started_at: started,
      day: started.slice(0, 10),
      par_ms: null,
      power_factor: 'minor',
      reps: REPS,
      shots: 500,
      passed: 0,
      failed: 0,
      best_hit_factor: null,
      created_at: started,
      reps_count: 1,
    };
  });
  for (let i = 0; i < rows.length; i += 50) {
    await t.db.kysely.insertInto('training_sessions').values(rows.slice(i, i + 50)).execute();
  }
  return ids;
}

describeEachDatabase(
  'the member export is streamed',
  (get) => {
    it('sends the export in chunks as it reads it, and reads no further than the client takes', async () => {
      const t = get();
      const m = await createTestMember(t);
      const ids = await fill(t, m.user.uuid);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;

      const request = http.get({
        host: '127.0.0.1',
        port,
        path: `/api/registro/${m.user.uuid}/export/`,
        headers: { authorization: `Token ${m.token}` },
      });
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.headers['content-length']).toBeUndefined();
      expect(response.headers['transfer-encoding']).toBe('chunked');

      // Take the first bytes, then stop reading.
      const chunks: Buffer[] = [];
      const firstBytes = new Promise<void>((resolve) => {
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (chunks.length === 1) {
            response.pause();
            resolve();
          }
        });
      });
      const ended = once(response, 'end');
      await firstBytes;
      // The newest session comes last in the file: the server has not read it yet.
      const newest = ids[ids.length - 1]!;
      await t.db.kysely.deleteFrom('training_sessions').where('id', '=', newest).execute();
      response.resume();
      await ended;
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.length).toBeGreaterThan(30_000_000);

      const data = JSON.parse(text) as { user: { uuid: string }; training: Array<{ id: string; reps: unknown }> };
      expect(data.user.uuid).toBe(m.user.uuid);
      expect(data.training).toHaveLength(SESSIONS - 1);
      expect(data.training.map((s) => s.id)).toEqual(ids.slice(0, -1));
      expect(data.training[0]!.reps).toEqual(JSON.parse(REPS));
    }, 300_000);
  },
  { now: TEST_NOW },
);

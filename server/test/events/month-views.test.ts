import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { EventStatus, RoleStatus } from '@club/contract/enums';
import { eventListSchema, eventSchema } from '@club/contract/schemas';
import type { Event } from '@club/contract/schemas';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

// The month answer is kept per version of the events for every kind of caller (anonymous,
// member, staff). Two server processes share one database here: whatever one writes, the
// other's next month answer shows, for each kind of caller.
describeEachDatabase(
  'the month of members and staff stays current across processes',
  (get) => {
    let otherDb: Db;
    let other: FastifyInstance;
    let staff: TestMember;
    let ana: TestMember;
    let bo: TestMember;
    let publicId: string;
    let privateId: string;

    beforeAll(async () => {
      const t = get();
      // A second server over the same database, as a second process would be.
      otherDb = openDatabase(t.config.databaseUrl);
      other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false });
      await other.ready();
      [staff, ana, bo] = await Promise.all([
        createTestMember(t, { ...ALL_FLAGS, staff: true }),
        createTestMember(t, { ...ALL_FLAGS, nombre: 'Ana' }),
        createTestMember(t, { ...ALL_FLAGS, nombre: 'Bo' }),
      ]);
      publicId = await insertEvent(t, { evento: 'Abierto', start_at: '2025-07-05 18:00:00', end_at: '2025-07-05 20:00:00' });
      privateId = await insertEvent(t, {
        evento: 'Privado',
        status: EventStatus.privado,
        start_at: '2025-07-12 18:00:00',
        end_at: '2025-07-12 19:00:00',
      });
    });

    afterAll(async () => {
      await other?.close();
      await otherDb?.close();
    });

    // Staff read every registration of the month with participantes=all (a plain month gives
    // them their own registrations, as members).
    const month = async (member?: TestMember): Promise<Event[]> => {
      const all = member === staff ? '?participantes=all' : '';
      const res = await apiClient(get().app).get(`/api/2025/7/${all}`, member?.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return eventListSchema.parse(res.json());
    };
    const find = (events: Event[], id: string): Event => {
      const event = events.find((e) => e.uuid === id);
      if (!event) throw new Error(`event ${id} not in the month`);
      return event;
    };

    it('answers each caller what the event call answers them (same rows, same participants)', async () => {
      await apiClient(other).put(`/api/events/${publicId}/subscribe/`, subscribeBody(ana.user.uuid, 1), ana.token);
      for (const caller of [undefined, ana, bo, staff]) {
        const events = await month(caller);
        expect(events.map((e) => e.uuid)).toEqual(caller ? [publicId, privateId] : [publicId]);
        for (const event of events) {
          const res = await apiClient(get().app).get(`/api/events/${event.uuid}/`, caller?.token);
          expect(event).toEqual(eventSchema.parse(res.json()));
        }
      }
      // Twice in a row: the second answer comes from the kept text and is the same.
      expect(await month(ana)).toEqual(await month(ana));
    });

    it("shows a member only their own registration, and each member their own", async () => {
      await apiClient(other).put(`/api/events/${publicId}/subscribe/`, subscribeBody(bo.user.uuid, 1), bo.token);
      const seenBy = async (m: TestMember) => find(await month(m), publicId).participantes.map((p) => p.uuid);
      expect(await seenBy(ana)).toEqual([ana.user.uuid]);
      expect(await seenBy(bo)).toEqual([bo.user.uuid]);
      expect(find(await month(staff), publicId).participantes.map((p) => p.uuid).sort()).toEqual(
        [ana.user.uuid, bo.user.uuid].sort(),
      );
      expect(find(await month(), publicId).participantes).toEqual([]);
    });

    it('shows a cancellation and a staff status change made through the other process', async () => {
      const status = async (m: TestMember) => find(await month(m), publicId).participantes[0]?.roles[0].status;
      expect(await status(bo)).toBe(RoleStatus.reservado);
      const cancelled = await apiClient(other).put(`/api/events/${publicId}/subscribe/`, subscribeBody(bo.user.uuid, 2), bo.token);
      expect(cancelled.statusCode).toBe(200);
      expect(await status(bo)).toBe(RoleStatus.anulado);

      const confirmed = await apiClient(other).put(
        `/api/admin/events/${publicId}/participants/${ana.user.uuid}/`,
        { status: RoleStatus.confirmado },
        staff.token,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await status(ana)).toBe(RoleStatus.confirmado);
      const forStaff = find(await month(staff), publicId).participantes.find((p) => p.uuid === ana.user.uuid);
      expect(forStaff?.roles[0].status).toBe(RoleStatus.confirmado);
    });

    it("shows staff a member's new phone, and a member their new name, written by another process", async () => {
      expect(find(await month(staff), publicId).participantes.find((p) => p.uuid === ana.user.uuid)?.mobil).toBe('600000000');
      const profile = await apiClient(other).put(
        `/api/registro/${ana.user.uuid}/`,
        { uuid: ana.user.uuid, mobil: '699111222', nacimiento: ana.user.nacimiento, sexo: ana.user.sexo },
        ana.token,
      );
      expect(profile.statusCode, profile.body).toBe(200);
      expect(find(await month(staff), publicId).participantes.find((p) => p.uuid === ana.user.uuid)?.mobil).toBe('699111222');

      // By hand, outside any server: the triggers still move the version.
      await sql`update members set nombre = ${'Anna'} where id = ${ana.user.uuid}`.execute(otherDb.kysely);
      expect(find(await month(ana), publicId).participantes[0]?.nombre).toBe('Anna');
      expect(find(await month(staff), publicId).participantes.find((p) => p.uuid === ana.user.uuid)?.nombre).toBe('Anna');
    });

    it('shows an event made private and a new event to each caller', async () => {
      await apiClient(other).put(
        `/api/admin/events/${privateId}`,
        {
          type: 6,
          start: '2025-07-12 18:00:00',
          end: '2025-07-12 19:00:00',
          evento: 'Ahora público',
          plazas: 10,
          status: EventStatus.publico,
        },
        staff.token,
      );
      expect(find(await month(), privateId).evento).toBe('Ahora público');
      expect(find(await month(ana), privateId).evento).toBe('Ahora público');
      const added = await insertEvent({ db: otherDb }, { evento: 'Nuevo', start_at: '2025-07-30 10:00:00', end_at: '2025-07-30 11:00:00' });
      for (const caller of [undefined, ana, staff]) expect((await month(caller)).map((e) => e.uuid)).toContain(added);
    });

    it('sends the month gzipped to a caller that accepts it, the same answer, and a new one after a change', async () => {
      const app = get().app;
      const gzipped = async (member?: TestMember) => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/2025/7/',
          headers: { 'accept-encoding': 'gzip, deflate, br', ...(member ? { authorization: `Token ${member.token}` } : {}) },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
        return eventListSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
      };
      for (const caller of [undefined, ana, bo]) expect(await gzipped(caller)).toEqual(await month(caller));
      // A caller that refuses gzip gets the plain text.
      const plain = await app.inject({ method: 'GET', url: '/api/2025/7/', headers: { 'accept-encoding': 'gzip;q=0' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      // A change by the other process: the next gzipped answer carries it.
      const before = find(await gzipped(bo), publicId).participantes[0]?.roles[0].status;
      const again = await apiClient(other).put(`/api/events/${publicId}/subscribe/`, subscribeBody(bo.user.uuid, 1), bo.token);
      expect(again.statusCode, again.body).toBe(200);
      const after = find(await gzipped(bo), publicId).participantes[0]?.roles[0].status;
      expect(after).not.toBe(before);
      expect(after).toBe(RoleStatus.reservado);
    });
  },
  { now: TEST_NOW },
);

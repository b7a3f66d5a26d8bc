import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { ContentRevision, StaffContent } from '@club/contract/content';
import { down, up } from '../../src/db/migrations/0025-content-staff-ids.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import { signIn } from '../auth/accounts.ts';

const XSRF = 'test-xsrf-staff-0123456789abcdef0123456789';
const png = readFileSync(new URL('./files/photo.png', import.meta.url));

describeEachDatabase(
  "a staff member's content changes in their export and after their account is deleted",
  (get) => {
    it('exports the changes and uploads a staff member made, then keeps them readable without the name', async () => {
      const t = get();
      const api = apiClient(t.app);
      const laia = await createTestMember(t, { staff: true, nombre: 'Laia', apellidos: 'Grau Vidal' });
      const pau = await createTestMember(t, { staff: true, nombre: 'Pau', apellidos: 'Soler' });
      const upload = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/photos/',
          headers: { authorization: `Token ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'image/png' },
          payload: png,
        });

      // Laia changes a fee and uploads a photo; Pau then changes the fees too.
      const start = (await api.get('/api/admin/content/', laia.token)).json<StaffContent>();
      const fees = start.fees.map((fee, i) => (i === 0 ? { ...fee, priceCents: fee.priceCents + 500 } : fee));
      const saved = await api.put('/api/admin/content/fees/', { items: fees, version: start.version }, laia.token);
      expect(saved.statusCode, saved.body).toBe(200);
      const laiaVersion = saved.json<StaffContent>().version;
      const photo = await upload(laia.token);
      expect(photo.statusCode, photo.body).toBe(201);
      const photoId = photo.json<{ photoId: string }>().photoId;
      const pauFees = fees.map((fee, i) => (i === 1 ? { ...fee, priceCents: fee.priceCents + 100 } : fee));
      const pauSaved = await api.put('/api/admin/content/fees/', { items: pauFees, version: laiaVersion }, pau.token);
      expect(pauSaved.statusCode, pauSaved.body).toBe(200);
      // The partners' last change is Laia's: the section row names her too.
      const partners = await api.put('/api/admin/content/partners/', { items: start.partners, version: pauSaved.json<StaffContent>().version }, laia.token);
      expect(partners.statusCode, partners.body).toBe(200);
      const partnersVersion = partners.json<StaffContent>().version;

      // Her export carries her two changes and her photo, and nothing of Pau's.
      const session = await signIn(t, laia.login, laia.password);
      const exported = await api.get(`/api/registro/${laia.user.uuid}/export/`, session.token);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['cache-control']).toBe('no-store');
      const data = exported.json();
      expect(data.contentChanges).toEqual([
        { section: 'fees', version: laiaVersion, changedAt: expect.any(String), name: 'Grau Vidal, Laia' },
        { section: 'partners', version: partnersVersion, changedAt: expect.any(String), name: 'Grau Vidal, Laia' },
      ]);
      expect(data.photosUploaded).toEqual([{ photoId, width: 800, height: 600, createdAt: expect.any(String), name: 'Grau Vidal, Laia' }]);
      const pauSession = await signIn(t, pau.login, pau.password);
      const pauData = (await api.get(`/api/registro/${pau.user.uuid}/export/`, pauSession.token)).json();
      expect(pauData.contentChanges).toEqual([{ section: 'fees', version: pauSaved.json<StaffContent>().version, changedAt: expect.any(String), name: 'Soler, Pau' }]);
      expect(pauData.photosUploaded).toEqual([]);

      // Laia deletes her account.
      const deleted = await api.delete(`/api/registro/${laia.user.uuid}/`, { password: laia.password }, session.token);
      expect(deleted.statusCode, deleted.body).toBe(204);

      // No row of the content keeps her name or her id.
      const db = t.db.kysely;
      for (const table of ['content_sections', 'content_history'] as const) {
        const rows = await db.selectFrom(table).select(['changed_by', 'changed_by_id']).execute();
        expect(rows.filter((row) => row.changed_by === 'Grau Vidal, Laia' || row.changed_by_id === laia.user.uuid)).toEqual([]);
      }
      const photos = await db.selectFrom('photos').select(['created_by', 'created_by_id']).where('id', '=', photoId).execute();
      expect(photos).toEqual([{ created_by: null, created_by_id: null }]);

      // The history stays whole and readable: her versions are there, by no one named; Pau's keeps his name.
      const history = (await api.get('/api/admin/content/fees/history/', pau.token)).json<ContentRevision[]>();
      expect(history.map((revision) => [revision.version, revision.changedBy])).toEqual([
        [pauSaved.json<StaffContent>().version, 'Soler, Pau'],
        [laiaVersion, null],
        [1, null],
      ]);
      expect(JSON.stringify(history)).not.toContain('Laia');
      // Her change itself is kept, and can still be restored.
      expect((history[1]!.items as { priceCents: number }[])[0]!.priceCents).toBe(fees[0]!.priceCents);
      const staff = (await api.get('/api/admin/content/', pau.token)).json<StaffContent>();
      expect(staff.changes.partners).toEqual({ version: partnersVersion, changedAt: expect.any(String), changedBy: null });
      expect(staff.changes.fees).toMatchObject({ changedBy: 'Soler, Pau' });
      expect(staff.photos[photoId] ?? null).toBeNull(); // not named by any section: the upload alone
      const served = await t.app.inject({ method: 'GET', url: `/photos/${photoId}-320.webp` });
      expect(served.statusCode).toBe(200);
      const restored = await api.post(`/api/admin/content/fees/history/${history[1]!.id}/restore/`, { version: staff.version }, pau.token);
      expect(restored.statusCode, restored.body).toBe(200);
    });

    it('finds the member of changes recorded before ids were kept, by a name only one member carries', async () => {
      const t = get();
      const db = t.db.kysely;
      const unique = await createTestMember(t, { staff: true, nombre: 'Núria', apellidos: 'Bosch' });
      // Two members share a name: neither is given the change.
      const twin1 = await createTestMember(t, { staff: true, nombre: 'Joan', apellidos: 'Mas' });
      const twin2 = await createTestMember(t, { staff: false, nombre: 'Joan', apellidos: 'Mas' });
      await down(db as unknown as Kysely<unknown>);
      const stamp = t.clock.now().toISOString();
      const rows = [
        { id: 'old-1', by: 'Bosch, Núria' },
        { id: 'old-2', by: 'Mas, Joan' },
        { id: 'old-3', by: 'Nadie, Alguien' },
      ];
      for (const row of rows) {
        await db
          .insertInto('content_history')
          .values({ id: row.id, section: 'gallery', items: '[]', version: 900, changed_at: stamp, changed_by: row.by } as never)
          .execute();
      }
      await db
        .insertInto('photos')
        .values({ id: 'old-photo', width: 1, height: 1, widths: '[1]', formats: '["jpg"]', base: '/photos/old-photo', bytes: 0, created_at: stamp, created_by: 'Bosch, Núria' } as never)
        .execute();
      await db.updateTable('content_sections').set({ changed_by: 'Bosch, Núria' } as never).where('section', '=', 'gallery').execute();
      await up(db as unknown as Kysely<unknown>);

      const ids = await db.selectFrom('content_history').select(['id', 'changed_by_id']).where('id', 'like', 'old-%').orderBy('id').execute();
      expect(ids).toEqual([
        { id: 'old-1', changed_by_id: unique.user.uuid },
        { id: 'old-2', changed_by_id: null },
        { id: 'old-3', changed_by_id: null },
      ]);
      expect(await db.selectFrom('photos').select('created_by_id').where('id', '=', 'old-photo').executeTakeFirst()).toEqual({ created_by_id: unique.user.uuid });
      expect(await db.selectFrom('content_sections').select('changed_by_id').where('section', '=', 'gallery').executeTakeFirst()).toEqual({
        changed_by_id: unique.user.uuid,
      });
      expect([twin1.user.uuid, twin2.user.uuid]).not.toContain(ids[1]!.changed_by_id);
    });
  },
  { env: { RATE_LIMIT_LOGIN: '1000' } },
);

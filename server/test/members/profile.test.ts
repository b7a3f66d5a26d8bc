import { expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { collectMemberData } from '../../src/modules/members/export.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { expectError, parseUser, signIn } from '../auth/accounts.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';

/** An event with one registration of the member, straight in the database. */
async function registerForEvent(t: TestApp, memberId: string): Promise<{ eventId: string; registrationId: string }> {
  const stamp = t.clock.now().toISOString();
  const eventId = newId();
  const registrationId = newId();
  await t.db.kysely
    .insertInto('events')
    .values({
      id: eventId,
      type: 3,
      start_at: '2030-06-01 09:00:00',
      end_at: '2030-06-01 14:00:00',
      evento: 'Tirada social IPSC',
      nota: null,
      plazas: 10,
      plazas_taken: 1,
      status: 2,
      solo_lectura: 0,
      series_id: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await t.db.kysely
    .insertInto('registrations')
    .values({
      id: registrationId,
      event_id: eventId,
      member_id: memberId,
      role_id: 3,
      status: 1,
      categoria: 6,
      division: 1,
      factor: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { eventId, registrationId };
}

async function addStage(t: TestApp, ownerId: string): Promise<string> {
  const id = newId();
  const stamp = t.clock.now().toISOString();
  await t.db.kysely
    .insertInto('stages')
    .values({ id, owner_id: ownerId, name: 'Mi ejercicio', public: 0, data: '{"designWidth":1280}', created_at: stamp, updated_at: stamp })
    .execute();
  return id;
}

function profileBody(m: TestMember, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  // The web client sends the whole stored user back, flags included.
  return { ...m.user, mobil: '699888777', nacimiento: '1986-07-21', sexo: 1, division: 3, factor: 2, ...overrides };
}

describeEachDatabase(
  'profile, data export and account deletion',
  (get) => {
    it('changes mobil, nacimiento, sexo, division and factor, and answers the User', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const res = await api.put(`/api/registro/${m.user.uuid}/`, profileBody(m), session.token);
      expect(res.statusCode).toBe(200);
      const expected = { ...m.user, mobil: '699888777', nacimiento: '1986-07-21', sexo: 1, division: 3, factor: 2 };
      expect(parseUser(res)).toEqual(expected);
      expect(parseUser(await api.get('/api/registry/actvie-user/', session.token))).toEqual(expected);
      // Absent division keeps it; null clears it.
      const { division: _division, ...withoutDivision } = profileBody(m, { factor: null });
      const again = parseUser(await api.put(`/api/registro/${m.user.uuid}`, withoutDivision, session.token));
      expect(again.division).toBe(3);
      expect(again.factor).toBeNull();
    });

    it('ignores staff, the club flags, login, names, email and socio in the body', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const before = await t.db.kysely.selectFrom('members').selectAll().where('id', '=', m.user.uuid).executeTakeFirstOrThrow();
      const res = await api.put(
        `/api/registro/${m.user.uuid}/`,
        profileBody(m, {
          staff: true,
          licencia: 'A-9999',
          curso: true,
          habilitado: true,
          arbitroIpsc: true,
          arbitroPrecision: true,
          entrenadorNacional: true,
          instructorMisia: true,
          autorizacionClub: true,
          login: 'otro.login',
          nombre: 'Otro',
          apellidos: 'Nombre',
          email: 'otro@example.com',
          socio: '0001',
          password_hash: 'x',
          language: 'en',
          id: newId(),
        }),
        session.token,
      );
      expect(res.statusCode).toBe(200);
      const user = parseUser(res);
      expect(user).toEqual({ ...m.user, mobil: '699888777', nacimiento: '1986-07-21', sexo: 1, division: 3, factor: 2 });
      const after = await t.db.kysely.selectFrom('members').selectAll().where('id', '=', m.user.uuid).executeTakeFirstOrThrow();
      expect({ ...after, mobil: before.mobil, nacimiento: before.nacimiento, sexo: before.sexo, division: before.division, factor: before.factor, updated_at: before.updated_at }).toEqual(before);
    });

    it("refuses another member's uuid with 403 and changes nothing", async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const victim = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password);
      const api = apiClient(t.app);
      const victimBefore = await t.db.kysely.selectFrom('members').selectAll().where('id', '=', victim.user.uuid).executeTakeFirstOrThrow();
      const mineBefore = await t.db.kysely.selectFrom('members').selectAll().where('id', '=', m.user.uuid).executeTakeFirstOrThrow();
      expectError(await api.put(`/api/registro/${victim.user.uuid}/`, profileBody(victim), session.token), 403, 'FORBIDDEN');
      // Own path, someone else's uuid in the body.
      expectError(await api.put(`/api/registro/${m.user.uuid}/`, profileBody(victim), session.token), 403, 'FORBIDDEN');
      expectError(await api.get(`/api/registro/${victim.user.uuid}/export/`, session.token), 403, 'FORBIDDEN');
      expectError(await api.delete(`/api/registro/${victim.user.uuid}/`, { password: victim.password }, session.token), 403, 'FORBIDDEN');
      expect(await t.db.kysely.selectFrom('members').selectAll().where('id', '=', victim.user.uuid).executeTakeFirstOrThrow()).toEqual(victimBefore);
      expect(await t.db.kysely.selectFrom('members').selectAll().where('id', '=', m.user.uuid).executeTakeFirstOrThrow()).toEqual(mineBefore);
    });

    it('answers 401 without a session and VALIDATION_ERROR for bad fields', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const api = apiClient(t.app);
      expectError(await api.put(`/api/registro/${m.user.uuid}/`, profileBody(m)), 401, 'NOT_AUTHENTICATED');
      // 401 comes first, whatever the body.
      expectError(await api.put(`/api/registro/${m.user.uuid}/`, { mobil: 'x' }), 401, 'NOT_AUTHENTICATED');
      expectError(await api.get(`/api/registro/${m.user.uuid}/export/`), 401, 'NOT_AUTHENTICATED');
      expectError(await api.delete(`/api/registro/${m.user.uuid}/`, { password: m.password }), 401, 'NOT_AUTHENTICATED');
      const session = await signIn(t, m.login, m.password);
      const bad = expectError(
        await api.put(`/api/registro/${m.user.uuid}/`, profileBody(m, { mobil: '12', nacimiento: '', sexo: 5, factor: 7 }), session.token),
        400,
        'VALIDATION_ERROR',
      );
      expect(bad.fields).toEqual({ mobil: ['mobile'], nacimiento: ['required'], sexo: ['enum'], factor: ['enum'] });
      expectError(await api.put('/api/registro/not-a-uuid/', profileBody(m), session.token), 400, 'VALIDATION_ERROR');
    });

    it('exports everything held on the member, with registrations and no secrets, as an attachment', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password, true);
      const { eventId, registrationId } = await registerForEvent(t, m.user.uuid);
      const stageId = await addStage(t, m.user.uuid);
      await t.db.kysely
        .insertInto('contact_messages')
        .values({ id: newId(), name: 'Marta', email: m.email.toUpperCase(), subject: 'Hola', message: 'Una consulta', language: 'es', read: 0, created_at: t.clock.now().toISOString() })
        .execute();
      const res = await apiClient(t.app).get(`/api/registro/${m.user.uuid}/export/`, session.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="club-data-${m.user.uuid}.json"`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json();
      expect(data.user).toEqual(m.user);
      expect(data.account.language).toBe('es');
      expect(data.registrations).toEqual([
        {
          uuid: registrationId,
          event: { uuid: eventId, type: 3, start: '2030-06-01 09:00:00', end: '2030-06-01 14:00:00', evento: 'Tirada social IPSC' },
          roleId: 3,
          status: 1,
          categoria: 6,
          division: 1,
          factor: 1,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ]);
      expect(data.stages).toEqual([expect.objectContaining({ id: stageId, name: 'Mi ejercicio', public: false, stage: { designWidth: 1280 } })]);
      expect(data.sessions).toEqual([expect.objectContaining({ rememberMe: true, revokedAt: null })]);
      expect(data.contactMessages).toEqual([expect.objectContaining({ subject: 'Hola', message: 'Una consulta' })]);
      const row = await t.db.kysely.selectFrom('members').select('password_hash').where('id', '=', m.user.uuid).executeTakeFirstOrThrow();
      const tokenRow = await t.db.kysely.selectFrom('tokens').select('token_hash').where('member_id', '=', m.user.uuid).executeTakeFirstOrThrow();
      expect(res.body).not.toContain(row.password_hash);
      expect(res.body).not.toContain(tokenRow.token_hash);
      expect(res.body).not.toContain(session.token);
    });

    it('gives the event loop back between the reads of an export, so other calls are not held up', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      await registerForEvent(t, m.user.uuid);
      const member = await t.db.kysely.selectFrom('members').selectAll().where('id', '=', m.user.uuid).executeTakeFirstOrThrow();
      // A turn of the loop counts itself and waits for the next; on SQLite, reads that never give
      // the loop back would let none of them run until the export is done.
      let turns = 0;
      let running = true;
      const turn = () => {
        if (!running) return;
        turns += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
      const data = await collectMemberData(t.app.ctx, t.db.kysely, member);
      running = false;
      expect(data.registrations).toHaveLength(1);
      expect(turns).toBeGreaterThanOrEqual(6);
    });

    it('deletes the account: password checked, tokens revoked, registrations kept anonymised and seats freed, stages gone', async () => {
      const t = get();
      const m = await createTestMember(t, { session: false });
      const other = await createTestMember(t, { session: false });
      const session = await signIn(t, m.login, m.password);
      const second = await signIn(t, m.login, m.password, true);
      const { eventId, registrationId } = await registerForEvent(t, m.user.uuid);
      await addStage(t, m.user.uuid);
      const otherStage = await addStage(t, other.user.uuid);
      const api = apiClient(t.app);
      const url = `/api/registro/${m.user.uuid}/`;
      expectError(await api.delete(url, { password: 'NotMine2025' }, session.token), 400, 'WRONG_PASSWORD');
      expect(expectError(await api.delete(url, {}, session.token), 400, 'VALIDATION_ERROR').fields).toEqual({ password: ['required'] });
      expect(expectError(await api.delete(url, { password: 'x'.repeat(129) }, session.token), 400, 'VALIDATION_ERROR').fields).toEqual({
        password: ['maxlength'],
      });
      expect((await api.get('/api/active-user/', session.token)).statusCode).toBe(200);

      const res = await api.delete(url, { password: m.password }, session.token);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectError(await api.get('/api/active-user/', session.token), 401, 'NOT_AUTHENTICATED');
      expectError(await api.get('/api/active-user/', second.token), 401, 'NOT_AUTHENTICATED');
      expectError(await api.post('/api/login/', { login: m.login, password: m.password }), 401, 'INVALID_CREDENTIALS');
      const db = t.db.kysely;
      expect(await db.selectFrom('members').select('id').where('id', '=', m.user.uuid).execute()).toEqual([]);
      expect(await db.selectFrom('tokens').select('token_hash').where('member_id', '=', m.user.uuid).execute()).toEqual([]);
      expect(await db.selectFrom('stages').select('id').where('owner_id', '=', m.user.uuid).execute()).toEqual([]);
      expect(await db.selectFrom('stages').select('id').where('id', '=', otherStage).execute()).toHaveLength(1);
      const kept = await db.selectFrom('registrations').selectAll().where('id', '=', registrationId).executeTakeFirstOrThrow();
      // The event is still to come: the registration is cancelled and its seat freed.
      expect(kept).toMatchObject({ event_id: eventId, member_id: null, role_id: 3, status: 2 });
      const event = await db.selectFrom('events').select('plazas_taken').where('id', '=', eventId).executeTakeFirstOrThrow();
      expect(Number(event.plazas_taken)).toBe(0);
      // The other member is untouched.
      await signIn(t, other.login, other.password);
      // The login and address are free again.
      const again = await api.post('/api/registro/', {
        login: m.login,
        password: 'Registro2025x',
        nombre: 'Marta',
        apellidos: 'Puig',
        email: m.email,
        mobil: '600123456',
        nacimiento: '1985-03-14',
        sexo: 2,
      });
      expect(again.statusCode).toBe(201);
    });
  },
  { env: { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000' } },
);

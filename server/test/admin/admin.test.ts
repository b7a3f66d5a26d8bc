import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStatus, EventType, RoleId, RoleStatus } from '@club/contract/enums';
import { contactMessageSchema, eventListSchema, eventSchema, userSchema } from '@club/contract/schemas';
import { apiClient, createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { expectStaffOnly } from '../support/staff-only.ts';
import type { StaffCall } from '../support/staff-only.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { TEST_NOW, insertEvent, subscribeBody } from '../events/fixtures.ts';

const NO_ID = '00000000-0000-4000-8000-00000000abcd';

const eventBody = (extra: Record<string, unknown> = {}) => ({
  type: EventType.regularIpscClass,
  start: '2025-07-03 19:00:00',
  end: '2025-07-03 21:00:00',
  evento: 'Clase IPSC',
  nota: 'Trae gafas.',
  plazas: 8,
  status: EventStatus.publico,
  ...extra,
});

describe.each(TEST_DIALECTS)('staff area [%s]', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let staff: TestMember;
  let member: TestMember;
  const api = () => apiClient(t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url }, now: TEST_NOW });
    [staff, member] = await Promise.all([
      createTestMember(t, { ...ALL_FLAGS, staff: true, login: 'nuria.staff', nombre: 'Nuria' }),
      createTestMember(t, {
        socio: '0777',
        login: 'jordi.member',
        nombre: 'Jordi',
        apellidos: 'Puig Serra',
        email: 'Jordi.Puig@Club.test',
      }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers every staff call 401 to an anonymous caller and 403 to a member, even with a bad body', async () => {
    const eventId = await insertEvent(t);
    const calls: StaffCall[] = [
      ['GET', '/api/admin/events/?from=2025-07-01&to=2025-07-31', undefined],
      ['POST', '/api/admin/events/', eventBody()],
      ['POST', '/api/admin/events/', { bad: true }],
      ['PUT', `/api/admin/events/${eventId}/`, eventBody()],
      ['DELETE', `/api/admin/events/${eventId}/`, undefined],
      ['PUT', `/api/admin/events/${eventId}/participants/${member.user.uuid}/`, { status: 3 }],
      ['GET', '/api/admin/users/?q=a', undefined],
      ['PUT', `/api/admin/users/${member.user.uuid}/`, { staff: true }],
      ['GET', `/api/admin/users/${member.user.uuid}/registrations/`, undefined],
      ['GET', '/api/admin/messages/', undefined],
      ['PUT', `/api/admin/messages/${NO_ID}/`, { read: true }],
    ];
    await expectStaffOnly(t.app, member.token, calls);
    // Nothing changed: the member is still no staff, the event still there.
    const still = await t.db.kysely
      .selectFrom('members')
      .select('staff')
      .where('id', '=', member.user.uuid)
      .executeTakeFirstOrThrow();
    expect(still.staff).toBe(0);
    expect((await api().get(`/api/events/${eventId}/`)).statusCode).toBe(200);
  });

  it('creates one event, and N weekly events sharing a series with repeatWeeks', async () => {
    const single = await api().post('/api/admin/events/', eventBody(), staff.token);
    expect(single.statusCode).toBe(201);
    const [one] = eventListSchema.parse(single.json());
    expect(one).toMatchObject({
      evento: 'Clase IPSC',
      nota: 'Trae gafas.',
      plazas: 8,
      plazasLibres: 8,
      soloLectura: false,
      participantes: [],
    });

    const repeated = await api().post(
      '/api/admin/events/',
      eventBody({
        evento: 'Semanal',
        start: '2025-10-14 19:00:00',
        end: '2025-10-14 21:00:00',
        repeatWeeks: 4,
        soloLectura: true,
      }),
      staff.token,
    );
    expect(repeated.statusCode).toBe(201);
    const events = eventListSchema.parse(repeated.json());
    // Across the end of summer time the wall-clock time stays 19:00.
    expect(events.map((e) => e.start)).toEqual([
      '2025-10-14 19:00:00',
      '2025-10-21 19:00:00',
      '2025-10-28 19:00:00',
      '2025-11-04 19:00:00',
    ]);
    expect(events.every((e) => e.soloLectura && e.end.endsWith('21:00:00'))).toBe(true);
    const rows = await t.db.kysely
      .selectFrom('events')
      .select(['series_id'])
      .where('evento', '=', 'Semanal')
      .execute();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows[0].series_id).not.toBeNull();
  });

  it('refuses a bad event body with the fields at fault', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [eventBody({ end: '2025-07-03 18:00:00' }), 'end'],
      [eventBody({ start: '2025-02-30 10:00:00' }), 'start'],
      [eventBody({ plazas: -1 }), 'plazas'],
      [eventBody({ type: 12 }), 'type'],
      [eventBody({ evento: '' }), 'evento'],
      [eventBody({ repeatWeeks: 0 }), 'repeatWeeks'],
      [eventBody({ staff: true }), 'staff'],
    ];
    for (const [body, field] of cases) {
      const res = await api().post('/api/admin/events/', body, staff.token);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields), field).toContain(field);
    }
  });

  it('lists events in a range for staff, private ones and participants included', async () => {
    const priv = await insertEvent(t, {
      start_at: '2025-09-02 10:00:00',
      end_at: '2025-09-02 11:00:00',
      evento: 'Privada',
      status: EventStatus.privado,
    });
    const pub = await insertEvent(t, {
      start_at: '2025-09-30 10:00:00',
      end_at: '2025-09-30 11:00:00',
      evento: 'Pública',
    });
    await insertEvent(t, {
      start_at: '2025-10-01 10:00:00',
      end_at: '2025-10-01 11:00:00',
      evento: 'Octubre',
    });
    const regular = await createTestMember(t, ALL_FLAGS);
    expect(
      (await api().put(`/api/events/${pub}/subscribe/`, subscribeBody(regular.user.uuid, 1), regular.token))
        .statusCode,
    ).toBe(200);
    const res = await api().get('/api/admin/events/?from=2025-09-01&to=2025-09-30', staff.token);
    expect(res.statusCode).toBe(200);
    const events = eventListSchema.parse(res.json());
    expect(events.map((e) => e.uuid)).toEqual([priv, pub]);
    // Seat counts only: the participants come per event, a page at a time.
    expect(events[1]).toMatchObject({ plazasLibres: 9, participantes: [] });
    expect(res.body).not.toContain(regular.user.email);
    const all = await api().get('/api/admin/events/?from=2025-09-01&to=2025-09-30&participantes=all', staff.token);
    expect(eventListSchema.parse(all.json())[1].participantes[0]).toMatchObject({
      uuid: regular.user.uuid,
      email: regular.user.email,
    });
    const bad = await api().get('/api/admin/events/?from=yesterday', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.from).toEqual(['date']);
  });

  it('updates an event, keeps seats at or above those taken, and moves roles with the type', async () => {
    const id = await insertEvent(t, { type: EventType.regularIpscClass, plazas: 5 });
    const a = await createTestMember(t, ALL_FLAGS);
    const b = await createTestMember(t, ALL_FLAGS);
    for (const m of [a, b]) {
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token)).statusCode,
      ).toBe(200);
    }
    const tooFew = await api().put(`/api/admin/events/${id}/`, eventBody({ plazas: 1 }), staff.token);
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().message).toContain('2 seats already taken');
    expect(tooFew.json().fields).toEqual({ plazas: ['unknown'] });

    const ok = await api().put(
      `/api/admin/events/${id}/`,
      eventBody({ type: EventType.ipscSocialShoot, plazas: 2, evento: 'Tirada', soloLectura: true }),
      staff.token,
    );
    expect(ok.statusCode).toBe(200);
    const event = eventSchema.parse(ok.json());
    expect(event).toMatchObject({
      type: EventType.ipscSocialShoot,
      plazas: 2,
      plazasLibres: 0,
      evento: 'Tirada',
      soloLectura: true,
      start: '2025-07-03 19:00:00',
    });
    expect(event.participantes.every((p) => p.roles[0].roleId === RoleId.competidor)).toBe(true);

    const missing = await api().put(`/api/admin/events/${NO_ID}/`, eventBody(), staff.token);
    expect(missing.statusCode).toBe(404);
    const bad = await api().put(`/api/admin/events/${id}/`, eventBody({ repeatWeeks: 2 }), staff.token);
    expect(bad.statusCode).toBe(400);
  });

  it('changes a participant status: anulado frees the seat, leaving anulado takes one if free', async () => {
    const id = await insertEvent(t, { plazas: 1 });
    const a = await createTestMember(t, ALL_FLAGS);
    const b = await createTestMember(t, ALL_FLAGS);
    const url = (m: TestMember) => `/api/admin/events/${id}/participants/${m.user.uuid}/`;
    expect(
      (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(a.user.uuid, 1), a.token)).statusCode,
    ).toBe(200);

    const confirmed = await api().put(url(a), { status: RoleStatus.confirmado }, staff.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().participantes[0].roles[0].status).toBe(RoleStatus.confirmado);
    expect(confirmed.json().plazasLibres).toBe(0);

    const annulled = await api().put(url(a), { status: RoleStatus.anulado }, staff.token);
    expect(annulled.json().plazasLibres).toBe(1);
    expect(
      (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(b.user.uuid, 1), b.token)).statusCode,
    ).toBe(200);
    const full = await api().put(url(a), { status: RoleStatus.reservado }, staff.token);
    expect(full.statusCode).toBe(409);
    expect(full.json().errorCode).toBe('EVENT_FULL');
    expect((await api().put(url(b), { status: RoleStatus.anulado }, staff.token)).statusCode).toBe(200);
    const back = await api().put(url(a), { status: RoleStatus.finalizado }, staff.token);
    expect(back.statusCode).toBe(200);
    expect(back.json().plazasLibres).toBe(0);

    expect((await api().put(url(staff), { status: 3 }, staff.token)).statusCode).toBe(404);
    expect(
      (await api().put(`/api/admin/events/${NO_ID}/participants/${a.user.uuid}/`, { status: 3 }, staff.token))
        .statusCode,
    ).toBe(404);
    const bad = await api().put(url(a), { status: 5 }, staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toEqual(['enum']);
  });

  it('deletes an event and mails every registered member, not those who cancelled', async () => {
    const id = await insertEvent(t, { evento: 'Prácticas del sábado', type: EventType.clubPractices });
    const stays = await createTestMember(t, { ...ALL_FLAGS, language: 'en' });
    const left = await createTestMember(t, ALL_FLAGS);
    for (const m of [stays, left]) {
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token)).statusCode,
      ).toBe(200);
    }
    expect(
      (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(left.user.uuid, 2), left.token))
        .statusCode,
    ).toBe(200);
    const res = await api().delete(`/api/admin/events/${id}/`, undefined, staff.token);
    expect(res.statusCode).toBe(204);
    const deadline = Date.now() + 5000;
    const cancelled = () =>
      smtp.received.find((m) => m.to.includes(stays.user.email) && m.subject.startsWith('Event cancelled'));
    while (!cancelled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancelled()?.subject).toBe('Event cancelled: Prácticas del sábado');
    expect(cancelled()?.text).toContain('The club has cancelled this event');
    expect((await api().get(`/api/events/${id}/`)).statusCode).toBe(404);
    expect(
      await t.db.kysely.selectFrom('registrations').select('id').where('event_id', '=', id).execute(),
    ).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.received.filter((m) => m.to.includes(left.user.email) && /cancelado|cancelled/i.test(m.subject)),
    ).toEqual([]);
    expect((await api().delete(`/api/admin/events/${id}/`, undefined, staff.token)).statusCode).toBe(404);
  });

  it('finds members by login, name, e-mail or member number, in any case, at most 50', async () => {
    const find = async (q: string) => {
      const res = await api().get(`/api/admin/users/?q=${encodeURIComponent(q)}`, staff.token);
      expect(res.statusCode).toBe(200);
      return res.json().map((u: unknown) => userSchema.parse(u));
    };
    for (const q of ['JORDI.MEM', 'puig serra', 'jordi puig', 'jordi.puig@club', '0777']) {
      const found = await find(q);
      expect(
        found.map((u: { uuid: string }) => u.uuid),
        q,
      ).toContain(member.user.uuid);
      expect(
        found.map((u: { uuid: string }) => u.uuid),
        q,
      ).not.toContain(staff.user.uuid);
    }
    expect(await find('%')).toEqual([]);
    expect(await find('no-such-person')).toEqual([]);
    await Promise.all(
      Array.from({ length: 52 }, (_, i) =>
        createTestMember(t, { nombre: 'Masivo', login: `masivo.${i}.xyz` }),
      ),
    );
    expect(await find('masivo')).toHaveLength(50);
    const tooLong = await api().get(`/api/admin/users/?q=${'a'.repeat(101)}`, staff.token);
    expect(tooLong.statusCode).toBe(400);
  });

  it('sets the flags the club vouches for, after which the member may register', async () => {
    const id = await insertEvent(t, { type: EventType.ipscSocialShoot });
    const before = await api().put(
      `/api/events/${id}/subscribe/`,
      subscribeBody(member.user.uuid, 1),
      member.token,
    );
    expect(before.json().errorCode).toBe('NOT_ELIGIBLE');
    const res = await api().put(
      `/api/admin/users/${member.user.uuid}/`,
      { licencia: 'C-42', curso: true, instructorMisia: true },
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({
      licencia: 'C-42',
      curso: true,
      instructorMisia: true,
      socio: '0777',
      staff: false,
    });
    expect(
      (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token))
        .statusCode,
    ).toBe(200);

    const regs = await api().get(`/api/admin/users/${member.user.uuid}/registrations/`, staff.token);
    expect(regs.statusCode).toBe(200);
    expect(regs.json()).toContainEqual(
      expect.objectContaining({
        eventUuid: id,
        evento: 'Entrenamiento',
        roleId: RoleId.competidor,
        status: RoleStatus.reservado,
        start: '2025-07-10 19:00:00',
      }),
    );
    expect((await api().get(`/api/admin/users/${NO_ID}/registrations/`, staff.token)).statusCode).toBe(404);

    const unknownKey = await api().put(`/api/admin/users/${member.user.uuid}/`, { nombre: 'X' }, staff.token);
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().fields.nombre).toEqual(['unknown']);
    expect((await api().put(`/api/admin/users/${NO_ID}/`, { curso: true }, staff.token)).statusCode).toBe(
      404,
    );
  });

  it('does not let a staff member remove their own staff flag, but another one', async () => {
    const self = await api().put(`/api/admin/users/${staff.user.uuid}/`, { staff: false }, staff.token);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toMatch(/own staff flag/);
    const other = await createTestMember(t, { staff: true });
    const res = await api().put(`/api/admin/users/${other.user.uuid}/`, { staff: false }, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toBe(false);
    // The demoted member is now refused.
    expect((await api().get('/api/admin/messages/', other.token)).statusCode).toBe(403);
  });

  it('lists contact messages newest first and marks them read or unread', async () => {
    const rows = [
      { id: '10000000-0000-4000-8000-000000000001', created_at: '2025-05-01T10:00:00.000Z', subject: 'Old' },
      { id: '10000000-0000-4000-8000-000000000002', created_at: '2025-05-20T10:00:00.000Z', subject: 'New' },
    ];
    for (const r of rows) {
      await t.db.kysely
        .insertInto('contact_messages')
        .values({ ...r, name: 'Eva', email: 'eva@club.test', message: 'Hola', language: 'es', read: 0 })
        .execute();
    }
    const res = await api().get('/api/admin/messages/', staff.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().map((m: unknown) => contactMessageSchema.parse(m));
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['New', 'Old']);
    expect(list[0]).toMatchObject({ read: false, createdAt: '2025-05-20T10:00:00.000Z', name: 'Eva' });
    const read = await api().put(`/api/admin/messages/${rows[0].id}/`, { read: true }, staff.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().read).toBe(true);
    expect((await api().get('/api/admin/messages/', staff.token)).json()[1].read).toBe(true);
    expect(
      (await api().put(`/api/admin/messages/${rows[0].id}/`, { read: 'yes' }, staff.token)).statusCode,
    ).toBe(400);
    expect((await api().put(`/api/admin/messages/${NO_ID}/`, { read: true }, staff.token)).statusCode).toBe(
      404,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStatus, EventType, RoleStatus } from '@club/contract/enums';
import { contactMessageSchema, eventListSchema, eventSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { apiClient, createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { expectStaffOnly } from '../support/staff-only.ts';
import type { StaffCall } from '../support/staff-only.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { TEST_NOW, insertEvent, subscribeBody } from '../events/fixtures.ts';
import { newId } from '../../src/lib/ids.ts';

const NO_ID = '00000000-0000-4000-8000-00000000abcd';

const seriesBody = (evento: string, start = '2025-07-01 19:00:00', end = '2025-07-01 21:00:00') => ({
  type: EventType.regularIpscClass,
  start,
  end,
  evento,
  nota: 'Trae gafas.',
  plazas: 8,
  status: EventStatus.publico,
  repeatWeeks: 4,
});

const updateBodyOf = (event: ClubEvent, extra: Record<string, unknown> = {}) => ({
  type: event.type,
  start: event.start,
  end: event.end,
  evento: event.evento,
  nota: event.nota,
  plazas: event.plazas,
  status: event.status,
  ...extra,
});

describe.each(TEST_DIALECTS)('staff screens: series, walk-ins, archived messages [%s]', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let staff: TestMember;
  let member: TestMember;
  const api = () => apiClient(t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url }, now: TEST_NOW });
    [staff, member] = await Promise.all([
      createTestMember(t, { ...ALL_FLAGS, staff: true }),
      createTestMember(t, ALL_FLAGS),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const createSeries = async (evento: string): Promise<ClubEvent[]> => {
    const res = await api().post('/api/admin/events/', seriesBody(evento), staff.token);
    expect(res.statusCode).toBe(201);
    return eventListSchema.parse(res.json());
  };

  const rowsOf = (evento: string) =>
    t.db.kysely
      .selectFrom('events')
      .select(['id', 'start_at', 'end_at', 'evento', 'nota', 'plazas', 'status', 'version'])
      .where('evento', '=', evento)
      .orderBy('start_at')
      .execute();

  const register = async (eventId: string, who: TestMember) => {
    const res = await api().put(
      `/api/events/${eventId}/subscribe/`,
      subscribeBody(who.user.uuid, 1),
      who.token,
    );
    expect(res.statusCode).toBe(200);
  };

  const putOnWaitlist = async (eventId: string, who: TestMember, position: number) => {
    await t.db.kysely
      .insertInto('waitlist')
      .values({
        id: newId(),
        event_id: eventId,
        member_id: who.user.uuid,
        position,
        created_at: TEST_NOW.toISOString(),
      })
      .execute();
  };

  it('answers the new staff calls 401 signed out and 403 to a member, changing nothing', async () => {
    const [first] = await createSeries('Serie protegida');
    const calls: StaffCall[] = [
      ['PUT', `/api/admin/events/${first.uuid}/?scope=following`, updateBodyOf(first, { evento: 'X' })],
      ['DELETE', `/api/admin/events/${first.uuid}/?scope=following`, undefined],
      ['POST', `/api/admin/events/${first.uuid}/participants/`, { personUuid: member.user.uuid }],
      ['POST', `/api/admin/events/${first.uuid}/participants/`, { bad: true }],
      ['GET', '/api/admin/messages/?archived=1', undefined],
      ['PUT', `/api/admin/messages/${NO_ID}/`, { archived: true }],
    ];
    await expectStaffOnly(t.app, member.token, calls);
    const rows = await rowsOf('Serie protegida');
    expect(rows).toHaveLength(4);
    expect(
      await t.db.kysely.selectFrom('registrations').select('id').where('event_id', '=', first.uuid).execute(),
    ).toEqual([]);
  });

  it('gives the events of a weekly series one series id in the staff view, and lone events none', async () => {
    const events = await createSeries('Serie con id');
    expect(events[0].seriesId).toEqual(expect.any(String));
    expect(new Set(events.map((e) => e.seriesId)).size).toBe(1);
    const lone = await api().post(
      '/api/admin/events/',
      { ...seriesBody('Sola'), repeatWeeks: undefined },
      staff.token,
    );
    expect(eventListSchema.parse(lone.json())[0].seriesId).toBeNull();
    // Members do not see the series.
    const seen = await api().get(`/api/events/${events[0].uuid}/`, member.token);
    expect(seen.json()).not.toHaveProperty('seriesId');
  });

  it('edits this and the following events of a series: title, note, seats, status, time of day; each keeps its day', async () => {
    const events = await createSeries('Clase semanal');
    const registered = await createTestMember(t, { ...ALL_FLAGS, language: 'ca' });
    await register(events[2].uuid, registered);
    const before = await rowsOf('Clase semanal');

    const res = await api().put(
      `/api/admin/events/${events[1].uuid}/?scope=following`,
      updateBodyOf(events[1], {
        evento: 'Clase semanal (nuevo horario)',
        nota: 'Nueva nota',
        plazas: 12,
        status: EventStatus.privado,
        start: '2025-07-08 18:00:00',
        end: '2025-07-08 20:30:00',
      }),
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    expect(eventSchema.parse(res.json())).toMatchObject({
      uuid: events[1].uuid,
      start: '2025-07-08 18:00:00',
    });

    expect(await rowsOf('Clase semanal')).toEqual([before[0]]);
    const changed = await rowsOf('Clase semanal (nuevo horario)');
    expect(changed.map((r) => [r.id, r.start_at, r.end_at, r.nota, r.plazas, r.status])).toEqual([
      [events[1].uuid, '2025-07-08 18:00:00', '2025-07-08 20:30:00', 'Nueva nota', 12, EventStatus.privado],
      [events[2].uuid, '2025-07-15 18:00:00', '2025-07-15 20:30:00', 'Nueva nota', 12, EventStatus.privado],
      [events[3].uuid, '2025-07-22 18:00:00', '2025-07-22 20:30:00', 'Nueva nota', 12, EventStatus.privado],
    ]);
    expect(changed.every((r, i) => r.version === before[i + 1].version + 1)).toBe(true);
    // The member registered on a later event hears of the change, in their language.
    const mail = await smtp.waitFor(
      (m) => m.to.includes(registered.user.email) && m.subject.startsWith('Canvis'),
    );
    expect(mail.subject).toBe("Canvis a l'esdeveniment: Clase semanal (nuevo horario)");
    expect(mail.text).toContain('18:00-20:30');
  });

  it('edits one event of a series alone by default, as before', async () => {
    const events = await createSeries('Serie sola');
    const res = await api().put(
      `/api/admin/events/${events[0].uuid}/`,
      updateBodyOf(events[0], { evento: 'Serie sola cambiada' }),
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await rowsOf('Serie sola cambiada')).map((r) => r.id)).toEqual([events[0].uuid]);
    expect(await rowsOf('Serie sola')).toHaveLength(3);
  });

  it('refuses the whole series change when a later event has more seats taken than asked for', async () => {
    const events = await createSeries('Serie llena');
    const [a, b] = await Promise.all([createTestMember(t, ALL_FLAGS), createTestMember(t, ALL_FLAGS)]);
    await register(events[3].uuid, a);
    await register(events[3].uuid, b);
    const before = await rowsOf('Serie llena');
    const res = await api().put(
      `/api/admin/events/${events[0].uuid}/?scope=following`,
      updateBodyOf(events[0], { plazas: 1, evento: 'Serie llena cambiada' }),
      staff.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('EVENT_FULL');
    expect(await rowsOf('Serie llena')).toEqual(before);
  });

  it('refuses scope=following for an event of no series (409 NOT_IN_SERIES) and an unknown scope (400)', async () => {
    const id = await insertEvent(t, { evento: 'Suelta' });
    const body = { ...updateBodyOf({ ...(await api().get(`/api/events/${id}/`, staff.token)).json() }) };
    const put = await api().put(`/api/admin/events/${id}/?scope=following`, body, staff.token);
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ errorCode: 'NOT_IN_SERIES' });
    expect(put.json().message).toMatch(/series/);
    const del = await api().delete(`/api/admin/events/${id}/?scope=following`, undefined, staff.token);
    expect(del.statusCode).toBe(409);
    expect(del.json().errorCode).toBe('NOT_IN_SERIES');
    expect((await api().get(`/api/events/${id}/`)).statusCode).toBe(200);
    const bad = await api().delete(`/api/admin/events/${id}/?scope=all`, undefined, staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.scope).toEqual(['enum']);
    expect(
      (await api().delete(`/api/admin/events/${NO_ID}/?scope=following`, undefined, staff.token)).statusCode,
    ).toBe(404);
  });

  it('deletes this and the following events of a series, mailing those registered and those waiting', async () => {
    const events = await createSeries('Serie borrada');
    const registered = await createTestMember(t, { ...ALL_FLAGS, language: 'en' });
    const waiting = await createTestMember(t, { ...ALL_FLAGS, language: 'es' });
    const earlier = await createTestMember(t, { ...ALL_FLAGS, language: 'en' });
    await register(events[0].uuid, earlier);
    await register(events[2].uuid, registered);
    await putOnWaitlist(events[3].uuid, waiting, 1);

    const res = await api().delete(
      `/api/admin/events/${events[2].uuid}/?scope=following`,
      undefined,
      staff.token,
    );
    expect(res.statusCode).toBe(204);
    expect((await rowsOf('Serie borrada')).map((r) => r.id)).toEqual([events[0].uuid, events[1].uuid]);
    for (const gone of [events[2], events[3]]) {
      expect(
        await t.db.kysely
          .selectFrom('registrations')
          .select('id')
          .where('event_id', '=', gone.uuid)
          .execute(),
      ).toEqual([]);
      expect(
        await t.db.kysely.selectFrom('waitlist').select('id').where('event_id', '=', gone.uuid).execute(),
      ).toEqual([]);
    }
    const toRegistered = await smtp.waitFor(
      (m) => m.to.includes(registered.user.email) && m.subject.startsWith('Event cancelled'),
    );
    expect(toRegistered.text).toContain('for which you were registered');
    const toWaiting = await smtp.waitFor(
      (m) => m.to.includes(waiting.user.email) && m.subject.startsWith('Evento cancelado'),
    );
    expect(toWaiting.subject).toBe('Evento cancelado: Serie borrada');
    expect(toWaiting.text).toContain('lista de espera');
    // The earlier event stays, with its registration, and its member hears nothing.
    expect((await api().get(`/api/events/${events[0].uuid}/`, staff.token)).json().plazasLibres).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.received.filter((m) => m.to.includes(earlier.user.email) && /cancelled/i.test(m.subject)),
    ).toEqual([]);
  });

  it('deleting a single event mails the members on its waiting list too', async () => {
    const id = await insertEvent(t, { evento: 'Con cola', plazas: 0 });
    const waiting = await createTestMember(t, { ...ALL_FLAGS, language: 'ca' });
    await putOnWaitlist(id, waiting, 1);
    expect((await api().delete(`/api/admin/events/${id}/`, undefined, staff.token)).statusCode).toBe(204);
    const mail = await smtp.waitFor((m) => m.to.includes(waiting.user.email));
    expect(mail.subject).toBe('Esdeveniment cancel·lat: Con cola');
    expect(mail.text).toContain("llista d'espera");
  });

  it('seats a walk-in even on a full event, takes them off the line, mails the confirmation; 409 the second time', async () => {
    const id = await insertEvent(t, { evento: 'Llena', plazas: 1 });
    const first = await createTestMember(t, ALL_FLAGS);
    await register(id, first);
    const walkIn = await createTestMember(t, { ...ALL_FLAGS, language: 'en' });
    await putOnWaitlist(id, walkIn, 1);

    const res = await api().post(
      `/api/admin/events/${id}/participants/`,
      { personUuid: walkIn.user.uuid },
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    const event = eventSchema.parse(res.json());
    expect(event).toMatchObject({ plazas: 2, plazasLibres: 0, listaEspera: 0 });
    const seated = event.participantes.find((p) => p.uuid === walkIn.user.uuid);
    expect(seated?.roles[0].status).toBe(RoleStatus.reservado);
    expect(
      await t.db.kysely.selectFrom('waitlist').select('id').where('event_id', '=', id).execute(),
    ).toEqual([]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(walkIn.user.email) && m.subject.startsWith('Registration confirmed'),
    );
    expect(mail.subject).toBe('Registration confirmed: Llena');

    const again = await api().post(
      `/api/admin/events/${id}/participants/`,
      { personUuid: walkIn.user.uuid },
      staff.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('ALREADY_REGISTERED');
    const row = await t.db.kysely
      .selectFrom('events')
      .select(['plazas', 'plazas_taken'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plazas: 2, plazas_taken: 2 });
  });

  it('seats again a member who had cancelled, on the same registration', async () => {
    const id = await insertEvent(t, { evento: 'Vuelve' });
    const back = await createTestMember(t, ALL_FLAGS);
    await register(id, back);
    const cancel = await api().put(
      `/api/events/${id}/subscribe/`,
      subscribeBody(back.user.uuid, 2),
      back.token,
    );
    expect(cancel.statusCode).toBe(200);
    const res = await api().post(
      `/api/admin/events/${id}/participants/`,
      { personUuid: back.user.uuid },
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    const rows = await t.db.kysely
      .selectFrom('registrations')
      .select('status')
      .where('event_id', '=', id)
      .execute();
    expect(rows).toEqual([{ status: RoleStatus.reservado }]);
  });

  it('seats one walk-in once when two staff add the same member at the same moment', async () => {
    const id = await insertEvent(t, { evento: 'Carrera', plazas: 1 });
    const walkIn = await createTestMember(t, ALL_FLAGS);
    const answers = await Promise.all(
      [0, 1].map(() =>
        api().post(`/api/admin/events/${id}/participants/`, { personUuid: walkIn.user.uuid }, staff.token),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const row = await t.db.kysely
      .selectFrom('events')
      .select(['plazas', 'plazas_taken'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plazas: 1, plazas_taken: 1 });
    expect(
      await t.db.kysely.selectFrom('registrations').select('id').where('event_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('refuses a walk-in for an unknown event or member (404) and a bad body (400)', async () => {
    const id = await insertEvent(t, { evento: 'Sin nadie' });
    const post = (eventId: string, body: unknown) =>
      api().post(`/api/admin/events/${eventId}/participants/`, body, staff.token);
    expect((await post(NO_ID, { personUuid: member.user.uuid })).statusCode).toBe(404);
    expect((await post(id, { personUuid: NO_ID })).statusCode).toBe(404);
    const bad = await post(id, { personUuid: 'nobody' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['personUuid']);
  });

  it('archives a contact message out of the active list and back', async () => {
    const ids = [newId(), newId()];
    for (const [i, id] of ids.entries()) {
      await t.db.kysely
        .insertInto('contact_messages')
        .values({
          id,
          created_at: `2025-05-0${i + 1}T10:00:00.000Z`,
          subject: `Archivable ${i}`,
          name: 'Eva',
          email: 'eva@club.test',
          message: 'Hola',
          language: 'es',
          read: 0,
        })
        .execute();
    }
    const subjects = async (query = '') =>
      (await api().get(`/api/admin/messages/${query}`, staff.token))
        .json()
        .map((m: unknown) => contactMessageSchema.parse(m))
        .filter((m: { subject: string }) => m.subject.startsWith('Archivable'))
        .map((m: { subject: string; archivedAt?: string | null }) => [m.subject, m.archivedAt]);
    expect(await subjects()).toEqual([
      ['Archivable 1', null],
      ['Archivable 0', null],
    ]);

    const archived = await api().put(`/api/admin/messages/${ids[0]}/`, { archived: true }, staff.token);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archivedAt: TEST_NOW.toISOString(), read: false });
    expect(await subjects()).toEqual([['Archivable 1', null]]);
    expect(await subjects('?archived=1')).toEqual([['Archivable 0', TEST_NOW.toISOString()]]);

    const back = await api().put(
      `/api/admin/messages/${ids[0]}/`,
      { archived: false, read: true },
      staff.token,
    );
    expect(back.json()).toMatchObject({ archivedAt: null, read: true });
    expect(await subjects('?archived=1')).toEqual([]);
    expect((await subjects()).map(([s]: [string]) => s)).toEqual(['Archivable 1', 'Archivable 0']);

    expect((await api().put(`/api/admin/messages/${ids[0]}/`, {}, staff.token)).statusCode).toBe(400);
    expect(
      (await api().put(`/api/admin/messages/${ids[0]}/`, { archived: 'yes' }, staff.token)).statusCode,
    ).toBe(400);
    expect((await api().get('/api/admin/messages/?archived=maybe', staff.token)).statusCode).toBe(400);
    expect(
      (await api().put(`/api/admin/messages/${NO_ID}/`, { archived: true }, staff.token)).statusCode,
    ).toBe(404);
  });
});

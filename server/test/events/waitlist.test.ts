import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventStatus, EventType } from '@club/contract/enums';
import { eventSchema } from '@club/contract/schemas';
import { ALL_FLAGS, createTestMember, setFlags } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describeEachDatabase(
  'waiting list',
  (get) => {
    let staff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true });
    });

    const api = () => apiClient(get().app);
    const join = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/waitlist/`, { uuid: m.user.uuid }, m.token);
    const leave = (id: string, m: TestMember) =>
      api().delete(`/api/events/${id}/waitlist/`, undefined, m.token);
    const register = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token);
    const cancel = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 2), m.token);
    const members = (n: number, language = 'es') =>
      Promise.all(Array.from({ length: n }, () => createTestMember(get(), { ...ALL_FLAGS, language })));
    const staffEvent = async (id: string) =>
      eventSchema.parse((await api().get(`/api/events/${id}/`, staff.token)).json());
    const statusOf = async (id: string, m: TestMember) =>
      (await staffEvent(id)).participantes
        .filter((p) => p.uuid === m.user.uuid)
        .map((p) => p.roles[0].status);
    const fullEvent = async (t: TestApp, plazas: number, fields = {}) => {
      const id = await insertEvent(t, { plazas, type: EventType.clubPractices, ...fields });
      for (const m of await members(plazas)) expect((await register(id, m)).statusCode).toBe(200);
      return id;
    };

    it('lets members join and leave the line of a full event, with their place, and refuses what does not fit', async () => {
      const t = get();
      const id = await fullEvent(t, 1);
      const [b, c, d] = await members(3);
      const first = await join(id, b);
      expect(first.statusCode).toBe(200);
      expect(eventSchema.parse(first.json())).toMatchObject({ listaEspera: 1, enEspera: 1, plazasLibres: 0 });
      expect((await join(id, c)).json()).toMatchObject({ listaEspera: 2, enEspera: 2 });
      expect((await join(id, b)).json().errorCode).toBe('ALREADY_WAITING');
      // The month shows the same, for each kind of caller (its answers are kept per version).
      const inMonth = async (token?: string) =>
        (
          (await api().get('/api/2025/7/', token)).json() as Array<{
            uuid: string;
            listaEspera: number;
            enEspera: number | null;
          }>
        ).find((e) => e.uuid === id);
      expect(await inMonth()).toMatchObject({ listaEspera: 2, enEspera: null });
      expect(await inMonth(c.token)).toMatchObject({ listaEspera: 2, enEspera: 2 });
      expect(await inMonth(d.token)).toMatchObject({ listaEspera: 2, enEspera: null });
      const staffMonth = (await api().get('/api/2025/7/?participantes=all', staff.token)).json() as Array<{
        uuid: string;
        participantes: Array<{ uuid: string; roles: Array<{ status: number }> }>;
      }>;
      expect(
        staffMonth
          .find((e) => e.uuid === id)
          ?.participantes.filter((p) => p.roles[0].status === 5)
          .map((p) => p.uuid),
      ).toEqual([b.user.uuid, c.user.uuid]);
      // Everyone sees how many wait; only the caller's own place is told.
      const anonymous = (await api().get(`/api/events/${id}/`)).json();
      expect(anonymous).toMatchObject({ listaEspera: 2, enEspera: null });
      expect((await api().get(`/api/events/${id}/`, d.token)).json()).toMatchObject({
        listaEspera: 2,
        enEspera: null,
      });

      expect((await leave(id, d)).json().errorCode).toBe('NOT_WAITING');
      const left = await leave(id, b);
      expect(left.statusCode).toBe(200);
      expect(left.json()).toMatchObject({ listaEspera: 1, enEspera: null });
      // The next one moves up.
      expect((await api().get(`/api/events/${id}/`, c.token)).json()).toMatchObject({ enEspera: 1 });
      expect(await inMonth(c.token)).toMatchObject({ listaEspera: 1, enEspera: 1 });

      expect((await api().put(`/api/events/${id}/waitlist/`, { uuid: d.user.uuid })).statusCode).toBe(401);
      expect(
        (await api().put(`/api/events/${id}/waitlist/`, { uuid: c.user.uuid }, d.token)).json().errorCode,
      ).toBe('FORBIDDEN');
      expect((await api().put(`/api/events/${id}/waitlist/`, {}, d.token)).json().errorCode).toBe(
        'VALIDATION_ERROR',
      );
      expect((await join('00000000-0000-4000-8000-000000000000', d)).statusCode).toBe(404);
      const free = await insertEvent(t, { plazas: 3, type: EventType.clubPractices });
      const notFull = await join(free, d);
      expect(notFull.statusCode).toBe(409);
      expect(notFull.json().errorCode).toBe('NOT_FULL');

      // The rules of registering hold for joining too.
      const outsider = await createTestMember(t);
      expect((await join(id, outsider)).json().errorCode).toBe('NOT_ELIGIBLE');
      const reserved = await insertEvent(t, { plazas: 0, type: EventType.reserved });
      expect((await join(reserved, d)).json().errorCode).toBe('NOT_REGISTRABLE');
      const locked = await fullEvent(t, 1);
      await t.db.kysely.updateTable('events').set({ solo_lectura: 1 }).where('id', '=', locked).execute();
      expect((await join(locked, d)).json().errorCode).toBe('EVENT_LOCKED');
      const past = await insertEvent(t, {
        plazas: 1,
        start_at: '2025-05-01 10:00:00',
        end_at: '2025-05-01 11:00:00',
      });
      expect((await join(past, d)).json().errorCode).toBe('EVENT_EXPIRED');
    });

    it('refuses ALREADY_REGISTERED to a member who holds a seat', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 1, type: EventType.clubPractices });
      const [a] = await members(1);
      expect((await register(id, a)).statusCode).toBe(200);
      expect((await join(id, a)).json().errorCode).toBe('ALREADY_REGISTERED');
    });

    it('gives a freed seat to the first in line at once, mails them, and staff see the line in order', async () => {
      const t = get();
      const id = await insertEvent(t, {
        plazas: 1,
        type: EventType.clubPractices,
        evento: 'Práctica con espera',
      });
      const [a, b, c] = await members(3);
      const [en] = await members(1, 'en');
      expect((await register(id, a)).statusCode).toBe(200);
      for (const m of [en, b, c]) expect((await join(id, m)).statusCode).toBe(200);
      const before = await staffEvent(id);
      // Registrations first, then those waiting with status 5, in the order of the line.
      expect(before.participantes.map((p) => [p.uuid, p.roles[0].status])).toEqual([
        [a.user.uuid, 1],
        [en.user.uuid, 5],
        [b.user.uuid, 5],
        [c.user.uuid, 5],
      ]);
      expect(before.participantes[1].email).toBe(en.user.email);

      const cancelled = await cancel(id, a);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ plazasLibres: 0, listaEspera: 2 });
      expect(await statusOf(id, en)).toEqual([1]);
      const seat = (await api().get(`/api/events/${id}/`, en.token)).json();
      expect(seat).toMatchObject({ enEspera: null });
      expect(seat.participantes[0].roles[0].status).toBe(1);
      expect((await api().get(`/api/events/${id}/`, b.token)).json()).toMatchObject({ enEspera: 1 });
      const mail = await smtp.waitFor((m) => m.to.includes(en.user.email));
      expect(mail.subject).toBe('You have a seat: Práctica con espera');
      expect(mail.attachments.map((a2) => a2.filename)).toEqual(['', 'event.ics']);

      // Staff cancelling a registration frees the seat the same way.
      expect(
        (await api().put(`/api/admin/events/${id}/participants/${en.user.uuid}/`, { status: 2 }, staff.token))
          .statusCode,
      ).toBe(200);
      expect(await statusOf(id, b)).toEqual([1]);
      expect(await statusOf(id, c)).toEqual([5]);
    });

    it('gives the seat of a member who deletes their account to the first in line, and takes them off every line', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 1, type: EventType.clubPractices, evento: 'Práctica y baja' });
      const other = await fullEvent(t, 1);
      const [leaving, next] = await members(2);
      expect((await register(id, leaving)).statusCode).toBe(200);
      expect((await join(id, next)).statusCode).toBe(200);
      expect((await join(other, leaving)).statusCode).toBe(200);
      const gone = await api().delete(`/api/registro/${leaving.user.uuid}/`, { password: leaving.password }, leaving.token);
      expect(gone.statusCode).toBe(204);
      expect(await statusOf(id, next)).toEqual([1]);
      expect((await api().get(`/api/events/${other}/`)).json()).toMatchObject({ listaEspera: 0 });
      const mail = await smtp.waitFor((m) => m.to.includes(next.user.email));
      expect(mail.subject).toContain('Práctica y baja');
    });

    it('passes over someone in line who may no longer register, who keeps their place', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 1, type: EventType.clubPractices });
      const [a, b, c] = await members(3);
      expect((await register(id, a)).statusCode).toBe(200);
      for (const m of [b, c]) expect((await join(id, m)).statusCode).toBe(200);
      await setFlags(t.db.kysely, b.user.uuid, { socio: null });
      expect((await cancel(id, a)).statusCode).toBe(200);
      expect(await statusOf(id, c)).toEqual([1]);
      expect(await statusOf(id, b)).toEqual([5]);
    });

    it('fills new seats from the line when staff raise them, but not while the event is locked', async () => {
      const t = get();
      const id = await fullEvent(t, 1);
      const [b, c, d] = await members(3);
      for (const m of [b, c, d]) expect((await join(id, m)).statusCode).toBe(200);
      const body = (plazas: number, soloLectura: boolean) => ({
        type: EventType.clubPractices,
        start: '2025-07-10 19:00:00',
        end: '2025-07-10 21:00:00',
        evento: 'Entrenamiento',
        plazas,
        status: EventStatus.publico,
        soloLectura,
      });
      const lockedMore = await api().put(`/api/admin/events/${id}/`, body(3, true), staff.token);
      expect(lockedMore.statusCode).toBe(200);
      expect(lockedMore.json()).toMatchObject({ plazasLibres: 2, listaEspera: 3 });
      const opened = await api().put(`/api/admin/events/${id}/`, body(3, false), staff.token);
      expect(opened.json()).toMatchObject({ plazasLibres: 0, listaEspera: 1 });
      expect(await statusOf(id, b)).toEqual([1]);
      expect(await statusOf(id, c)).toEqual([1]);
      expect(await statusOf(id, d)).toEqual([5]);
    });

    it('promotes no one once the event has started', async () => {
      const t = get();
      const id = await fullEvent(t, 1, { start_at: '2025-06-01 13:00:00', end_at: '2025-06-01 15:00:00' });
      const [b] = await members(1);
      expect((await join(id, b)).statusCode).toBe(200);
      const holder = (await staffEvent(id)).participantes.find((p) => p.roles[0].status === 1)!;
      t.clock.advance(2 * 60 * 60 * 1000);
      try {
        const res = await api().put(
          `/api/admin/events/${id}/participants/${holder.uuid}/`,
          { status: 2 },
          staff.token,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ plazasLibres: 1, listaEspera: 1 });
        expect(await statusOf(id, b)).toEqual([5]);
      } finally {
        t.clock.set(TEST_NOW);
      }
    });

    it('lets staff seat anyone in the line, over its order, adding a seat when none is free', async () => {
      const t = get();
      const id = await fullEvent(t, 2);
      const [b, c] = await members(2);
      for (const m of [b, c]) expect((await join(id, m)).statusCode).toBe(200);
      const res = await api().post(`/api/admin/events/${id}/waitlist/${c.user.uuid}/`, {}, staff.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ plazas: 3, plazasLibres: 0, listaEspera: 1 });
      expect(await statusOf(id, c)).toEqual([1]);
      expect(await statusOf(id, b)).toEqual([5]);
      expect(
        (await api().post(`/api/admin/events/${id}/waitlist/${c.user.uuid}/`, {}, staff.token)).json()
          .errorCode,
      ).toBe('NOT_WAITING');
      expect(
        (await api().post(`/api/admin/events/${id}/waitlist/${b.user.uuid}/`, {}, b.token)).statusCode,
      ).toBe(403);
    });

    it('gives 30 members joining at once 30 distinct places', async () => {
      const t = get();
      const id = await fullEvent(t, 1);
      const crowd = await members(30);
      const answers = await Promise.all(crowd.map((m) => join(id, m)));
      expect(answers.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
      const places = answers.map((r) => r.json().enEspera as number).sort((x, y) => x - y);
      expect(places).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const positions = await t.db.kysely
        .selectFrom('waitlist')
        .select('position')
        .where('event_id', '=', id)
        .execute();
      expect(new Set(positions.map((p) => p.position)).size).toBe(30);
    });

    it('promotes exactly 10 when 10 members cancel at once', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 10, type: EventType.clubPractices });
      const seated = await members(10);
      for (const m of seated) expect((await register(id, m)).statusCode).toBe(200);
      const line = await members(15);
      for (const m of line) expect((await join(id, m)).statusCode).toBe(200);
      const answers = await Promise.all(seated.map((m) => cancel(id, m)));
      expect(answers.map((r) => r.statusCode)).toEqual(seated.map(() => 200));
      const event = await staffEvent(id);
      expect(event).toMatchObject({ plazasLibres: 0, listaEspera: 5 });
      const promoted = event.participantes.filter((p) => p.roles[0].status === 1).map((p) => p.uuid);
      // The first ten of the line, no one else.
      expect(promoted.sort()).toEqual(
        line
          .slice(0, 10)
          .map((m) => m.user.uuid)
          .sort(),
      );
      const row = await t.db.kysely
        .selectFrom('events')
        .select('plazas_taken')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.plazas_taken).toBe(10);
    });
  },
  { now: TEST_NOW, env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', JOBS_POLL_MS: '200' } },
);

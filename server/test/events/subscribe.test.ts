import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category, Division, EventType, Factor, RoleId, RoleStatus, Sexo } from '@club/contract/enums';
import { eventSchema } from '@club/contract/schemas';
import { apiClient, createTestApp, describeEachDatabase, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { TEST_NOW, insertEvent, subscribeBody } from './fixtures.ts';

async function seatsTaken(t: TestApp, id: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('events')
    .select('plazas_taken')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.plazas_taken);
}

async function registrations(t: TestApp, eventId: string, status?: RoleStatus) {
  let query = t.db.kysely.selectFrom('registrations').selectAll().where('event_id', '=', eventId);
  if (status !== undefined) query = query.where('status', '=', status);
  return query.execute();
}

describeEachDatabase(
  'subscribe',
  (get) => {
    const api = () => apiClient(get().app);
    let member: TestMember;

    beforeAll(async () => {
      member = await createTestMember(get(), { ...ALL_FLAGS, sexo: Sexo.mujer, nacimiento: '1975-07-10' });
    });

    it('registers, updates division and factor, cancels and registers again, keeping the seat count', async () => {
      const t = get();
      const id = await insertEvent(t, {
        type: EventType.ipscSocialShoot,
        plazas: 3,
        start_at: '2025-07-10 09:00:00',
      });
      const url = `/api/events/${id}/subscribe/`;
      // The sent category is ignored: on 10 July 2025 she turns 50, ladySenior.
      const first = await api().put(
        url,
        subscribeBody(member.user.uuid, 1, {
          categoria: Category.junior,
          division: Division.open,
          factor: Factor.major,
        }),
        member.token,
      );
      expect(first.statusCode).toBe(200);
      const event = eventSchema.parse(first.json());
      expect(event.plazasLibres).toBe(2);
      expect(event.participantes).toEqual([
        expect.objectContaining({
          uuid: member.user.uuid,
          categoria: Category.ladySenior,
          division: Division.open,
          factor: Factor.major,
          roles: [{ roleId: RoleId.competidor, status: RoleStatus.reservado }],
        }),
      ]);
      expect(await seatsTaken(t, id)).toBe(1);

      const update = await api().put(
        url,
        subscribeBody(member.user.uuid, 1, { division: Division.standard, factor: Factor.minor }),
        member.token,
      );
      expect(update.statusCode).toBe(200);
      expect(update.json().participantes[0]).toMatchObject({
        division: Division.standard,
        factor: Factor.minor,
      });
      expect(update.json().plazasLibres).toBe(2);

      const cancel = await api().put(url, subscribeBody(member.user.uuid, 2), member.token);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().plazasLibres).toBe(3);
      expect(cancel.json().participantes[0].roles).toEqual([
        { roleId: RoleId.competidor, status: RoleStatus.anulado },
      ]);
      expect(await seatsTaken(t, id)).toBe(0);

      const again = await api().put(url, subscribeBody(member.user.uuid, 1), member.token);
      expect(again.statusCode).toBe(200);
      expect(again.json().plazasLibres).toBe(2);
      expect(again.json().participantes[0].roles[0].status).toBe(RoleStatus.reservado);
      expect(await registrations(t, id)).toHaveLength(1);
    });

    it('registers alumno for every type but the IPSC social shoot', async () => {
      const id = await insertEvent(get(), { type: EventType.masterClass });
      const res = await api().put(
        `/api/events/${id}/subscribe/`,
        { ...subscribeBody(member.user.uuid, 1), roles: [{ roleId: RoleId.competidor, status: 1 }] },
        member.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().participantes[0].roles).toEqual([
        { roleId: RoleId.alumno, status: RoleStatus.reservado },
      ]);
    });

    it("answers 401 'Not Autenticated!!!' without a valid token, before reading the body", async () => {
      const id = await insertEvent(get());
      for (const token of [undefined, 'y'.repeat(64)]) {
        for (const body of [subscribeBody(member.user.uuid, 1), { nonsense: true }]) {
          const res = await api().put(`/api/events/${id}/subscribe/`, body, token);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ errorCode: 'NOT_AUTHENTICATED', message: 'Not Autenticated!!!' });
        }
      }
    });

    it('answers 403 FORBIDDEN for another member’s uuid', async () => {
      const other = await createTestMember(get(), ALL_FLAGS);
      const id = await insertEvent(get());
      const res = await api().put(
        `/api/events/${id}/subscribe/`,
        subscribeBody(other.user.uuid, 1),
        member.token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('FORBIDDEN');
      expect(await registrations(get(), id)).toHaveLength(0);
    });

    it('answers 400 with fields for a bad body', async () => {
      const id = await insertEvent(get());
      for (const [body, field] of [
        [{ roles: [{ roleId: 2, status: 1 }] }, 'uuid'],
        [{ uuid: member.user.uuid, roles: [] }, 'roles'],
        [{ uuid: member.user.uuid, roles: [{ roleId: 2, status: 3 }] }, 'roles.0.status'],
        [{ uuid: member.user.uuid, roles: [{ roleId: 2, status: 1 }], division: 9 }, 'division'],
      ] as const) {
        const res = await api().put(`/api/events/${id}/subscribe/`, body, member.token);
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_ERROR');
        expect(Object.keys(res.json().fields)).toContain(field);
      }
    });

    it('answers 404 for an unknown event', async () => {
      const res = await api().put(
        '/api/events/00000000-0000-4000-8000-000000000001/subscribe/',
        subscribeBody(member.user.uuid, 1),
        member.token,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
    });

    it('answers each refusal with its code', async () => {
      const t = get();
      const call = (id: string, status: 1 | 2, who: TestMember = member) =>
        api().put(`/api/events/${id}/subscribe/`, subscribeBody(who.user.uuid, status), who.token);
      const expectCode = async (
        id: string,
        status: 1 | 2,
        code: string,
        httpStatus: number,
        who?: TestMember,
      ) => {
        const res = await call(id, status, who);
        expect(res.statusCode, code).toBe(httpStatus);
        expect(res.json().errorCode).toBe(code);
      };
      await expectCode(await insertEvent(t, { type: EventType.reserved }), 1, 'NOT_REGISTRABLE', 409);
      await expectCode(await insertEvent(t, { type: EventType.ipscGroup }), 1, 'NOT_REGISTRABLE', 409);
      await expectCode(await insertEvent(t, { plazas: 0 }), 1, 'NOT_REGISTRABLE', 409);
      await expectCode(await insertEvent(t, { solo_lectura: 1 }), 1, 'EVENT_LOCKED', 409);
      await expectCode(await insertEvent(t, { start_at: '2025-05-31 10:00:00' }), 1, 'EVENT_EXPIRED', 409);

      const full = await insertEvent(t, { plazas: 2, plazas_taken: 2 });
      await expectCode(full, 1, 'EVENT_FULL', 409);

      const open = await insertEvent(t, { plazas: 5 });
      await expectCode(open, 2, 'NOT_REGISTERED', 409);
      expect((await call(open, 1)).statusCode).toBe(200);
      await expectCode(open, 1, 'ALREADY_REGISTERED', 409);
      expect((await call(open, 2)).statusCode).toBe(200);
      await expectCode(open, 2, 'NOT_REGISTERED', 409);

      const noLicence = await createTestMember(t, { socio: '0200' });
      const res = await call(await insertEvent(t, { type: EventType.precisionTraining }), 1, noLicence);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('NOT_ELIGIBLE');
      expect(res.json().message).toContain('licence');
    });

    it('refuses registering, updating and cancelling once the event has started (moving the clock)', async () => {
      const t = get();
      const id = await insertEvent(t, { start_at: '2025-06-01 18:00:00', end_at: '2025-06-01 20:00:00' });
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token))
          .statusCode,
      ).toBe(200);
      const before = t.clock.now();
      try {
        // 18:00 in Madrid (summer time) is 16:00 UTC; one second after, the event has started.
        t.clock.set(new Date('2025-06-01T16:00:01Z'));
        for (const status of [1, 2] as const) {
          const res = await api().put(
            `/api/events/${id}/subscribe/`,
            subscribeBody(member.user.uuid, status),
            member.token,
          );
          expect(res.statusCode).toBe(409);
          expect(res.json().errorCode).toBe('EVENT_EXPIRED');
        }
        const other = await createTestMember(t, ALL_FLAGS);
        const late = await api().put(
          `/api/events/${id}/subscribe/`,
          subscribeBody(other.user.uuid, 1),
          other.token,
        );
        expect(late.json().errorCode).toBe('EVENT_EXPIRED');
        // 15:59:59 UTC is still 17:59:59 in Madrid: open.
        t.clock.set(new Date('2025-06-01T15:59:59Z'));
        expect(
          (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(other.user.uuid, 1), other.token))
            .statusCode,
        ).toBe(200);
      } finally {
        t.clock.set(before);
      }
    });

    it('lets a member who lost a requirement cancel but not update', async () => {
      const t = get();
      const loser = await createTestMember(t, ALL_FLAGS);
      const id = await insertEvent(t, { type: EventType.ipscSocialShoot });
      const url = `/api/events/${id}/subscribe/`;
      expect((await api().put(url, subscribeBody(loser.user.uuid, 1), loser.token)).statusCode).toBe(200);
      await t.db.kysely.updateTable('members').set({ curso: 0 }).where('id', '=', loser.user.uuid).execute();
      const update = await api().put(
        url,
        subscribeBody(loser.user.uuid, 1, { division: Division.open }),
        loser.token,
      );
      expect(update.statusCode).toBe(403);
      expect(update.json().errorCode).toBe('NOT_ELIGIBLE');
      expect((await api().put(url, subscribeBody(loser.user.uuid, 2), loser.token)).statusCode).toBe(200);
    });

    it('lets 50 members race for 5 seats: exactly 5 registrations, 45 EVENT_FULL, no 500', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 5 });
      const racers = await Promise.all(Array.from({ length: 50 }, () => createTestMember(t, ALL_FLAGS)));
      const answers = await Promise.all(
        racers.map((r) => api().put(`/api/events/${id}/subscribe/`, subscribeBody(r.user.uuid, 1), r.token)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(45);
      expect(
        answers.filter((a) => a.statusCode === 409).every((a) => a.json().errorCode === 'EVENT_FULL'),
      ).toBe(true);
      expect(await registrations(t, id)).toHaveLength(5);
      expect(await seatsTaken(t, id)).toBe(5);
      // A cancellation frees a seat that one of the losers then gets.
      const winner = racers[answers.findIndex((a) => a.statusCode === 200)];
      const loser = racers[answers.findIndex((a) => a.statusCode === 409)];
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(winner.user.uuid, 2), winner.token))
          .statusCode,
      ).toBe(200);
      expect(
        (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(loser.user.uuid, 1), loser.token))
          .statusCode,
      ).toBe(200);
      expect(await seatsTaken(t, id)).toBe(5);
      expect(await registrations(t, id, RoleStatus.reservado)).toHaveLength(5);
    });

    it('gives one member sending twice at once one registration', async () => {
      const t = get();
      const id = await insertEvent(t, { plazas: 5 });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          api().put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      expect(
        answers.filter((a) => a.statusCode === 409).every((a) => a.json().errorCode === 'ALREADY_REGISTERED'),
      ).toBe(true);
      expect(await registrations(t, id)).toHaveLength(1);
      expect(await seatsTaken(t, id)).toBe(1);
    });
  },
  { now: TEST_NOW },
);

describe.each(TEST_DIALECTS)('subscribe mails [%s]', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url }, now: TEST_NOW });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a confirmation on registration and on cancellation, in the member’s language', async () => {
    const api = apiClient(t.app);
    const id = await insertEvent(t, { evento: 'Tirada de precisión', type: EventType.clubPractices });
    const cases = [
      { language: 'es', registered: 'Inscripción confirmada', cancelled: 'Inscripción anulada', when: 'jueves, 10 de julio de 2025, 19:00-21:00' },
      { language: 'ca', registered: 'Inscripció confirmada', cancelled: 'Inscripció anul·lada', when: 'dijous, 10 de juliol del 2025, 19:00-21:00' },
      { language: 'en', registered: 'Registration confirmed', cancelled: 'Registration cancelled', when: 'Thursday, 10 July 2025, 19:00-21:00' },
    ];
    for (const c of cases) {
      const m = await createTestMember(t, { ...ALL_FLAGS, language: c.language });
      expect(
        (await api.put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token)).statusCode,
      ).toBe(200);
      const mail = await smtp.waitForMail(m.user.email);
      expect(mail.subject).toBe(`${c.registered}: Tirada de precisión`);
      // Dates written for people, in the member's language, and a link to the event's card.
      expect(mail.text).toContain(c.when);
      expect(mail.text).toContain(`http://club.test/calendar?month=2025-07&event=${id}`);
      // The event travels as an .ics file the member's calendar program can add.
      // (an invitation: the calendar part of the alternative, and the same as an .ics file).
      expect(mail.attachments.map((a) => [a.contentType, a.filename])).toEqual([
        ['text/calendar', ''],
        ['application/ics', 'event.ics'],
      ]);
      expect(mail.attachments[0].content).toContain(`UID:${id}@club`);
      expect(
        (await api.put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 2), m.token)).statusCode,
      ).toBe(200);
      const deadline = Date.now() + 5000;
      while (smtp.received.filter((r) => r.to.includes(m.user.email)).length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const second = await smtp.waitForMail(m.user.email);
      expect(second.subject).toBe(`${c.cancelled}: Tirada de precisión`);
    }
  });

  it('still registers when the mail cannot be sent', async () => {
    const broken = await createTestApp(dialect, {
      now: TEST_NOW,
      mailer: { send: () => Promise.reject(new Error('smtp down')), close: () => undefined },
    });
    try {
      const m = await createTestMember(broken, ALL_FLAGS);
      const id = await insertEvent(broken);
      const res = await apiClient(broken.app).put(
        `/api/events/${id}/subscribe/`,
        subscribeBody(m.user.uuid, 1),
        m.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().plazasLibres).toBe(9);
    } finally {
      await broken.close();
    }
  });
});

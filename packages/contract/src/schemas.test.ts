import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromZod } from './errors.ts';
import {
  adminEventBodySchema,
  adminEventUpdateBodySchema,
  adminMessageUpdateBodySchema,
  adminParticipantStatusBodySchema,
  adminUserSearchQuerySchema,
  adminUserUpdateBodySchema,
  contactMessageSchema,
  eventSchema,
  healthSchema,
  monthParamsSchema,
  participantSchema,
  sessionSchema,
  subscribeBodySchema,
  userSchema,
} from './schemas.ts';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

const UUID = '11111111-1111-4111-8111-111111111111';

const user = {
  uuid: UUID,
  login: 'member01',
  nombre: 'Ana',
  apellidos: 'Pérez',
  fullName: 'Pérez, Ana',
  email: 'ana@example.org',
  nacimiento: '1990-05-17',
  mobil: '612345678',
  sexo: 2,
  socio: '12',
  division: null,
  factor: 1,
  licencia: null,
  curso: true,
  habilitado: false,
  arbitroIpsc: false,
  arbitroPrecision: false,
  entrenadorNacional: false,
  instructorMisia: false,
  autorizacionClub: false,
  staff: false,
};

const participant = {
  uuid: UUID,
  nombre: 'Ana',
  apellidos: 'Pérez',
  fullName: 'Pérez, Ana',
  categoria: 6,
  division: 1,
  factor: null,
  roles: [{ roleId: 3, status: 1 }],
};

const event = {
  uuid: '22222222-2222-4222-8222-222222222222',
  type: 3,
  start: '2025-06-01 09:00:00',
  end: '2025-06-01 14:00:00',
  evento: 'Tirada social',
  nota: null,
  plazas: 20,
  plazasLibres: 19,
  status: 2,
  soloLectura: false,
  participantes: [participant],
};

describe('answer shapes', () => {
  it('reads a user and a session', () => {
    expect(userSchema.parse(user)).toEqual(user);
    expect(sessionSchema.parse({ token: 'abc', user })).toEqual({ token: 'abc', user });
  });

  it('needs every flag as a boolean and the nullable fields present', () => {
    expect(errorsOf(userSchema, { ...user, staff: 1 })).toEqual({ staff: ['type'] });
    const { licencia: _licencia, ...withoutLicencia } = user;
    expect(errorsOf(userSchema, withoutLicencia)).toEqual({ licencia: ['required'] });
    expect(errorsOf(userSchema, { ...user, sexo: 3 })).toEqual({ sexo: ['enum'] });
  });

  it('reads an event, with the staff-only participant fields optional', () => {
    expect(eventSchema.parse(event)).toEqual(event);
    const staffView = {
      ...participant,
      email: 'ana@example.org',
      mobil: '612345678',
      socio: null,
      licencia: 'L',
    };
    expect(participantSchema.parse(staffView)).toEqual(staffView);
    expect(errorsOf(eventSchema, { ...event, type: 12 })).toEqual({ type: ['enum'] });
    expect(
      errorsOf(eventSchema, {
        ...event,
        participantes: [{ ...participant, roles: [{ roleId: 6, status: 1 }] }],
      }),
    ).toEqual({
      'participantes.0.roles.0.roleId': ['enum'],
    });
  });

  it('reads the health answer and a contact message', () => {
    expect(healthSchema.parse({ status: 'ok' })).toEqual({ status: 'ok' });
    expect(healthSchema.safeParse({ status: 'down' }).success).toBe(false);
    const message = {
      id: 7,
      name: 'Ana',
      email: 'ana@example.org',
      subject: 'Hola',
      message: 'Texto',
      createdAt: '2025-05-10T10:00:00.000Z',
      read: false,
    };
    expect(contactMessageSchema.parse(message)).toEqual(message);
  });
});

describe('subscribeBodySchema', () => {
  const body = { uuid: UUID, division: 1, factor: 2, roles: [{ roleId: 3, status: 1 }] };

  it('accepts a register, an update and a cancel', () => {
    expect(errorsOf(subscribeBodySchema, body)).toEqual({});
    expect(errorsOf(subscribeBodySchema, { ...body, roles: [{ roleId: 2, status: 2 }] })).toEqual({});
    expect(errorsOf(subscribeBodySchema, { uuid: UUID, roles: [{ roleId: 2, status: 1 }] })).toEqual({});
  });

  it('drops the person fields the SPEC client sends, and ignores categoria', () => {
    const parsed = subscribeBodySchema.parse({
      ...participant,
      email: 'x',
      licencia: 'L',
      categoria: 99,
      roles: body.roles,
    });
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('nombre');
    expect(parsed).toMatchObject({ uuid: UUID, division: 1, factor: null, roles: body.roles });
  });

  it('needs exactly one role with status reservado or anulado', () => {
    expect(errorsOf(subscribeBodySchema, { ...body, roles: [] })).toEqual({ roles: ['required'] });
    expect(errorsOf(subscribeBodySchema, { ...body, roles: [body.roles[0], body.roles[0]] })).toEqual({
      roles: ['maxlength'],
    });
    expect(errorsOf(subscribeBodySchema, { ...body, roles: undefined })).toEqual({ roles: ['required'] });
    expect(errorsOf(subscribeBodySchema, { ...body, roles: [{ roleId: 3, status: 3 }] })).toEqual({
      'roles.0.status': ['enum'],
    });
    expect(errorsOf(subscribeBodySchema, { ...body, roles: [{ roleId: 9, status: 1 }] })).toEqual({
      'roles.0.roleId': ['enum'],
    });
  });

  it('checks uuid, division and factor', () => {
    expect(errorsOf(subscribeBodySchema, { ...body, uuid: 'x' })).toEqual({ uuid: ['pattern'] });
    expect(errorsOf(subscribeBodySchema, { ...body, division: 8 })).toEqual({ division: ['enum'] });
    expect(errorsOf(subscribeBodySchema, { ...body, factor: 'major' })).toEqual({ factor: ['enum'] });
  });
});

describe('monthParamsSchema', () => {
  it('reads path text as numbers', () => {
    expect(monthParamsSchema.parse({ year: '2025', month: '3' })).toEqual({ year: 2025, month: 3 });
    expect(monthParamsSchema.parse({ year: 2100, month: 12 })).toEqual({ year: 2100, month: 12 });
    expect(monthParamsSchema.parse({ year: '2000', month: '01' })).toEqual({ year: 2000, month: 1 });
  });

  it('refuses out-of-range and non-numeric values', () => {
    expect(errorsOf(monthParamsSchema, { year: '1999', month: '1' })).toEqual({ year: ['enum'] });
    expect(errorsOf(monthParamsSchema, { year: '2101', month: '1' })).toEqual({ year: ['enum'] });
    expect(errorsOf(monthParamsSchema, { year: '2025', month: '0' })).toEqual({ month: ['enum'] });
    expect(errorsOf(monthParamsSchema, { year: '2025', month: '13' })).toEqual({ month: ['enum'] });
    expect(errorsOf(monthParamsSchema, { year: '2025', month: 'x' })).not.toEqual({});
    expect(errorsOf(monthParamsSchema, { year: '2025', month: '1e1' })).not.toEqual({});
    expect(errorsOf(monthParamsSchema, { year: '2025', month: '2.5' })).not.toEqual({});
  });
});

describe('adminEventBodySchema', () => {
  const body = {
    type: 5,
    start: '2025-06-03 19:00:00',
    end: '2025-06-03 21:00:00',
    evento: 'Entrenamiento IPSC',
    plazas: 12,
    status: 1,
  };

  it('accepts an event, with the optional fields', () => {
    expect(errorsOf(adminEventBodySchema, body)).toEqual({});
    const parsed = adminEventBodySchema.parse({
      ...body,
      nota: 'Traer\ngafas',
      soloLectura: true,
      repeatWeeks: 52,
    });
    expect(parsed).toMatchObject({ nota: 'Traer\ngafas', soloLectura: true, repeatWeeks: 52 });
    expect(adminEventBodySchema.parse({ ...body, nota: '' }).nota).toBeNull();
  });

  it.each(['type', 'start', 'end', 'evento', 'plazas', 'status'])('requires %s', (field) => {
    const changed: Record<string, unknown> = { ...body };
    delete changed[field];
    expect(errorsOf(adminEventBodySchema, changed)).toEqual({ [field]: ['required'] });
  });

  it('needs real times with the end after the start', () => {
    expect(errorsOf(adminEventBodySchema, { ...body, start: '2025-02-29 19:00:00' })).toEqual({
      start: ['date'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, start: '2025-06-03 19:00' })).toEqual({
      start: ['date'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, end: '2025-06-03 19:00:00' })).toEqual({
      end: ['date'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, end: '2025-06-02 21:00:00' })).toEqual({
      end: ['date'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, end: '2025-06-02 21:00:00', plazas: -1 })).toEqual({
      end: ['date'],
      plazas: ['unknown'],
    });
  });

  it('checks the other fields', () => {
    expect(errorsOf(adminEventBodySchema, { ...body, type: 12 })).toEqual({ type: ['enum'] });
    expect(errorsOf(adminEventBodySchema, { ...body, status: 3 })).toEqual({ status: ['enum'] });
    expect(errorsOf(adminEventBodySchema, { ...body, evento: 'x'.repeat(201) })).toEqual({
      evento: ['maxlength'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, evento: 'a\nb' })).toEqual({ evento: ['singleLine'] });
    expect(errorsOf(adminEventBodySchema, { ...body, nota: 'x'.repeat(2001) })).toEqual({
      nota: ['maxlength'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, plazas: 0 })).toEqual({});
    expect(errorsOf(adminEventBodySchema, { ...body, plazas: 1000 })).toEqual({});
    expect(errorsOf(adminEventBodySchema, { ...body, plazas: 1001 })).toEqual({ plazas: ['unknown'] });
    expect(errorsOf(adminEventBodySchema, { ...body, plazas: 1.5 })).toEqual({ plazas: ['type'] });
    expect(errorsOf(adminEventBodySchema, { ...body, repeatWeeks: 0 })).toEqual({ repeatWeeks: ['unknown'] });
    expect(errorsOf(adminEventBodySchema, { ...body, repeatWeeks: 53 })).toEqual({
      repeatWeeks: ['unknown'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, soloLectura: 'yes' })).toEqual({
      soloLectura: ['type'],
    });
    expect(errorsOf(adminEventBodySchema, { ...body, plazasLibres: 3 })).toEqual({
      plazasLibres: ['unknown'],
    });
  });

  it('has an update body without repeats', () => {
    expect(errorsOf(adminEventUpdateBodySchema, body)).toEqual({});
    expect(errorsOf(adminEventUpdateBodySchema, { ...body, repeatWeeks: 2 })).toEqual({
      repeatWeeks: ['unknown'],
    });
    expect(errorsOf(adminEventUpdateBodySchema, { ...body, end: body.start })).toEqual({ end: ['date'] });
  });
});

describe('other staff bodies', () => {
  it('sets a participant status 1 to 4', () => {
    for (const status of [1, 2, 3, 4])
      expect(errorsOf(adminParticipantStatusBodySchema, { status })).toEqual({});
    expect(errorsOf(adminParticipantStatusBodySchema, { status: 5 })).toEqual({ status: ['enum'] });
    expect(errorsOf(adminParticipantStatusBodySchema, {})).toEqual({ status: ['required'] });
  });

  it('updates any of the flags the club vouches for, and nothing else', () => {
    expect(errorsOf(adminUserUpdateBodySchema, {})).toEqual({});
    const all = {
      socio: '12',
      licencia: null,
      curso: true,
      habilitado: true,
      arbitroIpsc: false,
      arbitroPrecision: true,
      entrenadorNacional: false,
      instructorMisia: true,
      autorizacionClub: true,
      staff: false,
    };
    expect(adminUserUpdateBodySchema.parse(all)).toEqual(all);
    expect(adminUserUpdateBodySchema.parse({ licencia: ' ' })).toEqual({ licencia: null });
    expect(errorsOf(adminUserUpdateBodySchema, { curso: 'true' })).toEqual({ curso: ['type'] });
    expect(errorsOf(adminUserUpdateBodySchema, { nombre: 'x', login: 'y' })).toEqual({
      nombre: ['unknown'],
      login: ['unknown'],
    });
  });

  it('searches users by an optional trimmed text', () => {
    expect(adminUserSearchQuerySchema.parse({})).toEqual({ q: '', claims: false });
    expect(adminUserSearchQuerySchema.parse({ q: '  ana ' })).toEqual({ q: 'ana', claims: false });
    expect(errorsOf(adminUserSearchQuerySchema, { q: 'x'.repeat(101) })).toEqual({ q: ['maxlength'] });
  });

  it('marks a message read', () => {
    expect(errorsOf(adminMessageUpdateBodySchema, { read: true })).toEqual({});
    expect(errorsOf(adminMessageUpdateBodySchema, {})).toEqual({ read: ['required'] });
    expect(errorsOf(adminMessageUpdateBodySchema, { read: true, id: 1 })).toEqual({ id: ['unknown'] });
  });
});

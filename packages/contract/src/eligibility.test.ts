import { describe, expect, it } from 'vitest';
import { EventStyle, EventType, RoleId, RoleStatus } from './enums.ts';
import {
  checkRegistration,
  eventBadge,
  eventStyle,
  isExpired,
  isRegistered,
  isRegistrable,
  missingRequirements,
  ownRegistration,
  roleForEventType,
} from './eligibility.ts';
import type { RegistrationEvent, RegistrationMember, Requirement } from './eligibility.ts';
import type { User } from './schemas.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const NOW = '2025-05-10 12:00:00';

// Written out here rather than imported, so a change to the rules fails a test.
const EXPECTED: Record<number, Requirement[]> = {
  [EventType.regularIpscClass]: ['member', 'licence'],
  [EventType.privateClass]: ['member', 'licence'],
  [EventType.ipscSocialShoot]: ['member', 'licence', 'course'],
  [EventType.precisionSocialShoot]: ['member', 'licence'],
  [EventType.ipscTraining]: [
    'member',
    'licence',
    'course',
    'clubEnabled',
    'clubAuthorisation',
    'refereeOrCoach',
  ],
  [EventType.precisionTraining]: ['member', 'licence'],
  [EventType.functionalTraining]: ['member'],
  [EventType.masterClass]: ['member', 'licence'],
  [EventType.clubPractices]: ['member'],
};

const FULL: RegistrationMember = {
  uuid: ME,
  socio: '123',
  licencia: 'AB-1',
  curso: true,
  habilitado: true,
  autorizacionClub: true,
  arbitroIpsc: true,
  entrenadorNacional: true,
};

/** The member without one requirement. */
function without(requirement: Requirement): RegistrationMember {
  switch (requirement) {
    case 'member':
      return { ...FULL, socio: null };
    case 'licence':
      return { ...FULL, licencia: null };
    case 'course':
      return { ...FULL, curso: false };
    case 'clubEnabled':
      return { ...FULL, habilitado: false };
    case 'clubAuthorisation':
      return { ...FULL, autorizacionClub: false };
    case 'refereeOrCoach':
      return { ...FULL, arbitroIpsc: false, entrenadorNacional: false };
  }
}

/** A member holding only what the list names. */
function onlyWith(requirements: readonly Requirement[]): RegistrationMember {
  return {
    uuid: ME,
    socio: requirements.includes('member') ? '7' : '',
    licencia: requirements.includes('licence') ? 'L' : '',
    curso: requirements.includes('course'),
    habilitado: requirements.includes('clubEnabled'),
    autorizacionClub: requirements.includes('clubAuthorisation'),
    arbitroIpsc: requirements.includes('refereeOrCoach'),
    entrenadorNacional: false,
  };
}

const ALL_REQUIREMENTS: Requirement[] = [
  'member',
  'licence',
  'course',
  'clubEnabled',
  'clubAuthorisation',
  'refereeOrCoach',
];

function makeEvent(overrides: Partial<RegistrationEvent> = {}): RegistrationEvent {
  return {
    type: EventType.precisionTraining,
    start: '2025-05-20 18:00:00',
    plazas: 10,
    plazasLibres: 5,
    soloLectura: false,
    participantes: [],
    ...overrides,
  };
}

function registeredAs(
  status: number,
  type: number = EventType.precisionTraining,
): RegistrationEvent['participantes'] {
  return [{ uuid: ME, roles: [{ roleId: roleForEventType(type), status }] }];
}

describe('missingRequirements', () => {
  describe.each(Object.entries(EXPECTED).map(([type, required]) => [Number(type), required] as const))(
    'type %i',
    (type, required) => {
      it('passes with every flag', () => {
        expect(missingRequirements(type, FULL)).toEqual([]);
      });

      it('passes with only the required flags (the others are not required)', () => {
        expect(missingRequirements(type, onlyWith(required))).toEqual([]);
      });

      it.each(ALL_REQUIREMENTS)('dropping %s', (requirement) => {
        const missing = missingRequirements(type, without(requirement));
        expect(missing).toEqual(required.includes(requirement) ? [requirement] : []);
      });

      it('names every requirement for a member with nothing', () => {
        expect(missingRequirements(type, { socio: null, licencia: null })).toEqual(required);
      });
    },
  );

  it('counts blank member number and licence as missing', () => {
    expect(missingRequirements(EventType.masterClass, { ...FULL, socio: '  ', licencia: '' })).toEqual([
      'member',
      'licence',
    ]);
  });

  it('accepts a referee or a national coach for IPSC training', () => {
    expect(missingRequirements(EventType.ipscTraining, { ...FULL, arbitroIpsc: false })).toEqual([]);
    expect(missingRequirements(EventType.ipscTraining, { ...FULL, entrenadorNacional: false })).toEqual([]);
  });

  it('asks nothing for types that cannot be registered', () => {
    expect(missingRequirements(EventType.reserved, {})).toEqual([]);
    expect(missingRequirements(EventType.ipscGroup, {})).toEqual([]);
  });

  it('accepts the User answer shape', () => {
    const user: User = {
      uuid: ME,
      login: 'member01',
      nombre: 'Ana',
      apellidos: 'Pérez',
      fullName: 'Pérez, Ana',
      email: 'ana@example.org',
      nacimiento: '1990-01-01',
      mobil: '600000000',
      sexo: 2,
      socio: '12',
      division: null,
      factor: null,
      licencia: null,
      curso: false,
      habilitado: false,
      arbitroIpsc: false,
      arbitroPrecision: false,
      entrenadorNacional: false,
      instructorMisia: false,
      autorizacionClub: false,
      staff: false,
    };
    expect(missingRequirements(EventType.functionalTraining, user)).toEqual([]);
    expect(
      checkRegistration({ event: makeEvent(), member: user, nowLocal: NOW, action: 'register' }),
    ).toEqual({
      ok: false,
      reason: 'NOT_ELIGIBLE',
      missing: ['licence'],
    });
  });
});

describe('roles and registrability', () => {
  it('registers IPSC social shoots as competidor and every other type as alumno', () => {
    for (const type of Object.values(EventType)) {
      expect(roleForEventType(type)).toBe(
        type === EventType.ipscSocialShoot ? RoleId.competidor : RoleId.alumno,
      );
    }
  });

  it('refuses reserved and IPSC group events only', () => {
    for (const type of Object.values(EventType)) {
      expect(isRegistrable(type)).toBe(type !== EventType.reserved && type !== EventType.ipscGroup);
    }
    expect(isRegistrable(99)).toBe(false);
  });

  it('finds the own role entry for the event type', () => {
    const event = makeEvent({
      type: EventType.ipscSocialShoot,
      participantes: [
        { uuid: OTHER, roles: [{ roleId: RoleId.competidor, status: RoleStatus.reservado }] },
        { uuid: ME, roles: [{ roleId: RoleId.competidor, status: RoleStatus.confirmado }] },
      ],
    });
    expect(ownRegistration(event, ME)).toEqual({ roleId: RoleId.competidor, status: RoleStatus.confirmado });
    expect(ownRegistration(event, '33333333-3333-4333-8333-333333333333')).toBeNull();
  });

  it('ignores a role other than the one of the event type', () => {
    const event = makeEvent({
      type: EventType.ipscSocialShoot,
      participantes: [{ uuid: ME, roles: [{ roleId: RoleId.alumno, status: RoleStatus.reservado }] }],
    });
    expect(ownRegistration(event, ME)).toBeNull();
    expect(isRegistered(event, ME)).toBe(false);
  });

  it.each([
    [RoleStatus.reservado, true],
    [RoleStatus.anulado, false],
    [RoleStatus.confirmado, true],
    [RoleStatus.finalizado, true],
  ])('role status %i counts as registered: %s', (status, expected) => {
    expect(isRegistered(makeEvent({ participantes: registeredAs(status) }), ME)).toBe(expected);
    expect(isRegistered(makeEvent({ participantes: registeredAs(status) }), OTHER)).toBe(false);
  });
});

describe('isExpired', () => {
  it('is expired once the start is before now', () => {
    expect(isExpired({ start: '2025-05-10 11:59:59' }, NOW)).toBe(true);
    expect(isExpired({ start: '2025-05-10 12:00:00' }, NOW)).toBe(false);
    expect(isExpired({ start: '2025-05-10 12:00:01' }, NOW)).toBe(false);
    expect(isExpired({ start: '2024-12-31 23:00:00' }, NOW)).toBe(true);
  });

  it('compares unpadded times by value, not by text', () => {
    expect(isExpired({ start: '2025-5-9 9:00:00' }, NOW)).toBe(true);
    expect(isExpired({ start: '2025-5-11 9:00:00' }, NOW)).toBe(false);
  });

  it('reads missing parts of the start as now', () => {
    expect(isExpired({ start: '2025-05-10' }, NOW)).toBe(false);
    expect(isExpired({ start: '2025-05-09' }, NOW)).toBe(true);
  });
});

describe('checkRegistration', () => {
  const register = (event: RegistrationEvent, member: RegistrationMember = FULL) =>
    checkRegistration({ event, member, nowLocal: NOW, action: 'register' });

  it('allows an eligible member to register for a future event with seats', () => {
    expect(register(makeEvent())).toEqual({ ok: true });
  });

  it.each([EventType.reserved, EventType.ipscGroup])('refuses type %i as NOT_REGISTRABLE', (type) => {
    expect(register(makeEvent({ type }))).toEqual({ ok: false, reason: 'NOT_REGISTRABLE' });
  });

  it('refuses an event without seats as NOT_REGISTRABLE', () => {
    expect(register(makeEvent({ plazas: 0, plazasLibres: 0 }))).toEqual({
      ok: false,
      reason: 'NOT_REGISTRABLE',
    });
  });

  it('refuses a locked event', () => {
    expect(register(makeEvent({ soloLectura: true }))).toEqual({ ok: false, reason: 'EVENT_LOCKED' });
  });

  it('refuses an expired event', () => {
    expect(register(makeEvent({ start: '2025-05-10 11:00:00' }))).toEqual({
      ok: false,
      reason: 'EVENT_EXPIRED',
    });
  });

  it('refuses a second registration', () => {
    expect(register(makeEvent({ participantes: registeredAs(RoleStatus.reservado) }))).toEqual({
      ok: false,
      reason: 'ALREADY_REGISTERED',
    });
  });

  it('lets a member who cancelled register again', () => {
    expect(register(makeEvent({ participantes: registeredAs(RoleStatus.anulado) }))).toEqual({ ok: true });
  });

  it('refuses a member lacking requirements and names them', () => {
    expect(
      register(makeEvent({ type: EventType.ipscSocialShoot }), { ...FULL, curso: false, licencia: '' }),
    ).toEqual({
      ok: false,
      reason: 'NOT_ELIGIBLE',
      missing: ['licence', 'course'],
    });
  });

  it('refuses a full event', () => {
    expect(register(makeEvent({ plazasLibres: 0 }))).toEqual({ ok: false, reason: 'EVENT_FULL' });
  });

  it('checks in order: registrable, locked, expired, registered, eligible, full', () => {
    const worst = makeEvent({
      soloLectura: true,
      start: '2020-01-01 10:00:00',
      plazasLibres: 0,
      participantes: registeredAs(RoleStatus.reservado),
    });
    const nobody: RegistrationMember = { uuid: ME };
    expect(register({ ...worst, type: EventType.reserved }, nobody)).toMatchObject({
      reason: 'NOT_REGISTRABLE',
    });
    expect(register(worst, nobody)).toMatchObject({ reason: 'EVENT_LOCKED' });
    expect(register({ ...worst, soloLectura: false }, nobody)).toMatchObject({ reason: 'EVENT_EXPIRED' });
    const future = { ...worst, soloLectura: false, start: '2030-01-01 10:00:00' };
    expect(register(future, nobody)).toMatchObject({ reason: 'ALREADY_REGISTERED' });
    expect(register({ ...future, participantes: [] }, nobody)).toMatchObject({ reason: 'NOT_ELIGIBLE' });
    expect(register({ ...future, participantes: [] })).toMatchObject({ reason: 'EVENT_FULL' });
  });

  describe.each(['update', 'cancel'] as const)('%s', (action) => {
    const check = (event: RegistrationEvent, member: RegistrationMember = FULL) =>
      checkRegistration({ event, member, nowLocal: NOW, action });

    it('is allowed while registered, even on a full event', () => {
      expect(
        check(makeEvent({ plazasLibres: 0, participantes: registeredAs(RoleStatus.reservado) })),
      ).toEqual({
        ok: true,
      });
    });

    it('refuses without a registration', () => {
      expect(check(makeEvent())).toEqual({ ok: false, reason: 'NOT_REGISTERED' });
      expect(check(makeEvent({ participantes: registeredAs(RoleStatus.anulado) }))).toEqual({
        ok: false,
        reason: 'NOT_REGISTERED',
      });
    });

    it('refuses on a locked, expired or unregistrable event', () => {
      const participantes = registeredAs(RoleStatus.reservado);
      expect(check(makeEvent({ participantes, soloLectura: true }))).toMatchObject({
        reason: 'EVENT_LOCKED',
      });
      expect(check(makeEvent({ participantes, start: '2025-05-01 10:00:00' }))).toMatchObject({
        reason: 'EVENT_EXPIRED',
      });
      expect(check(makeEvent({ participantes, plazas: 0 }))).toMatchObject({ reason: 'NOT_REGISTRABLE' });
    });

    it(action === 'update' ? 're-checks eligibility' : 'lets an ineligible member cancel', () => {
      const result = check(makeEvent({ participantes: registeredAs(RoleStatus.reservado) }), {
        ...FULL,
        licencia: null,
      });
      expect(result).toEqual(
        action === 'update' ? { ok: false, reason: 'NOT_ELIGIBLE', missing: ['licence'] } : { ok: true },
      );
    });
  });
});

describe('eventStyle', () => {
  const FUTURE = '2025-06-01 10:00:00';
  it.each([
    [EventType.ipscTraining, EventStyle.trainingIpsc],
    [EventType.ipscSocialShoot, EventStyle.competitionIpsc],
    [EventType.ipscGroup, EventStyle.ipscGroup],
    [EventType.precisionTraining, EventStyle.trainingPrecision],
    [EventType.precisionSocialShoot, EventStyle.competitionPrecision],
    [EventType.regularIpscClass, EventStyle.regularClass],
    [EventType.clubPractices, EventStyle.clubPractice],
    [EventType.functionalTraining, EventStyle.dryTraining],
    [EventType.privateClass, EventStyle.privateClass],
    [EventType.masterClass, EventStyle.masterClass],
    [EventType.reserved, EventStyle.reserved],
  ])('type %i is %s, and expired once started', (type, style) => {
    expect(eventStyle({ type, start: FUTURE }, NOW)).toBe(style);
    expect(eventStyle({ type, start: '2025-05-01 10:00:00' }, NOW)).toBe('expired');
  });

  it('uses the string ids of the CSS classes', () => {
    expect(eventStyle({ type: EventType.functionalTraining, start: FUTURE }, NOW)).toBe('dry-training');
  });
});

describe('eventBadge', () => {
  const future = makeEvent();
  const past = makeEvent({ start: '2025-05-01 10:00:00' });

  it('is open, registered or finalized', () => {
    expect(eventBadge(future, ME, NOW)).toBe('open');
    expect(eventBadge({ ...future, participantes: registeredAs(RoleStatus.reservado) }, ME, NOW)).toBe(
      'registered',
    );
    expect(eventBadge({ ...future, participantes: registeredAs(RoleStatus.anulado) }, ME, NOW)).toBe('open');
    expect(eventBadge(past, ME, NOW)).toBe('finalized');
    expect(eventBadge({ ...past, participantes: registeredAs(RoleStatus.reservado) }, ME, NOW)).toBe(
      'finalized',
    );
  });

  it('is full when no seat is left, unless the member holds one', () => {
    const full = { ...future, plazas: 1, plazasLibres: 0 };
    expect(eventBadge(full, ME, NOW)).toBe('full');
    expect(eventBadge({ ...full, participantes: registeredAs(RoleStatus.reservado) }, ME, NOW)).toBe('registered');
    expect(eventBadge({ ...full, start: '2025-05-01 10:00:00' }, ME, NOW)).toBe('finalized');
  });

  it('is null for reserved and IPSC group events and for anonymous visitors', () => {
    expect(eventBadge({ ...future, type: EventType.reserved }, ME, NOW)).toBeNull();
    expect(eventBadge({ ...future, type: EventType.ipscGroup }, ME, NOW)).toBeNull();
    expect(eventBadge({ ...past, type: EventType.ipscGroup }, ME, NOW)).toBeNull();
    expect(eventBadge(future, null, NOW)).toBeNull();
  });
});

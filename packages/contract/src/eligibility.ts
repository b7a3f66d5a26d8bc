// Registration rules of SPEC §4-§5 as DECISIONS reads them. The server enforces them with
// these functions and the web enables its buttons with the same ones.
import { EventStyle, EventType, RoleId, RoleStatus } from './enums.ts';
import type { ErrorCode } from './errors.ts';
import { ZERO_EVENT_TIME, formatEventTime, parseEventTime } from './event-time.ts';

/** What a member can lack for an event type. */
export type Requirement =
  'member' | 'licence' | 'course' | 'clubEnabled' | 'clubAuthorisation' | 'refereeOrCoach';
export const REQUIREMENTS: readonly Requirement[] = [
  'member',
  'licence',
  'course',
  'clubEnabled',
  'clubAuthorisation',
  'refereeOrCoach',
];

/** The fields of a member that eligibility reads; `User` of schemas.ts fits. */
export interface EligibilityMember {
  socio?: string | null;
  licencia?: string | null;
  curso?: boolean | null;
  habilitado?: boolean | null;
  autorizacionClub?: boolean | null;
  arbitroIpsc?: boolean | null;
  entrenadorNacional?: boolean | null;
}

/** A member with the uuid that their registration carries. */
export interface RegistrationMember extends EligibilityMember {
  uuid: string;
}

/** The fields of an event that the rules read; `Event` of schemas.ts fits. */
export interface RegistrationEvent {
  type: number;
  start: string;
  plazas: number;
  plazasLibres: number;
  soloLectura: boolean;
  participantes: ReadonlyArray<{
    uuid: string;
    roles: ReadonlyArray<{ roleId: number; status: number }>;
  }>;
}

/** SPEC §5's table; reserved and IPSC group have none because they cannot be registered at all. */
export const REQUIREMENTS_BY_TYPE: Readonly<Record<EventType, readonly Requirement[]>> = {
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
  [EventType.reserved]: [],
  [EventType.clubPractices]: ['member'],
  [EventType.ipscGroup]: [],
};

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** True when the member meets one requirement. */
export function meetsRequirement(requirement: Requirement, member: EligibilityMember): boolean {
  switch (requirement) {
    case 'member':
      return hasText(member.socio);
    case 'licence':
      return hasText(member.licencia);
    case 'course':
      return member.curso === true;
    case 'clubEnabled':
      return member.habilitado === true;
    case 'clubAuthorisation':
      return member.autorizacionClub === true;
    case 'refereeOrCoach':
      return member.arbitroIpsc === true || member.entrenadorNacional === true;
  }
}

/** Requirements of an event type (empty for unknown types). */
export function requirementsFor(type: number): readonly Requirement[] {
  return REQUIREMENTS_BY_TYPE[type as EventType] ?? [];
}

/** The requirements of the event type that the member lacks, in the order of REQUIREMENTS. */
export function missingRequirements(type: number, member: EligibilityMember): Requirement[] {
  return requirementsFor(type).filter((requirement) => !meetsRequirement(requirement, member));
}

/** The role a member registers with: competidor for IPSC social shoots, alumno otherwise. */
export function roleForEventType(type: number): RoleId {
  return type === EventType.ipscSocialShoot ? RoleId.competidor : RoleId.alumno;
}

/** False for the types nobody registers for (reserved, IPSC group) and unknown ones. */
export function isRegistrable(type: number): boolean {
  return type in REQUIREMENTS_BY_TYPE && type !== EventType.reserved && type !== EventType.ipscGroup;
}

/** The person's role entry for the event's registration role, or null when they have none. */
export function ownRegistration(
  event: Pick<RegistrationEvent, 'type' | 'participantes'>,
  personUuid: string,
): { roleId: number; status: number } | null {
  const roleId = roleForEventType(event.type);
  const participant = event.participantes.find((candidate) => candidate.uuid === personUuid);
  return participant?.roles.find((role) => role.roleId === roleId) ?? null;
}

/** True when the person holds the event's registration role and it is not anulado. */
export function isRegistered(
  event: Pick<RegistrationEvent, 'type' | 'participantes'>,
  personUuid: string,
): boolean {
  const role = ownRegistration(event, personUuid);
  return role !== null && role.status !== RoleStatus.anulado;
}

/**
 * True when the event has started: its start is before `nowLocal`, the club's wall time as
 * "YYYY-MM-DD HH:MM:SS" (the caller converts the time zone).
 */
export function isExpired(event: Pick<RegistrationEvent, 'start'>, nowLocal: string): boolean {
  const now = parseEventTime(nowLocal, ZERO_EVENT_TIME);
  // Missing parts of the start take the current ones, as SPEC §3 reads event times; padded
  // texts of the same width order as the times they name.
  return formatEventTime(parseEventTime(event.start, now)) < formatEventTime(now);
}

export type RegistrationAction = 'register' | 'update' | 'cancel';

export type RegistrationCheck = { ok: true } | { ok: false; reason: ErrorCode; missing?: Requirement[] };

/**
 * Whether the member may register for, update or cancel a registration of the event; the
 * first failing rule gives the reason (the error code the server answers with).
 */
export function checkRegistration(input: {
  event: RegistrationEvent;
  member: RegistrationMember;
  nowLocal: string;
  action: RegistrationAction;
}): RegistrationCheck {
  const { event, member, nowLocal, action } = input;
  if (!isRegistrable(event.type) || event.plazas <= 0) return { ok: false, reason: 'NOT_REGISTRABLE' };
  if (event.soloLectura) return { ok: false, reason: 'EVENT_LOCKED' };
  if (isExpired(event, nowLocal)) return { ok: false, reason: 'EVENT_EXPIRED' };
  const registered = isRegistered(event, member.uuid);
  const missing = missingRequirements(event.type, member);
  if (action === 'register') {
    if (registered) return { ok: false, reason: 'ALREADY_REGISTERED' };
    if (missing.length > 0) return { ok: false, reason: 'NOT_ELIGIBLE', missing };
    if (event.plazasLibres <= 0) return { ok: false, reason: 'EVENT_FULL' };
    return { ok: true };
  }
  if (!registered) return { ok: false, reason: 'NOT_REGISTERED' };
  // Staff confirmed or finalised it: it is theirs to change now, not the member's.
  const own = ownRegistration(event, member.uuid);
  if (own && (own.status === RoleStatus.confirmado || own.status === RoleStatus.finalizado)) {
    return { ok: false, reason: 'REGISTRATION_LOCKED' };
  }
  // A member who lost a requirement may still cancel, but not change division or factor.
  if (action === 'update' && missing.length > 0) return { ok: false, reason: 'NOT_ELIGIBLE', missing };
  return { ok: true };
}

const STYLE_BY_TYPE: Readonly<Record<EventType, EventStyle>> = {
  [EventType.ipscTraining]: EventStyle.trainingIpsc,
  [EventType.ipscSocialShoot]: EventStyle.competitionIpsc,
  [EventType.ipscGroup]: EventStyle.ipscGroup,
  [EventType.precisionTraining]: EventStyle.trainingPrecision,
  [EventType.precisionSocialShoot]: EventStyle.competitionPrecision,
  [EventType.regularIpscClass]: EventStyle.regularClass,
  [EventType.clubPractices]: EventStyle.clubPractice,
  [EventType.functionalTraining]: EventStyle.dryTraining,
  [EventType.privateClass]: EventStyle.privateClass,
  [EventType.masterClass]: EventStyle.masterClass,
  [EventType.reserved]: EventStyle.reserved,
};

/** Colour category of an event: expired first, else by type (unknown types show as reserved). */
export function eventStyle(event: Pick<RegistrationEvent, 'type' | 'start'>, nowLocal: string): EventStyle {
  if (isExpired(event, nowLocal)) return EventStyle.expired;
  return STYLE_BY_TYPE[event.type as EventType] ?? EventStyle.reserved;
}

export type EventBadge = 'finalized' | 'open' | 'full' | 'registered';

/**
 * Badge of an event for a signed-in member (SPEC §4): null for reserved and IPSC group events
 * and for an anonymous visitor (null personUuid); an event with no free seat left is 'full'
 * (not 'open') for everyone who does not hold one of them.
 */
export function eventBadge(
  event: Pick<RegistrationEvent, 'type' | 'start' | 'participantes' | 'plazasLibres'>,
  personUuid: string | null,
  nowLocal: string,
): EventBadge | null {
  if (personUuid === null || !isRegistrable(event.type)) return null;
  if (isExpired(event, nowLocal)) return 'finalized';
  if (isRegistered(event, personUuid)) return 'registered';
  return event.plazasLibres <= 0 ? 'full' : 'open';
}

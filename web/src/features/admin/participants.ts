import { WAITING_ROLE_STATUS } from '@club/contract/schemas';
import type { ClubEvent, Participant, Role } from '@club/contract/schemas';
import { EventType, RoleId, RoleStatus } from '@club/contract/enums';

/** The role a member holds in an event: competidor for IPSC social shoots, alumno otherwise (SPEC §4). */
export function registrationRole(
  event: Pick<ClubEvent, 'type'>,
  participant: Pick<Participant, 'roles'>,
): Role | undefined {
  const expected = event.type === EventType.ipscSocialShoot ? RoleId.competidor : RoleId.alumno;
  return participant.roles.find((role) => role.roleId === expected) ?? participant.roles[0];
}

/** Registrations that still hold a seat (every status but anulado; those waiting hold none). */
export function activeRegistrations(event: ClubEvent): number {
  return event.participantes.filter((p) => {
    const role = registrationRole(event, p);
    return role !== undefined && role.status !== RoleStatus.anulado && role.status !== WAITING_ROLE_STATUS;
  }).length;
}

import type { ClubEvent, Participant, Role } from '@club/contract/schemas';
import { EventType, RoleId } from '@club/contract/enums';

/** The role a member holds in an event: competidor for IPSC social shoots, alumno otherwise (SPEC §4). */
export function registrationRole(
  event: Pick<ClubEvent, 'type'>,
  participant: Pick<Participant, 'roles'>,
): Role | undefined {
  const expected = event.type === EventType.ipscSocialShoot ? RoleId.competidor : RoleId.alumno;
  return participant.roles.find((role) => role.roleId === expected) ?? participant.roles[0];
}

/** Registrations that hold a seat, from the event's seat counts (lists carry no participants). */
export function activeRegistrations(event: Pick<ClubEvent, 'plazas' | 'plazasLibres'>): number {
  return Math.max(0, event.plazas - event.plazasLibres);
}

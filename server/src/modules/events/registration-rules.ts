// The rules a registration is judged by, shared by registering (subscribe.ts), the waiting
// list (waitlist.ts) and staff: how a refusal is worded, when staff have decided a registration,
// and the event as the contract's eligibility rules read it.
import { RoleStatus } from '@club/contract/enums';
import type { RegistrationEvent, Requirement } from '@club/contract/eligibility';
import type { ErrorCode } from '@club/contract/errors';
import { ApiError } from '../../lib/api-error.ts';
import type { EventRow, RegistrationRow } from './repository.ts';

const REASON_MESSAGES: Partial<Record<ErrorCode, string>> = {
  NOT_REGISTRABLE: 'This event takes no registrations.',
  EVENT_LOCKED: 'This event is locked.',
  EVENT_EXPIRED: 'This event has already started.',
  ALREADY_REGISTERED: 'You are already registered for this event.',
  NOT_REGISTERED: 'You are not registered for this event.',
  EVENT_FULL: 'No seat is left.',
};

export function refusal(reason: ErrorCode, missing?: Requirement[]): ApiError {
  if (reason === 'NOT_ELIGIBLE') {
    return new ApiError('NOT_ELIGIBLE', `This event needs: ${(missing ?? []).join(', ')}.`);
  }
  return new ApiError(reason, REASON_MESSAGES[reason]);
}

/**
 * A registration staff confirmed, finalised or cancelled is the club's to change, no longer the
 * member's: neither cancelled nor re-opened by them (409 REGISTRATION_LOCKED).
 */
export function isStaffDecided(registration: Pick<RegistrationRow, 'status' | 'staff_decided'>): boolean {
  return (
    registration.staff_decided === 1 ||
    registration.status === RoleStatus.confirmado ||
    registration.status === RoleStatus.finalizado
  );
}

/** The event as the rules read it: seats from the counter, the member's own registration only. */
export function registrationEvent(
  event: EventRow,
  memberId: string,
  own: RegistrationRow | undefined,
): RegistrationEvent {
  return {
    type: event.type,
    start: event.start_at,
    plazas: event.plazas,
    plazasLibres: event.plazas - event.plazas_taken,
    soloLectura: Boolean(event.solo_lectura),
    participantes: own ? [{ uuid: memberId, roles: [{ roleId: own.role_id, status: own.status }] }] : [],
  };
}

import { RoleStatus } from '@club/contract/enums';
import { WAITING_ROLE_STATUS } from '@club/contract/schemas';

/**
 * One colour for each state of a registration, wherever it is shown (the calendar's card, "My
 * registrations", the attendee list), beside its one word (`common:ENUMS.ROLE_STATUS`): a seat
 * held is blue in every screen, never the yellow that reads as "pending".
 */
export const REGISTRATION_STATUS_CLASS: Readonly<Record<number, string>> = {
  [RoleStatus.reservado]: 'text-bg-primary',
  [RoleStatus.anulado]: 'text-bg-secondary',
  [RoleStatus.confirmado]: 'text-bg-success',
  [RoleStatus.finalizado]: 'text-bg-dark',
  [WAITING_ROLE_STATUS]: 'text-bg-info',
};

export function registrationStatusClass(status: number): string {
  return REGISTRATION_STATUS_CLASS[status] ?? 'text-bg-secondary';
}

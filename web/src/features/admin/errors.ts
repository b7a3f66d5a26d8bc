import { ApiCallError } from '../../lib/http.ts';

// Refusals the staff screens can meet, with a text of their own in the admin area.
const KNOWN = new Set([
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'EVENT_LOCKED',
  'EVENT_EXPIRED',
  'EVENT_FULL',
  'NOT_REGISTERED',
  'NETWORK_ERROR',
  'TOO_MANY_REQUESTS',
  'SOCIO_TAKEN',
  'NOT_IN_SERIES',
  'ALREADY_REGISTERED',
  'TIME_NOT_IN_CLUB_ZONE',
]);

/** The translation key (with namespace) that explains a failed call to staff. */
export function errorMessageKey(error: unknown): string {
  if (error instanceof ApiCallError && KNOWN.has(error.errorCode)) return `admin:ERRORS.${error.errorCode}`;
  return 'common:ERRORS.GENERIC_MESSAGE';
}

// The error body and error codes of API.md, and the mapping from zod issues to field codes.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** HTTP status of every error code of API.md. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  NOT_AUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_FAILED: 403,
  NOT_FOUND: 404,
  LOGIN_TAKEN: 409,
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 400,
  INVALID_TOKEN: 400,
  WRONG_PASSWORD: 400,
  NOT_REGISTRABLE: 409,
  NOT_ELIGIBLE: 403,
  EVENT_FULL: 409,
  EVENT_EXPIRED: 409,
  EVENT_LOCKED: 409,
  ALREADY_REGISTERED: 409,
  NOT_REGISTERED: 409,
  // Second round (API.md "Calls of the second round").
  EMAIL_NOT_VERIFIED: 403,
  NOT_FULL: 409,
  ALREADY_WAITING: 409,
  NOT_WAITING: 409,
  REGISTRATION_LOCKED: 409,
  SOCIO_TAKEN: 409,
  // Staff area: scope=following asked for an event that belongs to no weekly series.
  NOT_IN_SERIES: 409,
  // The member's training log holds as many sessions or shots as one member may keep.
  TRAINING_LOG_FULL: 409,
  // Third round (API.md "Calls of the third round"), grouped by issue.
  // Matches.
  BAD_IMPORT: 400,
  NOT_A_MATCH: 404,
  NOT_A_RANGE_OFFICER: 403,
  RESULTS_NOT_PUBLISHED: 404,
  SCORE_CONFLICT: 409,
  STAGE_HAS_SCORES: 409,
  // Money and membership.
  LICENCE_EXPIRED: 403,
  MEMBERSHIP_LAPSED: 403,
  PACK_EMPTY: 409,
  // Event times on the day clocks change.
  TIME_NOT_IN_CLUB_ZONE: 400,
  // A settings change made from an older copy than the stored one; a payment voided twice.
  VERSION_CONFLICT: 409,
  ALREADY_VOIDED: 409,
  // The club's own content: a save from an older copy; an upload that is no photo.
  CONTENT_CONFLICT: 409,
  BAD_PHOTO: 400,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL_ERROR: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

// SPEC §6 spells it so, and existing clients compare the text.
export const NOT_AUTHENTICATED_MESSAGE = 'Not Autenticated!!!';

/** Every code a field can carry in an error body (and the message of every issue our schemas emit). */
export const FIELD_ERROR_CODES = [
  'required',
  'minlength',
  'maxlength',
  'pattern',
  'email',
  'mobile',
  'mismatch',
  'date',
  'enum',
  'type',
  'singleLine',
  'common',
  'unknown',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** True when `value` is one of the field error codes. */
export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

/** True when `value` is one of the error codes of API.md. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

export const fieldErrorCodeSchema = lazySchema(() => z.enum(FIELD_ERROR_CODES));

// errorCode is a plain string here, not an enum: a client must still show an error whose
// code a newer server added.
export const errorBodySchema = lazySchema(() =>
  z.object({
    errorCode: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(fieldErrorCodeSchema)).optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldErrors = Record<string, FieldErrorCode[]>;

/** Builds the error body of a code, with the field errors when there are any. */
export function errorBody(errorCode: ErrorCode, message: string, fields?: FieldErrors): ErrorBody {
  return fields && Object.keys(fields).length > 0 ? { errorCode, message, fields } : { errorCode, message };
}

// Without `reportInput` zod drops the input from issues, so a missing value is recognised by
// the default English message as a fallback; our own schemas say 'required' themselves.
function isMissingInput(issue: z.core.$ZodIssue): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  return /received (undefined|null)\b/.test(issue.message);
}

/** The field error code of one zod issue: its message when it is a code, else a reading of its kind. */
export function fieldErrorCodeOf(issue: z.core.$ZodIssue): FieldErrorCode {
  if (isFieldErrorCode(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return isMissingInput(issue) ? 'required' : 'type';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1 && issue.origin === 'string' ? 'required' : 'minlength';
      }
      return 'unknown';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set'
        ? 'maxlength'
        : 'unknown';
    case 'invalid_format':
      if (issue.format === 'email') return 'email';
      if (issue.format === 'date' || issue.format === 'datetime' || issue.format === 'time') return 'date';
      return 'pattern';
    case 'invalid_value':
      return 'enum';
    case 'invalid_union':
      return 'type';
    default:
      return 'unknown';
  }
}

/** Field errors of a zod error: path joined with '.' ('' for the whole body), codes without repeats. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  // A Map, not an object, so that a field named '__proto__' cannot reach a prototype.
  const fields = new Map<string, FieldErrorCode[]>();
  const add = (path: readonly PropertyKey[], code: FieldErrorCode): void => {
    const name = path.map(String).join('.');
    const codes = fields.get(name) ?? [];
    if (!codes.includes(code)) codes.push(code);
    fields.set(name, codes);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Each unknown key is its own field, so a client sees which one to drop.
      for (const key of issue.keys) add([...issue.path, key], 'unknown');
    } else {
      add(issue.path, fieldErrorCodeOf(issue));
    }
  }
  return Object.fromEntries(fields);
}

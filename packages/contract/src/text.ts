// Building blocks for text fields. Every issue message is a FieldErrorCode (errors.ts), so the
// server puts it in the error body as it is and the web maps it with messageKeyFor.
import { z } from 'zod';
import { isInClubYears, isIsoDate, isPossibleBirthDate, isRealEventTime } from './event-time.ts';
import { lazySchema } from './lazy-schema.ts';

/** The error of a base type check: 'required' for a missing value, 'type' for a wrong one. */
export function requiredOrType(issue: { input?: unknown }): 'required' | 'type' {
  return issue.input === undefined || issue.input === null ? 'required' : 'type';
}

/** Unicode NFC and trimmed, as every stored text is. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').trim();
}

// C0 and C1 control characters and the Unicode line and paragraph separators: anything that
// breaks a line or a mail header.
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;
// In multi-line text only the newline and the tab may remain.
const MULTI_LINE_FORBIDDEN = /(?![\n\t])[\p{Cc}\u2028\u2029]/u;

/** True when text holds no control character and no line break. */
export function isSingleLine(text: string): boolean {
  return !LINE_BREAKING.test(text);
}

/** True when text holds no control character other than newline and tab. */
export function isCleanMultiLine(text: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(text);
}

// Checks after 'required' run only on a filled value, so an empty field reports 'required'
// alone. (zod's `abort` would do the same, but an aborted field also silences the object's
// refinements, such as the password confirmation.)
const filled = {
  when: (payload: { value: unknown }) => typeof payload.value === 'string' && payload.value !== '',
};

function baseText() {
  return z.string({ error: requiredOrType }).normalize('NFC').trim();
}

/** Required single-line text up to `max` characters after NFC and trim; `min` adds 'minlength'. */
export function singleLineText(max: number, min = 0) {
  let schema = baseText().min(1, { error: 'required' });
  if (min > 1) schema = schema.min(min, { error: 'minlength', ...filled });
  return schema.max(max, { error: 'maxlength' }).refine(isSingleLine, { error: 'singleLine' });
}

/** Optional single-line text: missing, null or blank all become null. */
export function optionalSingleLineText(max: number) {
  return baseText()
    .max(max, { error: 'maxlength' })
    .refine(isSingleLine, { error: 'singleLine' })
    .transform((text) => (text === '' ? null : text))
    .nullish()
    .transform((text) => text ?? null);
}

// Textareas may send CRLF; one newline form keeps lengths and stored text the same everywhere.
function baseMultiLine() {
  return baseText().overwrite((text) => text.replace(/\r\n?/g, '\n'));
}

/** Required multi-line text up to `max` characters: newline and tab allowed, other controls refused. */
export function multiLineText(max: number) {
  return baseMultiLine()
    .min(1, { error: 'required' })
    .max(max, { error: 'maxlength' })
    .refine(isCleanMultiLine, { error: 'unknown' });
}

/** Optional multi-line text: missing, null or blank all become null. */
export function optionalMultiLineText(max: number) {
  return baseMultiLine()
    .max(max, { error: 'maxlength' })
    .refine(isCleanMultiLine, { error: 'unknown' })
    .transform((text) => (text === '' ? null : text))
    .nullish()
    .transform((text) => text ?? null);
}

/** Required text taken exactly as typed (passwords, tokens): no trim, no normalisation. */
export function rawRequiredText(max: number) {
  return z.string({ error: requiredOrType }).min(1, { error: 'required' }).max(max, { error: 'maxlength' });
}

export const EMAIL_MAX = 200;
// A dotted domain and a top-level name of letters: what a mail server will deliver to.
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True when text is a deliverable-looking e-mail address. */
export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

export const emailField = lazySchema(() =>
  baseText()
    .min(1, { error: 'required' })
    .max(EMAIL_MAX, { error: 'maxlength' })
    .refine(isEmail, { error: 'email', ...filled }),
);

/** A Spanish mobile as stored: nine digits, no prefix (SPEC §5). */
export const MOBILE_PATTERN = /^\d{9}$/;
/** What a mobile field takes as typed: room for "+44 7700 900 123" with its spaces. */
export const MOBILE_INPUT_MAX = 24;

/**
 * A phone number as people type it, in the form it is stored, or null when it is none: spaces,
 * dots, dashes and brackets go; nine digits are a Spanish number and stay as SPEC stores them;
 * a number with an international prefix (+ or 00) is kept in E.164 (+ and 8 to 15 digits),
 * except a Spanish one (+34, which must be followed by nine digits), stored as its nine digits.
 */
export function normaliseMobile(text: string): string | null {
  if (text.length > MOBILE_INPUT_MAX) return null;
  const compact = text.replace(/[\s.()-]/g, '');
  if (MOBILE_PATTERN.test(compact)) return compact;
  const international = /^(?:\+|00)([1-9]\d{7,14})$/.exec(compact);
  if (!international) return null;
  const digits = international[1];
  if (!digits.startsWith('34')) return `+${digits}`;
  // Spain's own prefix: the nine national digits must follow.
  return digits.length === 11 ? digits.slice(2) : null;
}

export const mobileField = lazySchema(() =>
  baseText()
    .min(1, { error: 'required' })
    .refine((text) => normaliseMobile(text) !== null, { error: 'mobile', ...filled })
    .transform((text) => normaliseMobile(text) ?? text),
);

export const isoDateField = lazySchema(() =>
  baseText()
    .min(1, { error: 'required' })
    .refine(isIsoDate, { error: 'date', ...filled }),
);

/** A birth date: a real 'yyyy-MM-dd' from 1900 up to today. */
export const birthDateField = lazySchema(() =>
  baseText()
    .min(1, { error: 'required' })
    .refine((text) => isIsoDate(text) && isPossibleBirthDate(text), { error: 'date', ...filled }),
);

/** An event time 'YYYY-MM-DD HH:MM:SS' of a real day in the club's years (2000 to 2100). */
export const eventTimeField = lazySchema(() =>
  baseText()
    .min(1, { error: 'required' })
    .refine((text) => isRealEventTime(text) && isInClubYears(text), { error: 'date', ...filled }),
);

// Any 8-4-4-4-12 hex id; stricter RFC checks would refuse ids that seeds and tests write by hand.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidField = lazySchema(() =>
  z
    .string({ error: requiredOrType })
    .min(1, { error: 'required' })
    .regex(UUID_PATTERN, { error: 'pattern', ...filled }),
);

export const PASSWORD_MIN = 8;
// DECISIONS: a longer password is refused at once, before any hashing.
export const PASSWORD_MAX = 128;

// Lower case; the check lower-cases the candidate. Entries that lack an upper-case letter or a
// digit still matter: 'Password1' is 'password1' to this list.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  'qwerty12',
  'qwerty123',
  'qwerty1234',
  'qwertyuiop1',
  'welcome1',
  'welcome123',
  'letmein1',
  'letmein123',
  'abc12345',
  'abcd1234',
  'abc123456',
  'admin123',
  'admin1234',
  'administrator1',
  'iloveyou1',
  'iloveyou123',
  'monkey123',
  'dragon123',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'superman1',
  'master123',
  'changeme1',
  'changeme123',
  'test1234',
  'test12345',
  'user1234',
  'qwe12345',
  'zaq12wsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'q1w2e3r4',
  'a1b2c3d4',
  'aa123456',
  'asdf1234',
  'asd12345',
  'contraseña1',
  'contrasena1',
  'contrasenya1',
  'contraseña123',
  'ipsc1234',
  'club1234',
  'madrid123',
  'barcelona1',
  'espana123',
  'summer2024',
  'summer2025',
]);

/** True when the password is on the common-password list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** True when the password has an upper-case letter, a lower-case letter and a digit (SPEC §5). */
export function hasStrongPattern(password: string): boolean {
  return /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /[0-9]/.test(password);
}

/** True when a password meets every rule: 8 to 128 characters, the strong pattern, not common. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    hasStrongPattern(password) &&
    !isCommonPassword(password)
  );
}

// Taken exactly as typed: DECISIONS compares passwords without trimming or normalising.
export const strongPasswordField = lazySchema(() =>
  z
    .string({ error: requiredOrType })
    .min(1, { error: 'required' })
    .max(PASSWORD_MAX, { error: 'maxlength' })
    .min(PASSWORD_MIN, { error: 'minlength', ...filled })
    .refine(hasStrongPattern, { error: 'pattern', ...filled })
    .refine((password) => !isCommonPassword(password), { error: 'common', ...filled }),
);

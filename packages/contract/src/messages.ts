// Translation keys of the validation messages of SPEC §5, in the `common` i18n namespace.
import { isFieldErrorCode } from './errors.ts';
import type { FieldErrorCode } from './errors.ts';

/** i18next namespace that holds the validation messages. */
export const MESSAGES_NAMESPACE = 'common';

export const MESSAGE_KEYS = {
  REQUIRED: 'VALIDATION.REQUIRED',
  MIN_LENGTH: 'VALIDATION.MIN_LENGTH',
  MAX_LENGTH: 'VALIDATION.MAX_LENGTH',
  PASSWORD_PATTERN: 'VALIDATION.PASSWORD_PATTERN',
  PASSWORDS_NOT_EQUAL: 'VALIDATION.PASSWORDS_NOT_EQUAL',
  EMAIL_PATTERN: 'VALIDATION.EMAIL_PATTERN',
  MOBILE_INVALID: 'VALIDATION.MOBILE_INVALID',
  DATE_INVALID: 'VALIDATION.DATE_INVALID',
  SINGLE_LINE: 'VALIDATION.SINGLE_LINE',
  COMMON_PASSWORD: 'VALIDATION.COMMON_PASSWORD',
  INVALID: 'VALIDATION.INVALID',
} as const;
export type MessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

const KEY_OF_CODE: Record<FieldErrorCode, MessageKey> = {
  required: MESSAGE_KEYS.REQUIRED,
  minlength: MESSAGE_KEYS.MIN_LENGTH,
  maxlength: MESSAGE_KEYS.MAX_LENGTH,
  pattern: MESSAGE_KEYS.PASSWORD_PATTERN,
  email: MESSAGE_KEYS.EMAIL_PATTERN,
  mobile: MESSAGE_KEYS.MOBILE_INVALID,
  mismatch: MESSAGE_KEYS.PASSWORDS_NOT_EQUAL,
  date: MESSAGE_KEYS.DATE_INVALID,
  singleLine: MESSAGE_KEYS.SINGLE_LINE,
  common: MESSAGE_KEYS.COMMON_PASSWORD,
  enum: MESSAGE_KEYS.INVALID,
  type: MESSAGE_KEYS.INVALID,
  unknown: MESSAGE_KEYS.INVALID,
};

// English wording, for the `defaultValue` of a translation and for the translation files.
// `{{value}}` is i18next's interpolation of the `value` parameter.
export const DEFAULT_MESSAGES_EN: Record<MessageKey, string> = {
  'VALIDATION.REQUIRED': 'This field is required.',
  'VALIDATION.MIN_LENGTH': 'At least {{value}} characters.',
  'VALIDATION.MAX_LENGTH': 'At most {{value}} characters.',
  'VALIDATION.PASSWORD_PATTERN':
    'At least 8 characters, with an upper-case letter, a lower-case letter and a digit.',
  'VALIDATION.PASSWORDS_NOT_EQUAL': 'The passwords are not equal.',
  'VALIDATION.EMAIL_PATTERN': 'Enter a valid e-mail address.',
  'VALIDATION.MOBILE_INVALID': 'Mobile number invalid: exactly 9 digits.',
  'VALIDATION.DATE_INVALID': 'Enter a valid date.',
  'VALIDATION.SINGLE_LINE': 'Line breaks and control characters are not allowed.',
  'VALIDATION.COMMON_PASSWORD': 'This password is too common; choose another one.',
  'VALIDATION.INVALID': 'Invalid value.',
};

/** Translation key (namespace `common`) of a field error code. */
export function messageKeyFor(code: FieldErrorCode): MessageKey {
  return KEY_OF_CODE[code];
}

/**
 * What messageForIssue reads: a zod issue, or react-hook-form's field error
 * (`{ type, message }`, where the message is our code). `minimum`/`maximum` come with zod's
 * too_small/too_big issues; a form that only has react-hook-form's error passes them itself
 * (see FIELD_LIMITS in forms.ts).
 */
export interface IssueLike {
  message?: string;
  code?: string;
  type?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

export interface MessageForIssue {
  key: MessageKey;
  params: { value?: number };
}

/** The field error code an issue stands for; codes in the message win, zod's kinds are a fallback. */
export function fieldErrorCodeOfIssue(issue: IssueLike): FieldErrorCode {
  if (isFieldErrorCode(issue.message)) return issue.message;
  const kind = issue.code ?? issue.type;
  switch (kind) {
    case 'too_small':
      return 'minlength';
    case 'too_big':
      return 'maxlength';
    case 'invalid_value':
      return 'enum';
    case 'invalid_type':
      return 'type';
    case 'required':
      return 'required';
    default:
      return 'unknown';
  }
}

/** Translation key and parameters (`value` for min/max length) of one issue. */
export function messageForIssue(issue: IssueLike): MessageForIssue {
  const code = fieldErrorCodeOfIssue(issue);
  const key = messageKeyFor(code);
  if (code === 'minlength' && issue.minimum !== undefined)
    return { key, params: { value: Number(issue.minimum) } };
  if (code === 'maxlength' && issue.maximum !== undefined)
    return { key, params: { value: Number(issue.maximum) } };
  return { key, params: {} };
}

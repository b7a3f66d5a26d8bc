import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_ERROR_CODES } from './errors.ts';
import { FIELD_LIMITS, registerBodySchema } from './forms.ts';
import { DEFAULT_MESSAGES_EN, MESSAGE_KEYS, messageForIssue, messageKeyFor } from './messages.ts';

describe('messageKeyFor', () => {
  it.each([
    ['required', 'VALIDATION.REQUIRED'],
    ['minlength', 'VALIDATION.MIN_LENGTH'],
    ['maxlength', 'VALIDATION.MAX_LENGTH'],
    ['pattern', 'VALIDATION.PASSWORD_PATTERN'],
    ['mismatch', 'VALIDATION.PASSWORDS_NOT_EQUAL'],
    ['email', 'VALIDATION.EMAIL_PATTERN'],
    ['mobile', 'VALIDATION.MOBILE_INVALID'],
    ['date', 'VALIDATION.DATE_INVALID'],
    ['singleLine', 'VALIDATION.SINGLE_LINE'],
    ['common', 'VALIDATION.COMMON_PASSWORD'],
    ['enum', 'VALIDATION.INVALID'],
    ['type', 'VALIDATION.INVALID'],
    ['unknown', 'VALIDATION.INVALID'],
  ] as const)('maps %s to %s', (code, key) => {
    expect(messageKeyFor(code)).toBe(key);
  });

  it('has English wording for every key', () => {
    for (const code of FIELD_ERROR_CODES) expect(DEFAULT_MESSAGES_EN[messageKeyFor(code)]).toBeTruthy();
    expect(Object.keys(DEFAULT_MESSAGES_EN).sort()).toEqual(Object.values(MESSAGE_KEYS).sort());
  });
});

describe('messageForIssue', () => {
  it('gives the length with min and max issues of our schemas', () => {
    const result = registerBodySchema.safeParse({ login: 'short', nombre: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    const login = issues.find((issue) => issue.path[0] === 'login');
    const nombre = issues.find((issue) => issue.path[0] === 'nombre');
    expect(login && messageForIssue(login)).toEqual({ key: 'VALIDATION.MIN_LENGTH', params: { value: 8 } });
    expect(nombre && messageForIssue(nombre)).toEqual({
      key: 'VALIDATION.MAX_LENGTH',
      params: { value: 100 },
    });
  });

  it('reads a react-hook-form error, with the limit passed in', () => {
    expect(
      messageForIssue({ type: 'too_small', message: 'minlength', minimum: FIELD_LIMITS.login.min }),
    ).toEqual({
      key: 'VALIDATION.MIN_LENGTH',
      params: { value: 8 },
    });
    expect(messageForIssue({ type: 'custom', message: 'mismatch' })).toEqual({
      key: 'VALIDATION.PASSWORDS_NOT_EQUAL',
      params: {},
    });
  });

  it('falls back on the kind of a foreign issue', () => {
    const issue = z.string().max(2).safeParse('abc').error?.issues[0];
    expect(issue && messageForIssue(issue)).toEqual({ key: 'VALIDATION.MAX_LENGTH', params: { value: 2 } });
    expect(messageForIssue({ message: 'Something odd' })).toEqual({ key: 'VALIDATION.INVALID', params: {} });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_CODES,
  NOT_AUTHENTICATED_MESSAGE,
  errorBody,
  errorBodySchema,
  fieldErrorsFromZod,
  isErrorCode,
  isFieldErrorCode,
} from './errors.ts';

function errorOf(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('ERROR_CODES', () => {
  it('gives each code of API.md its status', () => {
    expect(ERROR_CODES).toEqual({
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
      EMAIL_NOT_VERIFIED: 403,
      NOT_FULL: 409,
      ALREADY_WAITING: 409,
      NOT_WAITING: 409,
      REGISTRATION_LOCKED: 409,
      SOCIO_TAKEN: 409,
      NOT_IN_SERIES: 409,
      BAD_IMPORT: 400,
      BAD_PHOTO: 400,
      CONTENT_CONFLICT: 409,
      NOT_A_MATCH: 404,
      NOT_A_RANGE_OFFICER: 403,
      RESULTS_NOT_PUBLISHED: 404,
      SCORE_CONFLICT: 409,
      STAGE_HAS_SCORES: 409,
      LICENCE_EXPIRED: 403,
      MEMBERSHIP_LAPSED: 403,
      PACK_EMPTY: 409,
      TIME_NOT_IN_CLUB_ZONE: 400,
      VERSION_CONFLICT: 409,
      ALREADY_VOIDED: 409,
      TOO_MANY_REQUESTS: 429,
      TRAINING_LOG_FULL: 409,
      PAYLOAD_TOO_LARGE: 413,
      INTERNAL_ERROR: 500,
    });
  });

  it('keeps the message of SPEC §6 as spelt', () => {
    expect(NOT_AUTHENTICATED_MESSAGE).toBe('Not Autenticated!!!');
  });

  it('recognises codes', () => {
    expect(isErrorCode('EVENT_FULL')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isFieldErrorCode('mismatch')).toBe(true);
    expect(isFieldErrorCode('Required')).toBe(false);
  });
});

describe('errorBodySchema', () => {
  it('reads an error body with and without fields', () => {
    expect(errorBodySchema.parse({ errorCode: 'NOT_FOUND', message: 'Not found' })).toEqual({
      errorCode: 'NOT_FOUND',
      message: 'Not found',
    });
    const withFields = {
      errorCode: 'VALIDATION_ERROR',
      message: 'Invalid',
      fields: { email: ['email', 'maxlength'] },
    };
    expect(errorBodySchema.parse(withFields)).toEqual(withFields);
  });

  it('refuses an unknown field code', () => {
    expect(errorBodySchema.safeParse({ errorCode: 'X', message: 'x', fields: { a: ['nope'] } }).success).toBe(
      false,
    );
  });

  it('builds bodies, leaving out empty fields', () => {
    expect(errorBody('FORBIDDEN', 'No')).toEqual({ errorCode: 'FORBIDDEN', message: 'No' });
    expect(errorBody('VALIDATION_ERROR', 'Bad', {})).toEqual({
      errorCode: 'VALIDATION_ERROR',
      message: 'Bad',
    });
    expect(errorBody('VALIDATION_ERROR', 'Bad', { a: ['required'] }).fields).toEqual({ a: ['required'] });
  });
});

describe('fieldErrorsFromZod', () => {
  it('uses a code given as the message', () => {
    expect(
      fieldErrorsFromZod(errorOf(z.object({ a: z.string().min(3, { error: 'minlength' }) }), { a: 'x' })),
    ).toEqual({
      a: ['minlength'],
    });
  });

  it('reads a missing value as required and a wrong type as type', () => {
    const schema = z.object({ a: z.string(), b: z.number() });
    expect(fieldErrorsFromZod(errorOf(schema, { b: 'x' }))).toEqual({ a: ['required'], b: ['type'] });
    expect(fieldErrorsFromZod(errorOf(schema, { a: null, b: 1 }))).toEqual({ a: ['required'] });
  });

  it('maps zod kinds of issue to field codes', () => {
    const schema = z.object({
      short: z.string().min(3),
      empty: z.string().min(1),
      long: z.string().max(2),
      mail: z.email(),
      pattern: z.string().regex(/^a$/),
      choice: z.enum(['x', 'y']),
      union: z.union([z.string(), z.number()]),
      count: z.number().max(3),
      custom: z.string().refine(() => false),
    });
    const errors = fieldErrorsFromZod(
      errorOf(schema, {
        short: 'ab',
        empty: '',
        long: 'abc',
        mail: 'nope',
        pattern: 'b',
        choice: 'z',
        union: true,
        count: 4,
        custom: 'x',
      }),
    );
    expect(errors).toEqual({
      short: ['minlength'],
      empty: ['required'],
      long: ['maxlength'],
      mail: ['email'],
      pattern: ['pattern'],
      choice: ['enum'],
      union: ['type'],
      count: ['unknown'],
      custom: ['unknown'],
    });
  });

  it('joins nested paths with dots and names each unknown key', () => {
    const schema = z.strictObject({ roles: z.array(z.strictObject({ roleId: z.number() })) });
    expect(
      fieldErrorsFromZod(errorOf(schema, { roles: [{ roleId: 1 }, { roleId: 'x', extra: 1 }], other: 2 })),
    ).toEqual({
      'roles.1.roleId': ['type'],
      'roles.1.extra': ['unknown'],
      other: ['unknown'],
    });
  });

  it('reports a wrong body under the empty name', () => {
    expect(fieldErrorsFromZod(errorOf(z.object({ a: z.string() }), 'text'))).toEqual({ '': ['type'] });
  });

  it('lists each code once per field', () => {
    const schema = z
      .string()
      .refine(() => false, { error: 'pattern' })
      .refine(() => false, { error: 'pattern' });
    expect(fieldErrorsFromZod(errorOf(z.object({ a: schema }), { a: 'x' }))).toEqual({ a: ['pattern'] });
  });

  it('keeps a field named __proto__ as an own field', () => {
    const errors = fieldErrorsFromZod(errorOf(z.strictObject({}), JSON.parse('{"__proto__": 1}')));
    expect(Object.keys(errors)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});

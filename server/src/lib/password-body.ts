import type { z } from 'zod';
import { fieldErrorsFromZod } from '@club/contract/errors';
import type { FieldErrorCode } from '@club/contract/errors';
import { ApiError } from './api-error.ts';

// What the strong pattern of SPEC §5 and the common-password list refuse; a password that is
// too long stays a plain VALIDATION_ERROR (maxlength), refused before any hashing.
const WEAK: ReadonlySet<FieldErrorCode> = new Set(['minlength', 'pattern', 'common']);

/**
 * Parses a body that carries a new password: 400 WEAK_PASSWORD (with the field codes) when the
 * password's strength is the only fault, else 400 VALIDATION_ERROR with every field's codes.
 */
export function parsePasswordBody<S extends z.ZodType>(schema: S, body: unknown, passwordField: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields = fieldErrorsFromZod(result.error);
  const names = Object.keys(fields);
  const weakOnly = names.length === 1 && names[0] === passwordField && fields[passwordField].every((c) => WEAK.has(c));
  if (weakOnly) throw new ApiError('WEAK_PASSWORD', 'The password is too weak.', fields);
  throw new ApiError('VALIDATION_ERROR', undefined, fields);
}

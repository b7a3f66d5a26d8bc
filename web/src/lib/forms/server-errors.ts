import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiCallError } from '../http.ts';

/**
 * Puts the field errors of a refused call (400 VALIDATION_ERROR) on the form's fields, each
 * as its contract code, so the fields show the same messages as the form's own checks.
 * Returns true when at least one known field got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiCallError) || !error.fields) return false;
  let applied = false;
  for (const name of fieldNames) {
    const codes = error.fields[name];
    if (codes && codes.length > 0) {
      setError(name, { type: 'server', message: codes[0] });
      applied = true;
    }
  }
  return applied;
}

/** The error code of a failed call, upper-case (SPEC §8), or a network/unknown code. */
export function errorCodeOf(error: unknown): string {
  if (error instanceof ApiCallError) return error.errorCode.toUpperCase();
  return 'UNKNOWN';
}

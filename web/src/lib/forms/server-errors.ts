import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
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

/** The type of a field error whose message is a translated text to show as it is. */
export const SERVER_TEXT = 'server-text';

/**
 * Shows a refusal that belongs to one field (a login already taken, a wrong current password)
 * once, under that field, and puts the focus there, so the message is where the person is
 * looking and where they fix it. The form shows no other message for it.
 */
export function showRefusalOnField<T extends FieldValues>(
  setError: UseFormSetError<T>,
  setFocus: UseFormSetFocus<T>,
  name: Path<T>,
  text: string,
): void {
  setError(name, { type: SERVER_TEXT, message: text });
  setFocus(name, { shouldSelect: true });
}

import { ERROR_CODES } from '@club/contract/errors';
import type { ErrorCode, FieldErrorCode } from '@club/contract/errors';

/** A refusal the server answers with the contract's error body and the code's status. */
export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly errorCode: ErrorCode,
    message?: string,
    readonly fields?: Record<string, FieldErrorCode[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultMessages[errorCode] ?? errorCode);
    this.statusCode = ERROR_CODES[errorCode];
  }
}

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'The request is not valid.',
  NOT_AUTHENTICATED: 'Not Autenticated!!!',
  INVALID_CREDENTIALS: 'Login or password is not correct.',
  FORBIDDEN: 'Not allowed.',
  CSRF_FAILED: 'Missing or wrong X-XSRF-TOKEN header.',
  NOT_FOUND: 'Not found.',
  TOO_MANY_REQUESTS: 'Too many requests; try again later.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 64 KiB.',
  INTERNAL_ERROR: 'Something went wrong on the server.',
};

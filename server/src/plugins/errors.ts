import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { fieldErrorsFromZod } from '@club/contract/errors';
import type { FieldErrorCode } from '@club/contract/errors';
import { ApiError } from '../lib/api-error.ts';

function send(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  const body: Record<string, unknown> = { errorCode: error.errorCode, message: error.message };
  if (error.fields && Object.keys(error.fields).length > 0) body.fields = error.fields;
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Maps every failure to the contract's error body; nothing internal ever reaches a client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | ZodError, request, reply) => {
    if (err instanceof ApiError) return send(reply, err);
    if (err instanceof ZodError) {
      return send(reply, new ApiError('VALIDATION_ERROR', undefined, fieldErrorsFromZod(err)));
    }
    const fastifyErr = err as FastifyError & { validation?: unknown[] };
    if (fastifyErr.validation) {
      return send(reply, new ApiError('VALIDATION_ERROR', undefined, fieldsFromValidation(fastifyErr)));
    }
    const status = fastifyErr.statusCode ?? 500;
    if (fastifyErr.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return send(reply, new ApiError('PAYLOAD_TOO_LARGE'));
    }
    if (status === 404) return send(reply, new ApiError('NOT_FOUND'));
    if (status === 429) return send(reply, new ApiError('TOO_MANY_REQUESTS'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a poisoned key, a wrong content type: the client's fault, said plainly.
      return send(reply, new ApiError('VALIDATION_ERROR', clientMessage(fastifyErr)));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, new ApiError('INTERNAL_ERROR'));
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The body must be application/json.';
    default:
      if (err instanceof SyntaxError || /JSON|prototype|constructor/i.test(err.message)) {
        return 'The body is not valid JSON or holds a forbidden key.';
      }
      return 'The request is not valid.';
  }
}

function fieldsFromValidation(err: FastifyError & { validation?: unknown[] }): Record<string, FieldErrorCode[]> {
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof ZodError) return fieldErrorsFromZod(cause);
  const fields: Record<string, FieldErrorCode[]> = {};
  for (const item of err.validation ?? []) {
    const v = item as { instancePath?: string; params?: { issue?: { path?: PropertyKey[]; message?: string } } };
    const issue = v.params?.issue;
    const key = issue?.path?.map(String).join('.') || (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    const code = (issue?.message ?? 'unknown') as FieldErrorCode;
    (fields[key] ??= []).push(code);
  }
  return fields;
}

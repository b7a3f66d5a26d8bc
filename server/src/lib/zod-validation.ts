import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Validates bodies, queries and params with the contract's zod schemas and hands the ZodError
 * itself to the error handler, which turns it into the contract's field errors.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };

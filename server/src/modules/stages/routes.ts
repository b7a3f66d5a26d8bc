import type { FastifyInstance } from 'fastify';

/** Routes of the stages module (filled by its issue). */
export async function stagesRoutes(_app: FastifyInstance): Promise<void> {}

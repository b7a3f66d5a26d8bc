import type { FastifyInstance } from 'fastify';

/** Routes of the members module (filled by its issue). */
export async function membersRoutes(_app: FastifyInstance): Promise<void> {}

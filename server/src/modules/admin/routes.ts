import type { FastifyInstance } from 'fastify';

/** Routes of the admin module (filled by its issue). */
export async function adminRoutes(_app: FastifyInstance): Promise<void> {}

import type { FastifyInstance } from 'fastify';

/** Routes of the auth module (filled by its issue). */
export async function authRoutes(_app: FastifyInstance): Promise<void> {}

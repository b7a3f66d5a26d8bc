import type { FastifyInstance } from 'fastify';

/** Routes of the contact module (filled by its issue). */
export async function contactRoutes(_app: FastifyInstance): Promise<void> {}

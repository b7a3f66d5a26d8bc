import type { FastifyInstance } from 'fastify';

/** Routes of the events module (filled by its issue). */
export async function eventsRoutes(_app: FastifyInstance): Promise<void> {}

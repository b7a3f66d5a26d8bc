import type { FastifyInstance } from 'fastify';

/** Registers every resource module's routes; each module adds itself here. */
export async function moduleRoutes(_app: FastifyInstance): Promise<void> {}

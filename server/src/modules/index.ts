import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.ts';
import { membersRoutes } from './members/routes.ts';
import { eventsRoutes } from './events/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { stagesRoutes } from './stages/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { libraryRoutes } from './library/index.ts';
import { trainingRoutes } from './training/index.ts';

/** Registers every resource module's routes. */
export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(membersRoutes);
  await app.register(eventsRoutes);
  await app.register(contactRoutes);
  await app.register(stagesRoutes);
  await app.register(adminRoutes);
  await app.register(libraryRoutes);
  await app.register(trainingRoutes);
}

import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/index.ts';
import { membersRoutes } from './members/index.ts';
import { eventsRoutes } from './events/index.ts';
import { contactRoutes } from './contact/index.ts';
import { stagesRoutes } from './stages/index.ts';
import { adminRoutes } from './admin/index.ts';
import { libraryRoutes } from './library/index.ts';
import { trainingRoutes } from './training/index.ts';
import { contentRoutes } from './content/index.ts';

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
  await app.register(contentRoutes);
}

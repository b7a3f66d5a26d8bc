import type { FastifyInstance } from 'fastify';
// Routes are registered here and nowhere else: a module's index.ts never exports its routes, so
// importing a module for what it offers never pulls in routes, the auth plugin or their imports.
import { authRoutes } from './auth/routes.ts';
import { membersRoutes } from './members/routes.ts';
import { eventsRoutes } from './events/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { stagesRoutes } from './stages/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { libraryRoutes } from './library/routes.ts';
import { trainingRoutes } from './training/routes.ts';
import { matchesRoutes } from './matches/routes.ts';
import { paymentsRoutes } from './payments/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { authHooks } from './auth/index.ts';
import { eventsHooks } from './events/index.ts';
import { trainingHooks } from './training/index.ts';
import { stagesHooks } from './stages/index.ts';
import { contactHooks } from './contact/index.ts';
import { paymentsHooks } from './payments/index.ts';
import { matchesHooks } from './matches/index.ts';
import { contentHooks } from './content/index.ts';

export { healthRoutes } from './health/routes.ts';
export { memberOfToken } from './auth/index.ts';
export { contentPages } from './content/index.ts';
export { calendarPages } from './events/index.ts';
export { resultsPages } from './matches/index.ts';

/** Lets every module register on the others' hooks (lib/hooks.ts), then registers every resource module's routes. */
export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  const { hooks } = app.ctx;
  // In this order a deleted member's sessions end first, then their registrations are cancelled
  // and unlinked, then their training, stages and messages go, and
  // their name leaves the club's content they changed.
  authHooks(hooks);
  eventsHooks(hooks);
  trainingHooks(hooks);
  stagesHooks(hooks);
  contactHooks(hooks);
  paymentsHooks(hooks);
  matchesHooks(hooks);
  contentHooks(hooks);
  await app.register(authRoutes);
  await app.register(membersRoutes);
  await app.register(eventsRoutes);
  await app.register(contactRoutes);
  await app.register(stagesRoutes);
  await app.register(adminRoutes);
  await app.register(libraryRoutes);
  await app.register(trainingRoutes);
  await app.register(matchesRoutes);
  await app.register(paymentsRoutes);
  await app.register(contentRoutes);
}

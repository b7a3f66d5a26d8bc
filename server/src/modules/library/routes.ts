import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../../plugins/auth.ts';
import { libraryParamsSchema, libraryStageBodySchema } from '@club/contract/library';
import {
  listLibraryStages,
  publishLibraryStage,
  readLibraryStage,
  removeLibraryStage,
  replaceLibraryStage,
} from './service.ts';

/** The club's stage library (API.md "Calls of the second round"): anyone reads, staff write. */
export async function libraryRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;

  app.get('/api/library/stages/', async () => listLibraryStages(db.kysely));

  app.post(
    '/api/library/stages/',
    { ...staffOnly, schema: { body: libraryStageBodySchema } },
    async (request, reply) => {
      const { member } = await request.requireStaff();
      return reply.code(201).send(await publishLibraryStage(db.kysely, member.id, request.body, clock.now()));
    },
  );

  app.get('/api/library/stages/:id/', { schema: { params: libraryParamsSchema } }, async (request) =>
    readLibraryStage(db.kysely, request.params.id),
  );

  app.put(
    '/api/library/stages/:id/',
    { ...staffOnly, schema: { params: libraryParamsSchema, body: libraryStageBodySchema } },
    async (request) => replaceLibraryStage(db.kysely, request.params.id, request.body, clock.now()),
  );

  app.delete(
    '/api/library/stages/:id/',
    { ...staffOnly, schema: { params: libraryParamsSchema } },
    async (request, reply) => {
      await removeLibraryStage(db.kysely, request.params.id);
      return reply.code(204).send();
    },
  );
}

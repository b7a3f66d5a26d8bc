import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stageSaveBodySchema } from '@club/contract/stage';
import { memberOnly } from '../../plugins/auth.ts';
import { requireVerifiedEmail } from '../members/index.ts';
import { createStage, listStages, readStage, removeStage, replaceStage } from './service.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(100) });

/** Stages kept on the server (API.md "Calls beyond SPEC"): members write, public ones anyone reads. */
export async function stagesRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;
  app.get('/api/stages/', memberOnly, async (request) => {
    const { member } = await request.requireMember();
    return listStages(db.kysely, member.id);
  });

  app.post('/api/stages/', { ...memberOnly, schema: { body: stageSaveBodySchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    requireVerifiedEmail(member);
    const stage = await createStage(db.kysely, member.id, request.body, clock.now());
    return reply.code(201).send(stage);
  });

  app.get('/api/stages/:id/', { schema: { params: paramsSchema } }, async (request) => {
    const auth = await request.authenticate();
    return readStage(db.kysely, request.params.id, auth?.member.id ?? null);
  });

  app.put(
    '/api/stages/:id/',
    { ...memberOnly, schema: { params: paramsSchema, body: stageSaveBodySchema } },
    async (request) => {
      const { member } = await request.requireMember();
      requireVerifiedEmail(member);
      return replaceStage(db.kysely, request.params.id, member.id, request.body, clock.now());
    },
  );

  app.delete('/api/stages/:id/', { ...memberOnly, schema: { params: paramsSchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    await removeStage(db.kysely, request.params.id, member.id);
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stageSaveBodySchema } from '@club/contract/stage';
import type { StageSaveBody } from '@club/contract/stage';
import { memberOnly } from '../../plugins/auth.ts';
import { createStage, listStages, readStage, removeStage, replaceStage } from './service.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(100) });
type Params = z.infer<typeof paramsSchema>;

/** Stages kept on the server (API.md "Calls beyond SPEC"): members write, public ones anyone reads. */
export async function stagesRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.ctx;
  app.get('/api/stages/', memberOnly, async (request) => {
    const { member } = await request.requireMember();
    return listStages(db.kysely, member.id);
  });

  app.post<{ Body: StageSaveBody }>('/api/stages/', { ...memberOnly, schema: { body: stageSaveBodySchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    const stage = await createStage(db.kysely, member.id, request.body, clock.now());
    return reply.code(201).send(stage);
  });

  app.get<{ Params: Params }>('/api/stages/:id/', { schema: { params: paramsSchema } }, async (request) => {
    const auth = await request.authenticate();
    return readStage(db.kysely, request.params.id, auth?.member.id ?? null);
  });

  app.put<{ Params: Params; Body: StageSaveBody }>(
    '/api/stages/:id/',
    { ...memberOnly, schema: { params: paramsSchema, body: stageSaveBodySchema } },
    async (request) => {
      const { member } = await request.requireMember();
      return replaceStage(db.kysely, request.params.id, member.id, request.body, clock.now());
    },
  );

  app.delete<{ Params: Params }>('/api/stages/:id/', { ...memberOnly, schema: { params: paramsSchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    await removeStage(db.kysely, request.params.id, member.id);
    return reply.code(204).send();
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { libraryParamsSchema, trainingBodySchema } from '@club/contract/library';
import type { TrainingBody } from '@club/contract/library';
import { keepSession, readTrainingLog, removeSession } from './service.ts';

type Params = { id: string };

/** The member's training log (API.md "Calls of the second round"): only its owner reads or writes it. */
export async function trainingRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.ctx;
  const signedIn = { onRequest: async (request: FastifyRequest) => void (await request.requireMember()) };

  app.get('/api/training/', async (request) => {
    const { member } = await request.requireMember();
    return readTrainingLog(db.kysely, member.id, clock.now(), config.clubTimezone);
  });

  app.post<{ Body: TrainingBody }>('/api/training/', { ...signedIn, schema: { body: trainingBodySchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    const session = await keepSession(db.kysely, member.id, request.body, clock.now(), config.clubTimezone);
    return reply.code(201).send(session);
  });

  app.delete<{ Params: Params }>('/api/training/:id/', { ...signedIn, schema: { params: libraryParamsSchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    await removeSession(db.kysely, request.params.id, member.id);
    return reply.code(204).send();
  });
}

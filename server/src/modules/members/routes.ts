import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteAccountBodySchema, registerBodySchema, updateUserBodySchema } from '@club/contract/forms';
import type { DeleteAccountBody, UpdateUserBody } from '@club/contract/forms';
import { uuidField } from '@club/contract/text';
import { languageFromHeader } from '../auth/mails.ts';
import { parsePasswordBody } from '../auth/password-body.ts';
import { deleteOwnAccount, exportOwnData, register, updateOwnProfile } from './service.ts';

const memberParamsSchema = z.object({ uuid: uuidField });
type MemberParams = z.infer<typeof memberParamsSchema>;

// Runs before validation, so a caller without a session hears 401 whatever the body holds.
async function requireMember(request: FastifyRequest): Promise<void> {
  await request.requireMember();
}

/** Registration, the member's own profile, data export and account deletion. */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/registro/', async (request, reply) => {
    const body = parsePasswordBody(registerBodySchema, request.body, 'password');
    // The web client sends the page language, so mails reach the member in the language they used.
    const language = languageFromHeader(request.headers['accept-language']);
    const user = await register(app.ctx, body, { ip: request.ip, language });
    return reply.code(201).send(user);
  });

  app.put(
    '/api/registro/:uuid/',
    { preValidation: requireMember, schema: { params: memberParamsSchema, body: updateUserBodySchema } },
    async (request) => {
      const { member } = await request.requireMember();
      const { uuid } = request.params as MemberParams;
      return updateOwnProfile(app.ctx, member, uuid, request.body as UpdateUserBody);
    },
  );

  app.get(
    '/api/registro/:uuid/export/',
    { preValidation: requireMember, schema: { params: memberParamsSchema } },
    async (request, reply) => {
      const { member } = await request.requireMember();
      const { uuid } = request.params as MemberParams;
      const data = await exportOwnData(app.ctx, member, uuid);
      return reply
        .header('content-disposition', `attachment; filename="club-data-${member.id}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/registro/:uuid/',
    { preValidation: requireMember, schema: { params: memberParamsSchema, body: deleteAccountBodySchema } },
    async (request, reply) => {
      const { member } = await request.requireMember();
      const { uuid } = request.params as MemberParams;
      await deleteOwnAccount(app.ctx, member, uuid, (request.body as DeleteAccountBody).password);
      return reply.code(204).send();
    },
  );
}

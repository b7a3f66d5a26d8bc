import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import {
  changeEmailBodySchema,
  deleteAccountBodySchema,
  registerBodySchema,
  updateUserBodySchema,
  verifyEmailQuerySchema,
} from '@club/contract/forms';
import { uuidField } from '@club/contract/text';
import { languageFromHeader } from '../../lib/language.ts';
import { parsePasswordBody } from '../../lib/password-body.ts';
import { memberOnly } from '../../plugins/auth.ts';
import { deleteOwnAccount, exportOwnData, register, updateOwnProfile } from './service.ts';
import { requireSelf } from './verified.ts';
import { followAddressLink, requestEmailChange, sendVerificationAgain } from './verification.ts';
import { memberExportStream } from './export.ts';

const memberParamsSchema = z.object({ uuid: uuidField });

/** Registration, the member's own profile, data export and account deletion. */
export async function membersRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post('/api/registro/', async (request, reply) => {
    const body = parsePasswordBody(registerBodySchema, request.body, 'password');
    // The web client sends the page language, so mails reach the member in the language they used.
    const language = languageFromHeader(request.headers['accept-language']);
    const user = await register(app.ctx, request.log, body, { ip: request.ip, language });
    return reply.code(201).send(user);
  });

  app.put(
    '/api/registro/:uuid/',
    { ...memberOnly, schema: { params: memberParamsSchema, body: updateUserBodySchema } },
    async (request) => {
      const { member } = await request.requireMember();
      const { uuid } = request.params;
      return updateOwnProfile(app.ctx, member, uuid, request.body);
    },
  );

  app.get(
    '/api/registro/:uuid/export/',
    { ...memberOnly, schema: { params: memberParamsSchema } },
    async (request, reply) => {
      const { member } = await request.requireMember();
      const { uuid } = request.params;
      // Streamed: written as it is read, a page of each list at a time, in writes of about
      // 64 KiB, so a member who keeps much costs the server one page of memory, not the export.
      const body = memberExportStream(exportOwnData(app.ctx, member, uuid));
      return reply
        .header('content-disposition', `attachment; filename="club-data-${member.id}.json"`)
        .type('application/json; charset=utf-8')
        .send(body);
    },
  );

  app.delete(
    '/api/registro/:uuid/',
    { ...memberOnly, schema: { params: memberParamsSchema, body: deleteAccountBodySchema } },
    async (request, reply) => {
      const { member } = await request.requireMember();
      const { uuid } = request.params;
      await deleteOwnAccount(app.ctx, member, uuid, (request.body).password);
      return reply.code(204).send();
    },
  );

  app.get('/api/registro/verify/', { schema: { querystring: verifyEmailQuerySchema } }, async (request) => {
    return followAddressLink(app.ctx, request.query);
  });

  app.post('/api/registro/verify/', memberOnly, async (request, reply) => {
    const { member } = await request.requireMember();
    await sendVerificationAgain(app.ctx, request.log, member);
    return reply.code(202).send({});
  });

  app.put(
    '/api/registro/:uuid/email/',
    { ...memberOnly, schema: { params: memberParamsSchema, body: changeEmailBodySchema } },
    async (request, reply) => {
      const { member } = await request.requireMember();
      requireSelf(member, request.params.uuid);
      await requestEmailChange(app.ctx, request.log, member, request.body);
      return reply.code(202).send({});
    },
  );
}

import { Readable } from 'node:stream';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { clubToday } from '@club/contract/club-time';
import {
  clubSettingsBodySchema,
  membershipQuerySchema,
  paymentBodySchema,
  paymentsQuerySchema,
  voidPaymentBodySchema,
} from '@club/contract/payments';
import { uuidField } from '@club/contract/text';
import { keptBody, sendKept } from '../../lib/kept-bodies.ts';
import { memberOnly, staffOnly } from '../../plugins/auth.ts';
import { requireSelf } from '../members/index.ts';
import { paymentsCsvChunks } from './csv.ts';
import { DUES_NOTICE_JOB, LICENCE_NOTICE_JOB, PACK_NOTICE_JOB, duesNoticeHandler, licenceNoticeHandler, packNoticeHandler } from './notices.ts';
import {
  getSettings,
  ledgerPeriod,
  listPayments,
  membershipOf,
  needsAttention,
  paymentPages,
  putSettings,
  recordPayment,
  targetDimensions,
  toPayment,
  totalsPeriod,
  voidPayment,
} from './service.ts';

const memberParams = z.object({ uuid: uuidField });
const idParams = z.object({ id: z.string().max(64) });

function wantsCsv(accept: string | undefined): boolean {
  return typeof accept === 'string' && /(^|,)\s*text\/csv\b/i.test(accept);
}

/** Money and membership (API.md "Calls of the third round"). */
export async function paymentsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  ctx.jobs.handle(LICENCE_NOTICE_JOB, licenceNoticeHandler(ctx));
  ctx.jobs.handle(DUES_NOTICE_JOB, duesNoticeHandler(ctx));
  ctx.jobs.handle(PACK_NOTICE_JOB, packNoticeHandler(ctx));

  app.get(
    '/api/registro/:uuid/membership',
    { ...memberOnly, schema: { params: memberParams } },
    async (request) => {
      const { member } = await request.requireMember();
      requireSelf(member, request.params.uuid);
      return membershipOf(ctx, member);
    },
  );

  app.get(
    '/api/admin/payments',
    { ...staffOnly, schema: { querystring: paymentsQuerySchema } },
    async (request, reply) => {
      await request.requireStaff();
      if (wantsCsv(request.headers.accept)) {
        const { from, to } = ledgerPeriod(ctx, request.query);
        const name = `pagos-${from}-${to}.csv`.replace(/[^A-Za-z0-9._-]/g, '');
        // Written as it is read, a page of rows at a time (a year is ~50,000 rows): the server's
        // memory stays flat and the first bytes leave at once. The stream pulls the next page only
        // when the client has taken the last one.
        const body = Readable.from(paymentsCsvChunks(paymentPages(ctx, request.query), ctx.config.clubTimezone), {
          objectMode: false,
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(body);
      }
      // Staff open the month again and again: kept until a payment or a member's name changes.
      const { payments, sessions } = await request.versions();
      const period = ledgerPeriod(ctx, request.query);
      const key = JSON.stringify([period, request.query.concept, request.query.personUuid, request.query.voided]);
      const version = payments === '' || sessions === '' ? '' : `${payments}.${sessions}`;
      const body = await keptBody(ctx, 'payments ledger', key, version, 50, async () =>
        (await listPayments(ctx, request.query)).map(toPayment),
      );
      return sendKept(request, reply, body);
    },
  );

  app.post('/api/admin/payments', { ...staffOnly, schema: { body: paymentBodySchema } }, async (request, reply) => {
    const { member } = await request.requireStaff();
    return reply.code(201).send(await recordPayment(ctx, member, request.body));
  });

  app.post(
    '/api/admin/payments/:id/void',
    { ...staffOnly, schema: { params: idParams, body: voidPaymentBodySchema } },
    async (request) => {
      const { member } = await request.requireStaff();
      return voidPayment(ctx, member, request.params.id, request.body.reason);
    },
  );

  app.get(
    '/api/admin/membership',
    { ...staffOnly, schema: { querystring: membershipQuerySchema } },
    async (request, reply) => {
      await request.requireStaff();
      const { payments, sessions } = await request.versions();
      const today = clubToday(ctx.clock.now(), ctx.config.clubTimezone);
      const period = totalsPeriod(ctx, request.query);
      const version = payments === '' || sessions === '' ? '' : `${payments}.${sessions}`;
      const body = await keptBody(ctx, 'needs attention', JSON.stringify([today, period]), version, 20, () =>
        needsAttention(ctx, request.query),
      );
      return sendKept(request, reply, body);
    },
  );

  app.get('/api/admin/settings', { ...staffOnly }, async (request) => {
    await request.requireStaff();
    return getSettings(ctx);
  });

  app.put('/api/admin/settings', { ...staffOnly, schema: { body: clubSettingsBodySchema } }, async (request) => {
    const { member } = await request.requireStaff();
    return putSettings(ctx, member, request.body);
  });

  // The club's target sizes, for anyone's dry-training screen (the laser's real-size figures):
  // read from the settings row; nothing personal in it.
  app.get('/api/target-dimensions/', async () => targetDimensions(ctx));
}

import type { FastifyBaseLogger } from 'fastify';
import type { RegisterBody, UpdateUserBody } from '@club/contract/forms';
import type { User } from '@club/contract/schemas';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf } from '../../lib/ids.ts';
import { clubWallTime } from '@club/contract/club-time';
import { withWriteTransaction } from '../../db/transaction.ts';
import { checkCurrentPassword } from './credentials.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { createMember } from './create.ts';
import { findMemberById, toUser, updateProfile } from './repository.ts';
import type { MemberRow } from '../../db/schema.ts';
import { deleteMemberData, memberExportChunks } from './export.ts';
import { queueAddressLink } from './verification.ts';
import { requireSelf } from './verified.ts';

const HOUR = 3_600_000;

/**
 * Registers a new member (API.md POST /api/registro/), throttled per client. The address is
 * unverified until the mailed link is followed; a member number given is only a claim.
 */
export async function register(
  ctx: AppContext,
  log: FastifyBaseLogger,
  body: RegisterBody,
  client: { ip: string; language?: string },
): Promise<User> {
  const limits = ctx.config.rateLimits;
  // Counted before the uniqueness check too, so LOGIN_TAKEN / EMAIL_TAKEN cannot be swept.
  await consumeRateLimit(ctx.db.kysely, ctx.clock, limits.enabled, {
    key: `register:ip:${client.ip}`,
    limit: limits.register,
    windowMs: HOUR,
  });
  const user = await createMember(
    ctx.db.kysely,
    {
      login: body.login,
      password: body.password,
      email: body.email,
      nombre: body.nombre,
      apellidos: body.apellidos,
      mobil: body.mobil,
      nacimiento: body.nacimiento,
      sexo: body.sexo,
      socioSolicitado: body.socio ?? null,
      division: body.division ?? null,
      factor: body.factor ?? null,
      language: client.language,
      emailVerified: false,
    },
    ctx.clock.now(),
  );
  await queueAddressLink(ctx, { id: user.uuid, nombre: user.nombre, language: client.language ?? 'es' }, user.email, 'verify');
  return user;
}

/** Changes the member's own mobile, birth date, sex, division, factor, reminders and mail language; nothing else. */
export async function updateOwnProfile(ctx: AppContext, member: MemberRow, uuid: string, body: UpdateUserBody): Promise<User> {
  requireSelf(member, uuid, body.uuid);
  await updateProfile(
    ctx.db.kysely,
    member.id,
    {
      mobil: body.mobil,
      nacimiento: body.nacimiento,
      sexo: body.sexo,
      division: body.division,
      factor: body.factor,
      recordatorios: body.recordatorios,
      language: body.idioma,
    },
    isoOf(ctx.clock.now()),
  );
  const updated = await findMemberById(ctx.db.kysely, member.id);
  if (!updated) throw new ApiError('NOT_FOUND');
  return toUser(updated);
}

/** Everything the club holds on the member. */
export function exportOwnData(ctx: AppContext, member: MemberRow, uuid: string): AsyncGenerator<string> {
  requireSelf(member, uuid);
  return memberExportChunks(ctx, ctx.db.kysely, member);
}

/** Deletes the member's account after checking the password; registrations stay, anonymised. */
export async function deleteOwnAccount(ctx: AppContext, member: MemberRow, uuid: string, password: string): Promise<void> {
  requireSelf(member, uuid);
  await checkCurrentPassword(ctx, member, password, 'The password is not correct.');
  const now = ctx.clock.now();
  const nowLocal = clubWallTime(now, ctx.config.clubTimezone);
  await withWriteTransaction(ctx.db, (trx) => deleteMemberData(ctx, trx, member, isoOf(now), nowLocal));
  // Seats the deletion freed may have gone to members in line: their mails are queued.
  ctx.jobs.kick();
}

import type { AdminUserUpdateBody, QueuedMail, User } from '@club/contract/schemas';
import type { AppContext } from '../../context.ts';
import type { MembersTable } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isoOf } from '../../lib/ids.ts';
import type { MemberRow } from '../members/index.ts';
import {
  booleanColumns,
  booleansOf,
  findMemberById,
  findSocioHolder,
  papersDecisionMail,
  searchMembers,
  toUser,
  updateMemberRecord,
} from '../members/index.ts';
import type { Papers } from '../members/index.ts';
import { memberRegistrations } from '../events/index.ts';
import type { MemberRegistration } from '../events/index.ts';
import { planLicenceNotices } from '../payments/index.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { enqueueMail, findMailJobs, retryFailedMail } from '../../jobs/queue.ts';
import { mailLanguageOf } from '../../lib/language.ts';

export const USER_SEARCH_LIMIT = 50;

/** Members matching `q`; with `claimsOnly`, those whose member-number claim waits for staff. */
export async function searchUsers(ctx: AppContext, q: string, claimsOnly = false): Promise<User[]> {
  const rows = await searchMembers(ctx.db.kysely, ctx.db.dialect, q, USER_SEARCH_LIMIT, claimsOnly);
  return rows.map(toUser);
}

function socioTaken(): ApiError {
  return new ApiError('SOCIO_TAKEN', 'Another member holds that member number.');
}

/** Sets what the club vouches for; a staff member cannot take away their own staff flag. */
export async function updateUserFlags(
  ctx: AppContext,
  caller: MemberRow,
  id: string,
  body: AdminUserUpdateBody,
): Promise<User> {
  if (id === caller.id && body.staff === false) {
    throw new ApiError('FORBIDDEN', 'You cannot remove your own staff flag; ask another staff member.');
  }
  const member = await findMemberById(ctx.db.kysely, id);
  if (!member) throw new ApiError('NOT_FOUND', 'No such user.');
  const changes: Partial<MembersTable> = booleanColumns(body);
  if (body.socio !== undefined) {
    changes.socio = body.socio;
    // Staff setting the number decides the claim, whichever number they set.
    changes.socio_solicitado = null;
    if (body.socio !== null && (await findSocioHolder(ctx.db.kysely, body.socio, id))) throw socioTaken();
  }
  if (body.socioSolicitado === null) changes.socio_solicitado = null;
  if (body.licencia !== undefined) changes.licencia = body.licencia;
  const licenceMoves = body.licenciaCaduca !== undefined && body.licenciaCaduca !== member.licencia_caduca;
  if (licenceMoves) changes.licencia_caduca = body.licenciaCaduca;
  if (Object.keys(changes).length > 0) {
    const now = ctx.clock.now();
    changes.updated_at = isoOf(now);
    try {
      // The member hears of the decision with the change itself: both or neither. A new licence
      // expiry date plans its mails in the same transaction.
      await withWriteTransaction(ctx.db, async (trx) => {
        await updateMemberRecord(trx, id, changes);
        const after = papersOf({ ...member, ...changes });
        const mail = papersDecisionMail(mailLanguageOf(member.language), member.nombre, papersOf(member), after);
        if (mail) await enqueueMail(trx, now, { to: member.email, ...mail });
        if (licenceMoves) await planLicenceNotices(ctx, trx, id, body.licenciaCaduca ?? null);
      });
    } catch (err) {
      // Two staff giving one number at once: the unique index decides.
      if (isUniqueViolation(err)) throw socioTaken();
      throw err;
    }
    ctx.jobs.kick();
  }
  const updated = await findMemberById(ctx.db.kysely, id);
  if (!updated) throw new ApiError('NOT_FOUND', 'No such user.');
  return toUser(updated);
}

function papersOf(row: MemberRow): Papers {
  return {
    socio: row.socio,
    socioSolicitado: row.socio_solicitado,
    licencia: row.licencia,
    flags: booleansOf(row),
  };
}

export async function userRegistrations(ctx: AppContext, id: string): Promise<MemberRegistration[]> {
  const member = await findMemberById(ctx.db.kysely, id);
  if (!member) throw new ApiError('NOT_FOUND', 'No such user.');
  return memberRegistrations(ctx.db.kysely, id);
}

const MAIL_LIST_LIMIT = 200;

/** Mails of the delivery queue in a state, newest first (API.md: GET /api/admin/mail/). */
export async function listMail(ctx: AppContext, status: 'failed' | 'pending'): Promise<QueuedMail[]> {
  const rows = await findMailJobs(ctx.db.kysely, status, MAIL_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.mail_to ?? '',
    subject: row.subject ?? '',
    tries: row.tries,
    lastError: row.last_error,
    createdAt: row.created_at,
  }));
}

/** Puts a failed mail back in the queue for another round of tries. */
export async function retryMail(ctx: AppContext, id: string): Promise<void> {
  if (!(await retryFailedMail(ctx.db.kysely, id, ctx.clock.now()))) {
    throw new ApiError('NOT_FOUND', 'No failed mail with that id.');
  }
  ctx.jobs.kick();
}

import type { AdminMessageUpdateBody, AdminUserUpdateBody, ContactMessage, QueuedMail, User } from '@club/contract/schemas';
import type { AppContext } from '../../context.ts';
import type { MembersTable } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isoOf } from '../../lib/ids.ts';
import type { MemberRow } from '../members/index.ts';
import { booleanColumns, booleansOf, papersDecisionMail, toUser } from '../members/index.ts';
import type { Papers } from '../members/index.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { enqueueMail, findMailJobs, retryFailedMail } from '../../jobs/queue.ts';
import { mailLanguageOf } from '../../lib/language.ts';
import {
  findMember,
  findMemberRegistrations,
  findSocioHolder,
  listContactMessages,
  searchMembers,
  updateMessageFlags,
  updateMember,
} from './repository.ts';
import type { ContactMessageRow } from './repository.ts';

export const USER_SEARCH_LIMIT = 50;
const MESSAGES_LIMIT = 500;

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
  const member = await findMember(ctx.db.kysely, id);
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
  if (Object.keys(changes).length > 0) {
    const now = ctx.clock.now();
    changes.updated_at = isoOf(now);
    try {
      // The member hears of the decision with the change itself: both or neither.
      await withWriteTransaction(ctx.db, async (trx) => {
        await updateMember(trx, id, changes);
        const after = papersOf({ ...member, ...changes });
        const mail = papersDecisionMail(mailLanguageOf(member.language), member.nombre, papersOf(member), after);
        if (mail) await enqueueMail(trx, now, { to: member.email, ...mail });
      });
    } catch (err) {
      // Two staff giving one number at once: the unique index decides.
      if (isUniqueViolation(err)) throw socioTaken();
      throw err;
    }
    ctx.jobs.kick();
  }
  const updated = await findMember(ctx.db.kysely, id);
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

/** One registration of a member, for the staff member screen (beyond API.md). */
export interface MemberRegistration {
  eventUuid: string;
  evento: string;
  type: number;
  start: string;
  end: string;
  roleId: number;
  status: number;
  categoria: number | null;
  division: number | null;
  factor: number | null;
}

export async function userRegistrations(ctx: AppContext, id: string): Promise<MemberRegistration[]> {
  const member = await findMember(ctx.db.kysely, id);
  if (!member) throw new ApiError('NOT_FOUND', 'No such user.');
  const rows = await findMemberRegistrations(ctx.db.kysely, id);
  return rows.map((row) => ({
    eventUuid: row.event_id,
    evento: row.evento,
    type: row.type,
    start: row.start_at,
    end: row.end_at,
    roleId: row.role_id,
    status: row.status,
    categoria: row.categoria,
    division: row.division,
    factor: row.factor,
  }));
}

function toMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    read: Boolean(row.read),
    archivedAt: row.archived_at,
  };
}

/** The active contact messages, or the archived ones, newest first. */
export async function listMessages(ctx: AppContext, archived = false): Promise<ContactMessage[]> {
  return (await listContactMessages(ctx.db.kysely, MESSAGES_LIMIT, archived)).map(toMessage);
}

/** Marks a message read or unread, archives it (now) or takes it back to the active list. */
export async function updateMessage(
  ctx: AppContext,
  id: string,
  body: AdminMessageUpdateBody,
): Promise<ContactMessage> {
  const row = await updateMessageFlags(ctx.db.kysely, id, {
    ...(body.read === undefined ? {} : { read: body.read ? 1 : 0 }),
    ...(body.archived === undefined ? {} : { archived_at: body.archived ? isoOf(ctx.clock.now()) : null }),
  });
  if (!row) throw new ApiError('NOT_FOUND', 'No such message.');
  return toMessage(row);
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

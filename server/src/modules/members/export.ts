import { sql } from 'kysely';
import type { User } from '@club/contract/schemas';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import type { AppContext } from '../../context.ts';
import { isoOf } from '../../lib/ids.ts';
import { MEMBER_DELETED } from './hooks.ts';
import { toUser } from './repository.ts';

/** The answer of GET /api/registro/{uuid}/export/: every record the club keeps on one member. */
export interface MemberExport {
  exportedAt: string;
  user: User;
  account: { language: string; createdAt: string; updatedAt: string; passwordChangedAt: string };
  registrations: Array<{
    uuid: string;
    event: { uuid: string; type: number; start: string; end: string; evento: string };
    roleId: number;
    status: number;
    categoria: number | null;
    division: number | null;
    factor: number | null;
    createdAt: string;
    updatedAt: string;
  }>;
  stages: Array<{ id: string; name: string; public: boolean; createdAt: string; updatedAt: string; stage: unknown }>;
  sessions: Array<{ rememberMe: boolean; createdAt: string; expiresAt: string; revokedAt: string | null }>;
  passwordResets: Array<{ createdAt: string; expiresAt: string; usedAt: string | null }>;
  contactMessages: Array<{ name: string; email: string; subject: string; message: string; createdAt: string }>;
  training: Array<{
    id: string;
    stageId: string | null;
    libraryStageId: string | null;
    stageName: string | null;
    startedAt: string;
    parMs: number | null;
    powerFactor: string;
    reps: unknown;
    createdAt: string;
  }>;
}

function parseStage(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    // A stored stage that is not JSON is still the member's data: hand it over as it is.
    return data;
  }
}

/**
 * Lets other requests in between the export's reads: on SQLite each read runs on the event loop,
 * and the seven of a large export (hundreds of registrations and stages) would otherwise run
 * back to back while everyone else's calls wait.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Collects the member's row, registrations, stages, sessions (never their secrets), resets and messages. */
export async function collectMemberData(db: Executor, member: MemberRow, now: Date): Promise<MemberExport> {
  const registrations = await db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'registrations.id',
      'registrations.role_id',
      'registrations.status',
      'registrations.categoria',
      'registrations.division',
      'registrations.factor',
      'registrations.created_at',
      'registrations.updated_at',
      'events.id as event_id',
      'events.type',
      'events.start_at',
      'events.end_at',
      'events.evento',
    ])
    .where('registrations.member_id', '=', member.id)
    .orderBy('events.start_at')
    .execute();
  await nextTurn();
  const stages = await db
    .selectFrom('stages')
    .selectAll()
    .where('owner_id', '=', member.id)
    .orderBy('created_at')
    .execute();
  await nextTurn();
  const sessions = await db
    .selectFrom('tokens')
    .select(['remember', 'created_at', 'expires_at', 'revoked_at'])
    .where('member_id', '=', member.id)
    .orderBy('created_at')
    .execute();
  await nextTurn();
  const resets = await db
    .selectFrom('password_resets')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('member_id', '=', member.id)
    .orderBy('created_at')
    .execute();
  // Contact messages carry no member id; the ones sent from the member's address are theirs,
  // once the address is known to be theirs: anyone can register with someone else's address.
  await nextTurn();
  const messages = member.email_verified
    ? await db
        .selectFrom('contact_messages')
        .select(['name', 'email', 'subject', 'message', 'created_at'])
        .where(sql<string>`lower(email)`, '=', member.email_key)
        .orderBy('created_at')
        .execute()
    : [];
  await nextTurn();
  const training = await db
    .selectFrom('training_sessions')
    .selectAll()
    .where('member_id', '=', member.id)
    .orderBy('started_at')
    .execute();
  await nextTurn();
  return {
    exportedAt: isoOf(now),
    user: toUser(member),
    account: {
      language: member.language,
      createdAt: member.created_at,
      updatedAt: member.updated_at,
      passwordChangedAt: member.password_changed_at,
    },
    registrations: registrations.map((r) => ({
      uuid: r.id,
      event: { uuid: r.event_id, type: r.type, start: r.start_at, end: r.end_at, evento: r.evento },
      roleId: r.role_id,
      status: r.status,
      categoria: r.categoria,
      division: r.division,
      factor: r.factor,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    stages: stages.map((s) => ({
      id: s.id,
      name: s.name,
      public: Boolean(s.public),
      createdAt: s.created_at,
      updatedAt: s.updated_at,
      stage: parseStage(s.data),
    })),
    sessions: sessions.map((t) => ({
      rememberMe: Boolean(t.remember),
      createdAt: t.created_at,
      expiresAt: t.expires_at,
      revokedAt: t.revoked_at,
    })),
    passwordResets: resets.map((r) => ({ createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at })),
    contactMessages: messages.map((m) => ({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      createdAt: m.created_at,
    })),
    training: training.map((t) => ({
      id: t.id,
      stageId: t.stage_id,
      libraryStageId: t.library_stage_id,
      stageName: t.stage_name,
      startedAt: t.started_at,
      parMs: t.par_ms,
      powerFactor: t.power_factor,
      reps: parseStage(t.reps),
      createdAt: t.created_at,
    })),
  };
}

/**
 * Deletes a member: sessions revoked and removed, registrations for events still to come
 * cancelled (their seats freed), every registration kept for the club's records with no link to
 * the person, own stages, reset links and (from a verified address) contact messages deleted,
 * then the member row.
 */
export async function deleteMemberData(
  ctx: AppContext,
  db: Executor,
  member: MemberRow,
  now: string,
  nowLocal: string,
): Promise<void> {
  const memberId = member.id;
  // Revoked first so that a token read by a concurrent request is already dead.
  await db.updateTable('tokens').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
  await db.deleteFrom('tokens').where('member_id', '=', memberId).execute();
  for (const deleted of ctx.hooks.all(MEMBER_DELETED)) await deleted(ctx, db, { member, now, nowLocal });
  await db
    .updateTable('registrations')
    .set({ member_id: null, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
  await db.deleteFrom('training_sessions').where('member_id', '=', memberId).execute();
  await db.deleteFrom('stages').where('owner_id', '=', memberId).execute();
  await db.deleteFrom('password_resets').where('member_id', '=', memberId).execute();
  if (member.email_verified) {
    // The messages sent from a verified address go with the account, as its export showed them.
    await db.deleteFrom('contact_messages').where(sql<string>`lower(email)`, '=', member.email_key).execute();
  }
  await db.deleteFrom('members').where('id', '=', memberId).execute();
}

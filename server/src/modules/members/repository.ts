import type { Division, Factor, Sexo } from '@club/contract/enums';
import type { User } from '@club/contract/schemas';
import { fullName } from '@club/contract/person';
import { mailLanguageOf } from '../../lib/language.ts';
import type { EmailVerificationsTable, MemberRow } from '../../db/schema.ts';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import { BOOLEAN_COLUMNS, booleansOf } from './flags.ts';

/** The columns a User is made of: a list of members reads these and no others (never the password hash). */
export const USER_COLUMNS = [
  'id',
  'login',
  'nombre',
  'apellidos',
  'email',
  'nacimiento',
  'mobil',
  'sexo',
  'socio',
  'division',
  'factor',
  'licencia',
  ...Object.values(BOOLEAN_COLUMNS),
  'recordatorios',
  'language',
  'email_verified',
  'socio_solicitado',
  'licencia_caduca',
  'cuota_hasta',
  'bono_clases',
] as const satisfies readonly (keyof MemberRow)[];

/** What toUser needs of a member. */
export type UserRow = Pick<MemberRow, (typeof USER_COLUMNS)[number]>;

/** The member as API.md's User shape (never the password hash). */
export function toUser(row: UserRow): User {
  return {
    uuid: row.id,
    login: row.login,
    nombre: row.nombre,
    apellidos: row.apellidos,
    fullName: fullName({ nombre: row.nombre, apellidos: row.apellidos }),
    email: row.email,
    nacimiento: row.nacimiento,
    mobil: row.mobil,
    sexo: row.sexo,
    socio: row.socio,
    division: row.division,
    factor: row.factor,
    licencia: row.licencia,
    ...booleansOf(row),
    recordatorios: row.recordatorios !== 0,
    idioma: mailLanguageOf(row.language),
    emailVerificado: Boolean(row.email_verified),
    socioSolicitado: row.socio_solicitado,
    licenciaCaduca: row.licencia_caduca,
    cuotaHasta: row.cuota_hasta,
    bonoClases: row.bono_clases,
  };
}

/** Key under which logins and e-mails are unique: case and Unicode form do not matter. */
export const uniqueKey = (value: string): string => value.normalize('NFC').trim().toLowerCase();

/** True once the club has any member (the demo seed fills only an empty database). */
export async function anyMember(db: Executor): Promise<boolean> {
  return (await db.selectFrom('members').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The member with that id, or undefined. */
export function findMemberById(db: Executor, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member whose login matches, ignoring case and Unicode form. */
export function findMemberByLogin(db: Executor, login: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('login_key', '=', uniqueKey(login)).executeTakeFirst();
}

/** The member whose e-mail matches, ignoring case and Unicode form. */
export function findMemberByEmail(db: Executor, email: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('email_key', '=', uniqueKey(email)).executeTakeFirst();
}

/**
 * The member a sign-in names: by login, or by e-mail address when the name is one and no login
 * is spelt so (members remember one or the other). Two statements at most, for every name alike.
 */
export async function findMemberBySignInName(db: Executor, name: string): Promise<MemberRow | undefined> {
  const byLogin = await findMemberByLogin(db, name);
  if (byLogin || !name.includes('@')) return byLogin;
  return findMemberByEmail(db, name);
}

/** The fields a member may change about themselves (API.md: PUT /api/registro/{uuid}/). */
export interface ProfileChanges {
  mobil: string;
  nacimiento: string;
  sexo: Sexo;
  division?: Division | null;
  factor?: Factor | null;
  recordatorios?: boolean;
  language?: string;
}

/** Turns the member's event reminders on or off (the profile switch, or a mailed signed link). */
export async function setReminders(db: Executor, id: string, on: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ recordatorios: on ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes the member's own profile fields; nothing else of the row can change through here. */
export async function updateProfile(
  db: Executor,
  id: string,
  changes: ProfileChanges,
  now: string,
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      mobil: changes.mobil,
      nacimiento: changes.nacimiento,
      sexo: changes.sexo,
      // Absent keeps the stored choice; null clears it.
      ...(changes.division === undefined ? {} : { division: changes.division }),
      ...(changes.factor === undefined ? {} : { factor: changes.factor }),
      ...(changes.recordatorios === undefined ? {} : { recordatorios: changes.recordatorios ? 1 : 0 }),
      ...(changes.language === undefined ? {} : { language: changes.language }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Records the language the member's mails are written in. */
export async function updateLanguage(db: Executor, id: string, language: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ language })
    .where('id', '=', id)
    .where('language', '!=', language)
    .execute();
}

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;

/** Address links kept per member (only the newest works): older ones go, so resending cannot grow the table. */
export const VERIFICATIONS_KEPT = 20;

/** Stores a mailed address link by its hash; only the member's newest link works from now on. */
export async function insertEmailVerification(db: Executor, row: EmailVerificationRow): Promise<void> {
  await voidEmailVerifications(db, row.member_id, row.created_at);
  await db.insertInto('email_verifications').values(row).execute();
  await db
    .deleteFrom('email_verifications')
    .where('member_id', '=', row.member_id)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('email_verifications')
        .select('id')
        .where('member_id', '=', row.member_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(VERIFICATIONS_KEPT),
    )
    .execute();
}

export function findEmailVerification(db: Executor, id: string): Promise<EmailVerificationRow | undefined> {
  return db.selectFrom('email_verifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks every pending address link of the member used. */
export async function voidEmailVerifications(db: Executor, memberId: string, now: string): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks a link used; false when another call used it first (single use even under a race). */
export async function claimEmailVerification(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that the member controls `email` (the address they already had, or a new one). */
export async function setVerifiedEmail(
  db: Executor,
  memberId: string,
  email: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ email, email_key: uniqueKey(email), email_verified: 1, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** The member verified their address by another way (following a password-reset link). */
export async function markEmailVerified(db: Executor, memberId: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ email_verified: 1 })
    .where('id', '=', memberId)
    .where('email_verified', '=', 0)
    .execute();
}

/** Sets a new password hash (the auth module ends the member's sessions and reset links with it). */
export async function setPasswordHash(db: Executor, memberId: string, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('members')
    // The personal calendar address goes too (decision 0034): whoever knew the old password may
    // have read it; the member is given a new one the next time they ask.
    .set({
      password_hash: passwordHash,
      password_changed_at: now,
      updated_at: now,
      feed_nonce: null,
      feed_token_hash: null,
      feed_legacy_hash: null,
    })
    .where('id', '=', memberId)
    .execute();
}

/** Address, language and name of a member, for a mail. */
export function findMailee(
  db: Executor,
  memberId: string,
): Promise<{ id: string; email: string; language: string; nombre: string } | undefined> {
  return db.selectFrom('members').select(['id', 'email', 'language', 'nombre']).where('id', '=', memberId).executeTakeFirst();
}

/**
 * Records the nonce and hash of the member's first (or renewed) calendar secret, unless another
 * request changed the nonce since `previous` was read: the first write wins. Answers the nonce
 * the member holds after the call.
 */
export async function claimFeedNonce(
  db: Executor,
  memberId: string,
  previous: string | null,
  nonce: string,
  tokenHash: string,
): Promise<string | null> {
  await db
    .updateTable('members')
    .set({ feed_nonce: nonce, feed_token_hash: tokenHash })
    .where('id', '=', memberId)
    .where((eb) => (previous === null ? eb('feed_nonce', 'is', null) : eb('feed_nonce', '=', previous)))
    .execute();
  const stored = await db.selectFrom('members').select('feed_nonce').where('id', '=', memberId).executeTakeFirst();
  return stored?.feed_nonce ?? null;
}

/** Gives the member a new calendar secret's nonce and hash, forgetting the previous and any older one. */
export async function replaceFeedNonce(db: Executor, memberId: string, nonce: string, tokenHash: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ feed_nonce: nonce, feed_token_hash: tokenHash, feed_legacy_hash: null })
    .where('id', '=', memberId)
    .execute();
}

/** The member whose calendar secret (or one made before secrets were derived) has this hash. */
export function findMemberByFeedHash(db: Executor, hash: string): Promise<{ id: string; nombre: string } | undefined> {
  return db
    .selectFrom('members')
    .select(['id', 'nombre'])
    .where((eb) => eb.or([eb('feed_token_hash', '=', hash), eb('feed_legacy_hash', '=', hash)]))
    .executeTakeFirst();
}

/**
 * The member's standing as the payments module works it out from its ledger: the dues' end and
 * the classes left of their packs.
 */
export async function setStanding(db: Executor, memberId: string, cuotaHasta: string | null, bonoClases: number): Promise<void> {
  await db.updateTable('members').set({ cuota_hasta: cuotaHasta, bono_clases: bonoClases }).where('id', '=', memberId).execute();
}

/** Takes one class of the member's packs while one is left; false when none was. */
export async function takePackClass(db: Executor, memberId: string): Promise<{ left: number } | null> {
  const taken = await db
    .updateTable('members')
    .set({ bono_clases: sql<number>`bono_clases - 1` })
    .where('id', '=', memberId)
    .where('bono_clases', '>', 0)
    .returning('bono_clases')
    .executeTakeFirst();
  return taken ? { left: Number(taken.bono_clases) } : null;
}

/** Gives the member back one class of their packs. */
export async function returnPackClass(db: Executor, memberId: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ bono_clases: sql<number>`bono_clases + 1` })
    .where('id', '=', memberId)
    .execute();
}

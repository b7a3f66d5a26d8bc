import type { User } from '@club/contract/schemas';
import { fullName } from '@club/contract/person';
import { mailLanguageOf } from '../../lib/language.ts';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { booleansOf } from './flags.ts';

/** The member as API.md's User shape (never the password hash). */
export function toUser(row: MemberRow): User {
  return {
    uuid: row.id,
    login: row.login,
    nombre: row.nombre,
    apellidos: row.apellidos,
    fullName: fullName({ nombre: row.nombre, apellidos: row.apellidos }),
    email: row.email,
    nacimiento: row.nacimiento,
    mobil: row.mobil,
    sexo: row.sexo as User['sexo'],
    socio: row.socio,
    division: row.division as User['division'],
    factor: row.factor as User['factor'],
    licencia: row.licencia,
    ...booleansOf(row),
    recordatorios: row.recordatorios !== 0,
    idioma: mailLanguageOf(row.language),
  };
}

/** Key under which logins and e-mails are unique: case and Unicode form do not matter. */
export const uniqueKey = (value: string): string => value.normalize('NFC').trim().toLowerCase();

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

/** The fields a member may change about themselves (API.md: PUT /api/registro/{uuid}/). */
export interface ProfileChanges {
  mobil: string;
  nacimiento: string;
  sexo: number;
  division?: number | null;
  factor?: number | null;
  recordatorios?: boolean;
  language?: string;
}

/** Writes the member's own profile fields; nothing else of the row can change through here. */
export async function updateProfile(db: Executor, id: string, changes: ProfileChanges, now: string): Promise<void> {
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
  await db.updateTable('members').set({ language }).where('id', '=', id).where('language', '!=', language).execute();
}

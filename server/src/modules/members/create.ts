import type { Kysely } from 'kysely';
import type { Division, Factor, Sexo } from '@club/contract/enums';
import type { User } from '@club/contract/schemas';
import { isStrongPassword } from '@club/contract/text';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mailLanguageOf } from '../../lib/language.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import type { MemberFlag } from '@club/contract/member-flags';
import { newMemberBooleans } from './flags.ts';
import { toUser, uniqueKey } from './repository.ts';

export interface NewMember {
  login: string;
  password: string;
  /** The password already hashed (the demo seed hashes before its transaction); else hashed here. */
  passwordHash?: string;
  email: string;
  nombre: string;
  apellidos: string;
  mobil: string;
  nacimiento: string;
  sexo: Sexo;
  socio?: string | null;
  /** A member number the person says they hold, for staff to confirm (never `socio` itself). */
  socioSolicitado?: string | null;
  division?: Division | null;
  factor?: Factor | null;
  licencia?: string | null;
  /** What the club vouches for; absent ones are false. */
  flags?: Partial<Record<MemberFlag, boolean>>;
  staff?: boolean;
  language?: string;
  /**
   * False only for a person registering themselves: members made by the command line or by
   * staff count as verified (DECISIONS "Trust"), so that is the default.
   */
  emailVerified?: boolean;
}

/** Creates a member with a hashed password; 409 LOGIN_TAKEN / EMAIL_TAKEN when either is in use. */
export async function createMember(db: Kysely<Database>, input: NewMember, now = new Date()): Promise<User> {
  if (!isStrongPassword(input.password)) throw new ApiError('WEAK_PASSWORD', 'The password is too weak.');
  const loginKey = uniqueKey(input.login);
  const emailKey = uniqueKey(input.email);
  const clash = await db
    .selectFrom('members')
    .select(['login_key', 'email_key'])
    .where((eb) => eb.or([eb('login_key', '=', loginKey), eb('email_key', '=', emailKey)]))
    .executeTakeFirst();
  if (clash?.login_key === loginKey) throw new ApiError('LOGIN_TAKEN', 'That login is taken.');
  if (clash) throw new ApiError('EMAIL_TAKEN', 'That e-mail address is already registered.');
  const stamp = isoOf(now);
  const row = {
    id: newId(),
    login: input.login.normalize('NFC').trim(),
    login_key: loginKey,
    password_hash: input.passwordHash ?? (await hashPassword(input.password)),
    password_changed_at: stamp,
    nombre: input.nombre,
    apellidos: input.apellidos,
    email: input.email.trim(),
    email_key: emailKey,
    mobil: input.mobil,
    nacimiento: input.nacimiento,
    sexo: input.sexo,
    socio: input.socio ?? null,
    socio_solicitado: input.socioSolicitado ?? null,
    email_verified: input.emailVerified === false ? 0 : 1,
    division: input.division ?? null,
    factor: input.factor ?? null,
    licencia: input.licencia ?? null,
    ...newMemberBooleans({ ...input.flags, staff: input.staff }),
    language: mailLanguageOf(input.language),
    recordatorios: 1,
    feed_token_hash: null,
    feed_nonce: null,
    feed_legacy_hash: null,
    created_at: stamp,
    updated_at: stamp,
  };
  try {
    await db.insertInto('members').values(row).execute();
  } catch (err) {
    // Two registrations racing for one login: the unique index decides, the loser hears why.
    if (isUniqueViolation(err)) {
      const again = await db.selectFrom('members').select('login_key').where('login_key', '=', loginKey).executeTakeFirst();
      throw new ApiError(again ? 'LOGIN_TAKEN' : 'EMAIL_TAKEN');
    }
    throw err;
  }
  return toUser(row);
}

import { randomBytes } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { User } from '@club/contract/schemas';
import { Sexo } from '@club/contract/enums';
import type { Database, MembersTable } from '../../src/db/schema.ts';
import { createMember } from '../../src/modules/members/create.ts';
import { toUser } from '../../src/modules/members/repository.ts';
import { hashSecret, isoOf, newSecret } from '../../src/lib/ids.ts';
import type { TestApp } from './test-app.ts';

/** Flags a test member can be given directly (what staff would vouch for). */
export interface MemberFlags {
  socio?: string | null;
  licencia?: string | null;
  curso?: boolean;
  habilitado?: boolean;
  arbitroIpsc?: boolean;
  arbitroPrecision?: boolean;
  entrenadorNacional?: boolean;
  instructorMisia?: boolean;
  autorizacionClub?: boolean;
  staff?: boolean;
}

export interface TestMemberOptions extends MemberFlags {
  login?: string;
  email?: string;
  nombre?: string;
  apellidos?: string;
  nacimiento?: string;
  sexo?: number;
  language?: string;
}

export interface TestMember {
  user: User;
  token: string;
}

/** Every flag an IPSC training needs, for tests that want a fully qualified member. */
export const ALL_FLAGS: MemberFlags = {
  socio: '0100',
  licencia: 'A-100',
  curso: true,
  habilitado: true,
  autorizacionClub: true,
  arbitroIpsc: true,
};

const bit = (value: boolean | undefined): number | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

/** Writes flags straight into the member's row. */
export async function setFlags(db: Kysely<Database>, memberId: string, flags: MemberFlags): Promise<void> {
  const changes: Updateable<MembersTable> = {};
  if (flags.socio !== undefined) changes.socio = flags.socio;
  if (flags.licencia !== undefined) changes.licencia = flags.licencia;
  const bits: Array<[keyof MemberFlags, keyof MembersTable]> = [
    ['curso', 'curso'],
    ['habilitado', 'habilitado'],
    ['arbitroIpsc', 'arbitro_ipsc'],
    ['arbitroPrecision', 'arbitro_precision'],
    ['entrenadorNacional', 'entrenador_nacional'],
    ['instructorMisia', 'instructor_misia'],
    ['autorizacionClub', 'autorizacion_club'],
    ['staff', 'staff'],
  ];
  for (const [flag, column] of bits) {
    const value = bit(flags[flag] as boolean | undefined);
    if (value !== undefined) (changes as Record<string, number>)[column] = value;
  }
  if (Object.keys(changes).length > 0)
    await db.updateTable('members').set(changes).where('id', '=', memberId).execute();
}

/** A session token for the member, inserted as the login call would (hashed), valid for a year of test time. */
export async function issueToken(t: Pick<TestApp, 'db' | 'clock'>, memberId: string): Promise<string> {
  const token = newSecret();
  const now = t.clock.now();
  await t.db.kysely
    .insertInto('tokens')
    .values({
      token_hash: hashSecret(token),
      member_id: memberId,
      remember: 1,
      created_at: isoOf(now),
      expires_at: isoOf(new Date(now.getTime() + 365 * 24 * 3600 * 1000)),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** Creates a member through createMember, sets the flags and signs them in. */
export async function createTestMember(
  t: Pick<TestApp, 'db' | 'clock'>,
  options: TestMemberOptions = {},
): Promise<TestMember> {
  const suffix = randomBytes(5).toString('hex');
  const user = await createMember(t.db.kysely, {
    login: options.login ?? `member.${suffix}`,
    password: 'Str0ngPassw0rd',
    email: options.email ?? `member.${suffix}@club.test`,
    nombre: options.nombre ?? 'Ana',
    apellidos: options.apellidos ?? `Test ${suffix}`,
    mobil: '600000000',
    nacimiento: options.nacimiento ?? '1990-05-05',
    sexo: options.sexo ?? Sexo.hombre,
    language: options.language,
  });
  await setFlags(t.db.kysely, user.uuid, options);
  const row = await t.db.kysely
    .selectFrom('members')
    .selectAll()
    .where('id', '=', user.uuid)
    .executeTakeFirstOrThrow();
  return { user: toUser(row), token: await issueToken(t, user.uuid) };
}

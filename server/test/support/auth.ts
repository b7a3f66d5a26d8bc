import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '@club/contract/schemas';
import { Sexo } from '@club/contract/enums';
import { MEMBER_FLAGS } from '@club/contract/member-flags';
import type { Database, MembersTable } from '../../src/db/schema.ts';
import { booleanColumns, createMember } from '../../src/modules/members/index.ts';
import type { MemberBoolean } from '../../src/modules/members/index.ts';
import { hashSecret, isoOf, newSecret } from '../../src/lib/ids.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { TestApp } from './test-app.ts';

/** Flags a test member can be given directly (what staff would vouch for). */
export interface MemberFlags extends Partial<Record<MemberBoolean, boolean>> {
  socio?: string | null;
  licencia?: string | null;
}

export interface TestMemberOptions extends MemberFlags {
  login?: string;
  email?: string;
  nombre?: string;
  apellidos?: string;
  nacimiento?: string;
  sexo?: Sexo;
  language?: string;
  /** false: no session token is issued (tests of the login call sign in themselves). */
  session?: boolean;
}

export interface TestMember {
  user: User;
  /** A session token; '' when created with `session: false`. */
  token: string;
  login: string;
  email: string;
  password: string;
}

/** A password that passes the strong pattern; every test member has it. */
export const PASSWORD = 'Tirada2024x';
let passwordHash: Promise<string> | undefined;

/** Every flag an IPSC training needs, for tests that want a fully qualified member. */
export const ALL_FLAGS: MemberFlags = {
  // Member numbers are unique: each member made from these flags gets its own.
  get socio() {
    return `T-${randomBytes(4).toString('hex')}`;
  },
  licencia: 'A-100',
  curso: true,
  habilitado: true,
  autorizacionClub: true,
  arbitroIpsc: true,
};

/** Writes flags straight into the member's row. */
export async function setFlags(db: Kysely<Database>, memberId: string, flags: MemberFlags): Promise<void> {
  const changes: Partial<MembersTable> = booleanColumns(flags);
  if (flags.socio !== undefined) changes.socio = flags.socio;
  if (flags.licencia !== undefined) changes.licencia = flags.licencia;
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

/** The one member factory of the server tests: createMember (as the operator CLI), flags, a session. */
export async function createTestMember(
  t: Pick<TestApp, 'db' | 'clock'>,
  options: TestMemberOptions = {},
): Promise<TestMember> {
  const suffix = randomBytes(5).toString('hex');
  const login = options.login ?? `member.${suffix}`;
  const email = options.email ?? `member.${suffix}@club.test`;
  const flags = Object.fromEntries(MEMBER_FLAGS.map((flag) => [flag, options[flag]]));
  // One hash of the shared password per test process: each argon2 hash costs a few hundred
  // milliseconds of a core, and some files make fifty members.
  passwordHash ??= hashPassword(PASSWORD);
  const user = await createMember(
    t.db.kysely,
    {
      login,
      password: PASSWORD,
      passwordHash: await passwordHash,
      email,
      nombre: options.nombre ?? 'Ana',
      apellidos: options.apellidos ?? `Test ${suffix}`,
      mobil: '600000000',
      nacimiento: options.nacimiento ?? '1990-05-05',
      sexo: options.sexo ?? Sexo.hombre,
      socio: options.socio,
      licencia: options.licencia,
      flags,
      staff: options.staff,
      language: options.language,
    },
    t.clock.now(),
  );
  const token = options.session === false ? '' : await issueToken(t, user.uuid);
  return { user, token, login, email, password: PASSWORD };
}

import { MEMBER_FLAGS } from '@club/contract/member-flags';
import type { MemberFlag } from '@club/contract/member-flags';
import type { MemberRow, MembersTable } from '../../db/schema.ts';

/** Every boolean of a member the club sets: the vouched-for flags and staff. */
export type MemberBoolean = MemberFlag | 'staff';

/** The column (0/1) of each boolean; the one place that pairs the wire name with the column. */
export const BOOLEAN_COLUMNS = {
  curso: 'curso',
  habilitado: 'habilitado',
  arbitroIpsc: 'arbitro_ipsc',
  arbitroPrecision: 'arbitro_precision',
  entrenadorNacional: 'entrenador_nacional',
  instructorMisia: 'instructor_misia',
  autorizacionClub: 'autorizacion_club',
  staff: 'staff',
} as const satisfies Record<MemberBoolean, keyof MembersTable>;

const BOOLEANS: readonly MemberBoolean[] = [...MEMBER_FLAGS, 'staff'];

/** The column changes for the booleans given (absent ones stay as they are). */
export function booleanColumns(values: Partial<Record<MemberBoolean, boolean>>): Partial<MembersTable> {
  const changes: Partial<MembersTable> = {};
  for (const name of BOOLEANS) {
    const value = values[name];
    if (value !== undefined) changes[BOOLEAN_COLUMNS[name]] = value ? 1 : 0;
  }
  return changes;
}

export type BooleanColumn = (typeof BOOLEAN_COLUMNS)[MemberBoolean];

/** Every boolean column of a new member: the ones given, the rest 0. */
export function newMemberBooleans(values: Partial<Record<MemberBoolean, boolean>>): Pick<MembersTable, BooleanColumn> {
  const columns = {} as Pick<MembersTable, BooleanColumn>;
  for (const name of BOOLEANS) columns[BOOLEAN_COLUMNS[name]] = values[name] ? 1 : 0;
  return columns;
}

/** The booleans of a stored member. */
export function booleansOf(row: Pick<MemberRow, BooleanColumn>): Record<MemberBoolean, boolean> {
  const values = {} as Record<MemberBoolean, boolean>;
  for (const name of BOOLEANS) values[name] = Boolean(row[BOOLEAN_COLUMNS[name]]);
  return values;
}

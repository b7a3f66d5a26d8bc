import type { User } from './schemas.ts';

/** The boolean flags of SPEC §3 that only the club can vouch for (the staff flag apart). */
export const MEMBER_FLAGS = [
  'curso',
  'habilitado',
  'arbitroIpsc',
  'arbitroPrecision',
  'entrenadorNacional',
  'instructorMisia',
  'autorizacionClub',
] as const satisfies ReadonlyArray<keyof User>;

export type MemberFlag = (typeof MEMBER_FLAGS)[number];

import type { Selectable } from 'kysely';
import type { User } from '@club/contract/schemas';
import { fullName } from '@club/contract/person';
import type { MembersTable } from '../../db/schema.ts';

export type MemberRow = Selectable<MembersTable>;

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
    curso: Boolean(row.curso),
    habilitado: Boolean(row.habilitado),
    arbitroIpsc: Boolean(row.arbitro_ipsc),
    arbitroPrecision: Boolean(row.arbitro_precision),
    entrenadorNacional: Boolean(row.entrenador_nacional),
    instructorMisia: Boolean(row.instructor_misia),
    autorizacionClub: Boolean(row.autorizacion_club),
    staff: Boolean(row.staff),
  };
}

/** Key under which logins and e-mails are unique: case and Unicode form do not matter. */
export const uniqueKey = (value: string): string => value.normalize('NFC').trim().toLowerCase();

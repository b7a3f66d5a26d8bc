// A member as the server sends it (the contract's User), for web tests; override what a test is about.
import type { User } from '@club/contract/schemas';

/** A plain member with no licence, course or club roles. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    uuid: 'member-1',
    login: 'member.one',
    nombre: 'Ana',
    apellidos: 'Prueba',
    fullName: 'Prueba, Ana',
    email: 'ana@club.test',
    nacimiento: '1970-01-01',
    mobil: '612345678',
    sexo: 1,
    socio: '123',
    division: 3,
    factor: 2,
    licencia: null,
    curso: false,
    habilitado: false,
    arbitroIpsc: false,
    arbitroPrecision: false,
    entrenadorNacional: false,
    instructorMisia: false,
    autorizacionClub: false,
    staff: false,
    ...overrides,
  };
}

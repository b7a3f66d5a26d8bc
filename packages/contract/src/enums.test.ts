import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  Category,
  DIVISIONS,
  Division,
  EVENT_STYLES,
  EVENT_TYPES,
  EventStatus,
  EventType,
  FACTORS,
  Factor,
  ROLE_IDS,
  ROLE_STATUSES,
  RoleId,
  RoleStatus,
  SEXOS,
  Sexo,
  TOAST_TYPES,
  ToastType,
  categoryKey,
  divisionKey,
  eventTypeKey,
  isEnumValue,
  roleStatusKey,
  sexoKey,
} from './enums.ts';

describe('enumerations of SPEC §3', () => {
  it('numbers the event types', () => {
    expect(EventType).toEqual({
      regularIpscClass: 1,
      privateClass: 2,
      ipscSocialShoot: 3,
      precisionSocialShoot: 4,
      ipscTraining: 5,
      precisionTraining: 6,
      functionalTraining: 7,
      masterClass: 8,
      reserved: 9,
      clubPractices: 10,
      ipscGroup: 11,
    });
    expect(EVENT_TYPES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('numbers the other enumerations', () => {
    expect(EventStatus).toEqual({ privado: 1, publico: 2 });
    expect(RoleId).toEqual({ instructor: 1, alumno: 2, competidor: 3, arbitro: 4, rangeMaster: 5 });
    expect(RoleStatus).toEqual({ reservado: 1, anulado: 2, confirmado: 3, finalizado: 4 });
    expect(Sexo).toEqual({ hombre: 1, mujer: 2 });
    expect(Division).toEqual({
      produccion: 1,
      produccionOptics: 2,
      open: 3,
      standard: 4,
      classics: 5,
      revolver: 6,
      pcc: 7,
    });
    expect(Factor).toEqual({ minor: 1, major: 2 });
    expect(Category).toEqual({
      junior: 1,
      superJunior: 2,
      senior: 3,
      superSenior: 4,
      granSenior: 5,
      lady: 6,
      ladySenior: 7,
    });
    expect(ToastType).toEqual({ success: 1, warning: 2, error: 3 });
    expect(
      [ROLE_IDS, ROLE_STATUSES, SEXOS, DIVISIONS, FACTORS, CATEGORIES, TOAST_TYPES].map(
        (list) => list.length,
      ),
    ).toEqual([5, 4, 2, 7, 2, 7, 3]);
  });

  it('names the twelve colour categories', () => {
    expect(EVENT_STYLES).toEqual([
      'training-ipsc',
      'competition-ipsc',
      'ipsc-group',
      'training-precision',
      'competition-precision',
      'regular-class',
      'club-practice',
      'dry-training',
      'private-class',
      'master-class',
      'reserved',
      'expired',
    ]);
  });

  it('gives translation keys back from numbers', () => {
    expect(eventTypeKey(1)).toBe('regularIpscClass');
    expect(eventTypeKey(11)).toBe('ipscGroup');
    expect(eventTypeKey(12)).toBeUndefined();
    expect(roleStatusKey(2)).toBe('anulado');
    expect(sexoKey(2)).toBe('mujer');
    expect(divisionKey(2)).toBe('produccionOptics');
    expect(categoryKey(7)).toBe('ladySenior');
    expect(isEnumValue(Factor, 2)).toBe(true);
    expect(isEnumValue(Factor, '2')).toBe(false);
  });
});

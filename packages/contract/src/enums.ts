// Every enumeration of SPEC §3 except the stage ones (those live in stage.ts).
// Values are the numbers that travel on the wire; keys are the names the translation files use.

/** Returns the key of an `as const` enumeration object whose value is `value`, or undefined. */
function keyOf<T extends Record<string, string | number>>(
  enumeration: T,
  value: unknown,
): (keyof T & string) | undefined {
  for (const key of Object.keys(enumeration)) {
    if (enumeration[key] === value) return key;
  }
  return undefined;
}

export const EventType = {
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
} as const;
export type EventType = (typeof EventType)[keyof typeof EventType];
export type EventTypeKey = keyof typeof EventType;
export const EVENT_TYPES: readonly EventType[] = Object.values(EventType);

export const EventStatus = { privado: 1, publico: 2 } as const;
export type EventStatus = (typeof EventStatus)[keyof typeof EventStatus];
export type EventStatusKey = keyof typeof EventStatus;
export const EVENT_STATUSES: readonly EventStatus[] = Object.values(EventStatus);

// Colour categories of the calendar; string ids because they only ever become CSS classes.
export const EventStyle = {
  trainingIpsc: 'training-ipsc',
  competitionIpsc: 'competition-ipsc',
  ipscGroup: 'ipsc-group',
  trainingPrecision: 'training-precision',
  competitionPrecision: 'competition-precision',
  regularClass: 'regular-class',
  clubPractice: 'club-practice',
  dryTraining: 'dry-training',
  privateClass: 'private-class',
  masterClass: 'master-class',
  reserved: 'reserved',
  expired: 'expired',
} as const;
export type EventStyle = (typeof EventStyle)[keyof typeof EventStyle];
export const EVENT_STYLES: readonly EventStyle[] = Object.values(EventStyle);

export const RoleId = { instructor: 1, alumno: 2, competidor: 3, arbitro: 4, rangeMaster: 5 } as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];
export type RoleIdKey = keyof typeof RoleId;
export const ROLE_IDS: readonly RoleId[] = Object.values(RoleId);

export const RoleStatus = { reservado: 1, anulado: 2, confirmado: 3, finalizado: 4 } as const;
export type RoleStatus = (typeof RoleStatus)[keyof typeof RoleStatus];
export type RoleStatusKey = keyof typeof RoleStatus;
export const ROLE_STATUSES: readonly RoleStatus[] = Object.values(RoleStatus);

export const Sexo = { hombre: 1, mujer: 2 } as const;
export type Sexo = (typeof Sexo)[keyof typeof Sexo];
export type SexoKey = keyof typeof Sexo;
export const SEXOS: readonly Sexo[] = Object.values(Sexo);

// revolver and pcc joined in the third round (API.md, Matches).
export const Division = {
  produccion: 1,
  produccionOptics: 2,
  open: 3,
  standard: 4,
  classics: 5,
  revolver: 6,
  pcc: 7,
} as const;
export type Division = (typeof Division)[keyof typeof Division];
export type DivisionKey = keyof typeof Division;
export const DIVISIONS: readonly Division[] = Object.values(Division);

export const Factor = { minor: 1, major: 2 } as const;
export type Factor = (typeof Factor)[keyof typeof Factor];
export type FactorKey = keyof typeof Factor;
export const FACTORS: readonly Factor[] = Object.values(Factor);

export const Category = {
  junior: 1,
  superJunior: 2,
  senior: 3,
  superSenior: 4,
  granSenior: 5,
  lady: 6,
  ladySenior: 7,
} as const;
export type Category = (typeof Category)[keyof typeof Category];
export type CategoryKey = keyof typeof Category;
export const CATEGORIES: readonly Category[] = Object.values(Category);

export const ToastType = { success: 1, warning: 2, error: 3 } as const;
export type ToastType = (typeof ToastType)[keyof typeof ToastType];
export type ToastTypeKey = keyof typeof ToastType;
export const TOAST_TYPES: readonly ToastType[] = Object.values(ToastType);

/** Translation key of an event type ('regularIpscClass'), undefined for an unknown number. */
export function eventTypeKey(type: number): EventTypeKey | undefined {
  return keyOf(EventType, type);
}

/** Translation key of an event visibility status ('privado' or 'publico'). */
export function eventStatusKey(status: number): EventStatusKey | undefined {
  return keyOf(EventStatus, status);
}

/** Translation key of a role id ('alumno', 'competidor', ...). */
export function roleIdKey(roleId: number): RoleIdKey | undefined {
  return keyOf(RoleId, roleId);
}

/** Translation key of a role status ('reservado', 'anulado', ...). */
export function roleStatusKey(status: number): RoleStatusKey | undefined {
  return keyOf(RoleStatus, status);
}

/** Translation key of a sexo ('hombre' or 'mujer'). */
export function sexoKey(sexo: number): SexoKey | undefined {
  return keyOf(Sexo, sexo);
}

/** Translation key of a division ('produccion', 'open', ...). */
export function divisionKey(division: number): DivisionKey | undefined {
  return keyOf(Division, division);
}

/** Translation key of a factor ('minor' or 'major'). */
export function factorKey(factor: number): FactorKey | undefined {
  return keyOf(Factor, factor);
}

/** Translation key of a category ('junior', 'lady', ...). */
export function categoryKey(category: number): CategoryKey | undefined {
  return keyOf(Category, category);
}

/** Translation key of a toast type ('success', 'warning' or 'error'). */
export function toastTypeKey(type: number): ToastTypeKey | undefined {
  return keyOf(ToastType, type);
}

/** True when `value` is one of the values of the enumeration object. */
export function isEnumValue<T extends Record<string, string | number>>(
  enumeration: T,
  value: unknown,
): value is T[keyof T] {
  return keyOf(enumeration, value) !== undefined;
}

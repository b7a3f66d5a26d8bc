import { Sexo } from '@club/contract/enums';

/**
 * The i18next context that makes a sentence agree with the person it speaks to, in the
 * languages that mark it (es, ca: "inscrito" / "inscrita"): `male` or `female` where the person's
 * sexo is known, nothing otherwise, so the neutral wording of the key without context is used.
 */
export function personContext(sexo: number | null | undefined): 'male' | 'female' | undefined {
  if (sexo === Sexo.mujer) return 'female';
  if (sexo === Sexo.hombre) return 'male';
  return undefined;
}

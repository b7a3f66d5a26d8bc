// IPSC category from age on the event's date, as DECISIONS reads SPEC §5.
import { Category, Sexo } from './enums.ts';
import { eventDate, isIsoDate } from './event-time.ts';

/**
 * Age in whole years on `date` ('yyyy-MM-dd') of someone born on `birthDate` ('yyyy-MM-dd').
 * A 29 February birthday counts on 1 March in common years: the birthday is reached when the
 * month and day are past or equal to the birth month and day, and 28 February is not.
 */
export function ageOn(birthDate: string, date: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number);
  const [year, month, day] = date.split('-').map(Number);
  const reached = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (reached ? 0 : 1);
}

/**
 * Category of a competitor on the event's date ('yyyy-MM-dd' or an event time), or null for
 * overall; null too when sexo or birth date is unknown.
 */
export function categoryFor(
  sexo: number | null | undefined,
  birthDate: string | null | undefined,
  eventDateOrTime: string,
): Category | null {
  if (birthDate === null || birthDate === undefined || !isIsoDate(birthDate)) return null;
  const age = ageOn(birthDate, eventDate(eventDateOrTime));
  if (sexo === Sexo.mujer) return age < 50 ? Category.lady : Category.ladySenior;
  if (sexo !== Sexo.hombre) return null;
  if (age < 16) return Category.superJunior;
  if (age < 21) return Category.junior;
  if (age >= 70) return Category.granSenior;
  if (age >= 60) return Category.superSenior;
  if (age >= 50) return Category.senior;
  return null;
}

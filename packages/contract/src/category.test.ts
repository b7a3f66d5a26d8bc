import { describe, expect, it } from 'vitest';
import { Category, Sexo } from './enums.ts';
import { ageOn, categoryFor } from './category.ts';

describe('ageOn', () => {
  it('counts whole years, reached on the birthday', () => {
    expect(ageOn('2000-06-15', '2016-06-14')).toBe(15);
    expect(ageOn('2000-06-15', '2016-06-15')).toBe(16);
    expect(ageOn('2000-06-15', '2016-12-31')).toBe(16);
    expect(ageOn('2000-06-15', '2017-01-01')).toBe(16);
    expect(ageOn('2000-06-15', '2000-06-15')).toBe(0);
  });

  it('counts a 29 February birthday on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2024-02-28')).toBe(15);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
    expect(ageOn('2004-02-29', '2020-02-29')).toBe(16);
    expect(ageOn('2009-02-28', '2025-02-28')).toBe(16);
    // 2025 is a common year: 17 is reached on 1 March, not on 28 February.
    expect(ageOn('2008-02-29', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2025-03-01')).toBe(17);
  });
});

describe('categoryFor', () => {
  /** Birth date of someone who turns `age` on 2025-06-15. */
  const born = (age: number) => `${2025 - age}-06-15`;
  const DAY_BEFORE = '2025-06-14';
  const BIRTHDAY = '2025-06-15';

  it.each([
    [16, Category.superJunior, Category.junior],
    [21, Category.junior, null],
    [50, null, Category.senior],
    [60, Category.senior, Category.superSenior],
    [70, Category.superSenior, Category.granSenior],
  ])('men turning %i: the day before and the day of the birthday', (age, before, on) => {
    expect(categoryFor(Sexo.hombre, born(age), DAY_BEFORE)).toBe(before);
    expect(categoryFor(Sexo.hombre, born(age), BIRTHDAY)).toBe(on);
  });

  it('gives junior between 16 and 20 and none between 21 and 49', () => {
    expect(categoryFor(Sexo.hombre, born(18), BIRTHDAY)).toBe(Category.junior);
    expect(categoryFor(Sexo.hombre, born(20), BIRTHDAY)).toBe(Category.junior);
    expect(categoryFor(Sexo.hombre, born(35), BIRTHDAY)).toBeNull();
    expect(categoryFor(Sexo.hombre, born(10), BIRTHDAY)).toBe(Category.superJunior);
    expect(categoryFor(Sexo.hombre, born(85), BIRTHDAY)).toBe(Category.granSenior);
  });

  it('gives women lady under 50 and ladySenior from 50', () => {
    expect(categoryFor(Sexo.mujer, born(50), DAY_BEFORE)).toBe(Category.lady);
    expect(categoryFor(Sexo.mujer, born(50), BIRTHDAY)).toBe(Category.ladySenior);
    expect(categoryFor(Sexo.mujer, born(14), BIRTHDAY)).toBe(Category.lady);
    expect(categoryFor(Sexo.mujer, born(75), BIRTHDAY)).toBe(Category.ladySenior);
  });

  it('handles a 29 February birthday on the event date', () => {
    // 2024 is a leap year: 16 is reached on 29 February itself.
    expect(categoryFor(Sexo.hombre, '2008-02-29', '2024-02-28')).toBe(Category.superJunior);
    expect(categoryFor(Sexo.hombre, '2008-02-29', '2024-02-29')).toBe(Category.junior);
    // 21 in 2029, a common year: reached on 1 March.
    expect(categoryFor(Sexo.hombre, '2008-02-29', '2029-02-28')).toBe(Category.junior);
    expect(categoryFor(Sexo.hombre, '2008-02-29', '2029-03-01')).toBeNull();
  });

  it('reads the date of an event time', () => {
    expect(categoryFor(Sexo.hombre, born(16), '2025-06-14 23:59:59')).toBe(Category.superJunior);
    expect(categoryFor(Sexo.hombre, born(16), '2025-06-15 00:00:00')).toBe(Category.junior);
  });

  it('is null without a valid sexo or birth date', () => {
    expect(categoryFor(null, born(30), BIRTHDAY)).toBeNull();
    expect(categoryFor(3, born(10), BIRTHDAY)).toBeNull();
    expect(categoryFor(Sexo.mujer, null, BIRTHDAY)).toBeNull();
    expect(categoryFor(Sexo.mujer, '2023-02-29', BIRTHDAY)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  aMonthBefore,
  clubMonth,
  clubWallTime,
  compareMonths,
  instantOfWallTime,
  monthBounds,
  parseYearMonth,
  shiftMonth,
} from './club-time.ts';

describe('club wall time', () => {
  it('converts instants to Madrid wall time in winter and summer', () => {
    expect(clubWallTime(new Date('2026-01-15T09:30:05Z'), 'Europe/Madrid')).toBe('2026-01-15 10:30:05');
    expect(clubWallTime(new Date('2026-07-15T09:30:05Z'), 'Europe/Madrid')).toBe('2026-07-15 11:30:05');
    expect(clubWallTime(new Date('2026-12-31T23:30:00Z'), 'Europe/Madrid')).toBe('2027-01-01 00:30:00');
    expect(clubWallTime(new Date('2026-01-15T00:00:00Z'), 'Atlantic/Canary')).toBe('2026-01-15 00:00:00');
  });

  it('converts wall times back to instants, across the changes of offset', () => {
    expect(instantOfWallTime('2026-01-15 10:30:05', 'Europe/Madrid').toISOString()).toBe('2026-01-15T09:30:05.000Z');
    expect(instantOfWallTime('2026-07-15 11:30:05', 'Europe/Madrid').toISOString()).toBe('2026-07-15T09:30:05.000Z');
    // 2026-03-29 02:30 does not exist in Madrid; 2026-10-25 02:30 happens twice.
    expect(instantOfWallTime('2026-03-29 03:30:00', 'Europe/Madrid').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(clubWallTime(instantOfWallTime('2026-10-25 02:30:00', 'Europe/Madrid'), 'Europe/Madrid')).toBe(
      '2026-10-25 02:30:00',
    );
    for (const wall of ['2026-05-01 00:00:00', '2026-11-21 19:45:00', '2030-02-28 23:59:59']) {
      expect(clubWallTime(instantOfWallTime(wall, 'Europe/Madrid'), 'Europe/Madrid')).toBe(wall);
    }
  });

  it("gives the club's month of an instant", () => {
    expect(clubMonth(new Date('2026-12-31T23:30:00Z'), 'Europe/Madrid')).toEqual({ year: 2027, month: 1 });
    expect(clubMonth(new Date('2026-12-31T22:30:00Z'), 'Europe/Madrid')).toEqual({ year: 2026, month: 12 });
  });
});

describe('month arithmetic', () => {
  it('shifts and orders months across years', () => {
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth({ year: 2025, month: 5 }, -17)).toEqual({ year: 2023, month: 12 });
    expect(compareMonths({ year: 2025, month: 12 }, { year: 2026, month: 1 })).toBeLessThan(0);
    expect(compareMonths({ year: 2026, month: 1 }, { year: 2026, month: 1 })).toBe(0);
  });

  it('bounds a month by its first, last and next first day', () => {
    expect(monthBounds({ year: 2024, month: 2 })).toEqual({ first: '2024-02-01', last: '2024-02-29', next: '2024-03-01' });
    expect(monthBounds({ year: 2025, month: 12 })).toEqual({ first: '2025-12-01', last: '2025-12-31', next: '2026-01-01' });
  });

  it('goes back a month, clamping the day to the shorter month', () => {
    expect(aMonthBefore('2025-03-31')).toBe('2025-02-28');
    expect(aMonthBefore('2024-03-30')).toBe('2024-02-29');
    expect(aMonthBefore('2025-01-15')).toBe('2024-12-15');
  });

  it("reads a URL's month only within the calendar's years", () => {
    expect(parseYearMonth('2025-03')).toEqual({ year: 2025, month: 3 });
    for (const bad of ['1999-12', '2101-01', '2025-13', '2025-00', '2025-3', null]) expect(parseYearMonth(bad)).toBeUndefined();
  });
});

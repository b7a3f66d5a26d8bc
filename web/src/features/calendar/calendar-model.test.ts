import { describe, expect, it } from 'vitest';
import { clubWallTime, parseYearMonth, shiftMonth } from '@club/contract/club-time';
import { canGoForward, clampMonth, eventsByDate, monthWeeks } from './calendar-model.ts';
import type { ClubEvent } from '@club/contract/schemas';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('monthWeeks', () => {
  it('starts every week on a Monday and covers the whole month', () => {
    for (const [year, month] of [
      [2025, 3],
      [2025, 9],
      [2024, 2],
      [2026, 2],
      [2023, 1],
    ]) {
      const weeks = monthWeeks({ year, month });
      for (const week of weeks) {
        expect(week).toHaveLength(7);
        expect(weekday(week[0].date)).toBe(1);
        expect(weekday(week[6].date)).toBe(0);
      }
      const inMonth = weeks.flat().filter((day) => day.inMonth);
      expect(inMonth[0].day).toBe(1);
      expect(inMonth.length).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
    }
  });

  it('pads March 2025 (1st on a Saturday) with February and April days', () => {
    const weeks = monthWeeks({ year: 2025, month: 3 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0][0]).toEqual({ date: '2025-02-24', day: 24, inMonth: false });
    expect(weeks[0][5]).toEqual({ date: '2025-03-01', day: 1, inMonth: true });
    expect(weeks[5][0]).toEqual({ date: '2025-03-31', day: 31, inMonth: true });
    expect(weeks[5][6]).toEqual({ date: '2025-04-06', day: 6, inMonth: false });
  });

  it('gives February 2027 (starts on a Monday, 28 days) exactly four weeks', () => {
    expect(monthWeeks({ year: 2027, month: 2 })).toHaveLength(4);
  });
});

describe('month limits', () => {
  const current = { year: 2025, month: 11 };
  it('goes forward up to the month after next, across the year end', () => {
    expect(canGoForward(current, current)).toBe(true);
    expect(canGoForward(shiftMonth(current, 1), current)).toBe(true);
    expect(shiftMonth(current, 2)).toEqual({ year: 2026, month: 1 });
    expect(canGoForward(shiftMonth(current, 2), current)).toBe(false);
  });
  it('goes backward freely', () => {
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(clampMonth({ year: 2019, month: 4 }, current)).toEqual({ year: 2019, month: 4 });
  });
  it('clamps a month asked for in the URL beyond the limit', () => {
    expect(clampMonth({ year: 2026, month: 6 }, current)).toEqual({ year: 2026, month: 1 });
    expect(parseYearMonth('2025-13')).toBeUndefined();
    expect(parseYearMonth('2025-02')).toEqual({ year: 2025, month: 2 });
  });
});

describe('club time and grouping', () => {
  it('reads now on the Madrid wall clock, whatever the browser zone', () => {
    // 23:30 UTC on 31 March 2025 is already 1 April in Madrid (summer time, UTC+2).
    expect(clubWallTime(new Date('2025-03-31T23:30:00Z'))).toBe('2025-04-01 01:30:00');
    expect(clubWallTime(new Date('2025-01-15T12:00:00Z'))).toBe('2025-01-15 13:00:00');
  });
  it('groups events by day, each day by start time', () => {
    const make = (uuid: string, start: string) => ({ uuid, start }) as ClubEvent;
    const grouped = eventsByDate([
      make('b', '2025-03-03 19:00:00'),
      make('a', '2025-03-03 09:30:00'),
      make('c', '2025-03-04 10:00:00'),
    ]);
    expect(grouped.get('2025-03-03')?.map((event) => event.uuid)).toEqual(['a', 'b']);
    expect(grouped.get('2025-03-04')?.map((event) => event.uuid)).toEqual(['c']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  aMonthBefore,
  clubMonth,
  clubWallTime,
  compareMonths,
  eventTimeFaults,
  eventTimeFaultsMessage,
  instantOfWallTime,
  monthBounds,
  parseYearMonth,
  shiftMonth,
  wallTimeFault,
  wallTimeFaultMessage,
} from './club-time.ts';
import { addDays } from './event-time.ts';

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

describe('wall times a clock change skips or repeats', () => {
  it('finds the spring gap and the autumn repeat of Madrid, to the second', () => {
    const gap = wallTimeFault('2027-03-28 02:30:00', 'Europe/Madrid');
    expect(gap).toEqual({
      kind: 'gap',
      wall: '2027-03-28 02:30:00',
      change: { from: '2027-03-28 02:00:00', to: '2027-03-28 03:00:00', minutes: 60 },
    });
    const repeat = wallTimeFault('2027-10-31 02:30:00', 'Europe/Madrid');
    expect(repeat).toEqual({
      kind: 'repeat',
      wall: '2027-10-31 02:30:00',
      change: { from: '2027-10-31 03:00:00', to: '2027-10-31 02:00:00', minutes: -60 },
    });
    expect(wallTimeFault('2027-03-28 02:00:00', 'Europe/Madrid')?.kind).toBe('gap');
    expect(wallTimeFault('2027-03-28 02:59:59', 'Europe/Madrid')?.kind).toBe('gap');
    expect(wallTimeFault('2027-10-31 02:00:00', 'Europe/Madrid')?.kind).toBe('repeat');
    expect(wallTimeFault('2027-10-31 02:59:59', 'Europe/Madrid')?.kind).toBe('repeat');
    for (const fine of [
      '2027-03-28 01:59:59',
      '2027-03-28 03:00:00',
      '2027-10-31 01:59:59',
      '2027-10-31 03:00:00',
      '2027-01-01 00:30:00',
      '2027-07-01 02:30:00',
    ]) {
      expect(wallTimeFault(fine, 'Europe/Madrid')).toBeUndefined();
    }
  });

  it('works for any IANA zone: New York, Lord Howe (half an hour), Chatham, Canary', () => {
    expect(wallTimeFault('2027-03-14 02:30:00', 'America/New_York')?.change).toEqual({
      from: '2027-03-14 02:00:00',
      to: '2027-03-14 03:00:00',
      minutes: 60,
    });
    expect(wallTimeFault('2027-11-07 01:30:00', 'America/New_York')?.kind).toBe('repeat');
    // Lord Howe moves its clock by 30 minutes: 02:00 back to 01:30 in April.
    const lordHowe = wallTimeFault('2027-04-04 01:45:00', 'Australia/Lord_Howe');
    expect(lordHowe).toMatchObject({ kind: 'repeat', change: { from: '2027-04-04 02:00:00', to: '2027-04-04 01:30:00', minutes: -30 } });
    expect(wallTimeFault('2027-04-04 02:15:00', 'Australia/Lord_Howe')).toBeUndefined();
    expect(wallTimeFault('2027-03-28 01:30:00', 'Atlantic/Canary')?.kind).toBe('gap');
    expect(wallTimeFault('2027-03-28 02:30:00', 'Atlantic/Canary')).toBeUndefined();
    expect(wallTimeFault('2027-03-28 02:30:00', 'UTC')).toBeUndefined();
  });

  it('agrees with instantOfWallTime wherever a wall time is fine', () => {
    // Every quarter hour of both change days of Madrid: a fine time reads back to itself.
    for (const day of ['2027-03-28', '2027-10-31']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const wall = `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
        const roundTrip = clubWallTime(instantOfWallTime(wall, 'Europe/Madrid'), 'Europe/Madrid') === wall;
        const fault = wallTimeFault(wall, 'Europe/Madrid');
        if (!roundTrip) expect(fault?.kind).toBe('gap');
        if (fault?.kind === 'gap') expect(roundTrip).toBe(false);
      }
    }
  });

  it('names the clock change in es, ca and en, and the dates of a weekly series', () => {
    const gap = wallTimeFault('2027-03-28 02:30:00', 'Europe/Madrid')!;
    expect(wallTimeFaultMessage(gap, 'Europe/Madrid', 'es')).toBe(
      'El 28/03/2027 a las 02:00 los relojes de Europe/Madrid se adelantan una hora y pasan a las 03:00: la hora 02:30 no existe ese día.',
    );
    expect(wallTimeFaultMessage(gap, 'Europe/Madrid', 'ca')).toContain("s'avancen una hora i passen a les 03:00");
    const repeat = wallTimeFault('2027-10-31 02:30:00', 'Europe/Madrid')!;
    expect(wallTimeFaultMessage(repeat, 'Europe/Madrid', 'en')).toBe(
      'On 31/10/2027 at 03:00 the clocks in Europe/Madrid go back one hour to 02:00: 02:30 happens twice that day.',
    );
    const weeks = Array.from({ length: 40 }, (_, week) => ({
      start: addDays('2027-03-14 02:30:00', 7 * week),
      end: addDays('2027-03-14 04:00:00', 7 * week),
    }));
    const faults = eventTimeFaults(weeks, 'Europe/Madrid');
    expect(faults.map((f) => [f.field, f.week, f.kind])).toEqual([
      ['start', 2, 'gap'],
      ['start', 33, 'repeat'],
    ]);
    const message = eventTimeFaultsMessage(faults, 'Europe/Madrid', 'en');
    expect(message).toMatch(/^The weekly series falls on a clock change on these dates: 28\/03\/2027, 31\/10\/2027\./);
    expect(message).toContain('go forward one hour to 03:00');
    expect(message).toContain('go back one hour to 02:00');
  });
});

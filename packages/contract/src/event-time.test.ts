import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareEventTimes,
  daysInMonth,
  eventDate,
  formatEventTime,
  isIsoDate,
  isRealEventTime,
  normalizeEventTime,
  parseEventTime,
} from './event-time.ts';

// Local-time getters read this as 2025-03-04 05:06:07 whatever the runner's zone.
const NOW = new Date(2025, 2, 4, 5, 6, 7);

describe('parseEventTime', () => {
  it('reads every part by position', () => {
    expect(parseEventTime('2024-11-30 18:45:10', NOW)).toEqual({
      year: 2024,
      month: 11,
      day: 30,
      hour: 18,
      minute: 45,
      second: 10,
    });
  });

  it('accepts any non-digit separators and unpadded numbers', () => {
    expect(parseEventTime('2024/1/2T3.4.5', NOW)).toEqual({
      year: 2024,
      month: 1,
      day: 2,
      hour: 3,
      minute: 4,
      second: 5,
    });
  });

  it('takes missing parts from now', () => {
    expect(parseEventTime('2024-11-30', NOW)).toEqual({
      year: 2024,
      month: 11,
      day: 30,
      hour: 5,
      minute: 6,
      second: 7,
    });
    expect(parseEventTime('2024-11-30 18:45', NOW)).toEqual({
      year: 2024,
      month: 11,
      day: 30,
      hour: 18,
      minute: 45,
      second: 7,
    });
    expect(parseEventTime('2024', NOW)).toEqual({
      year: 2024,
      month: 3,
      day: 4,
      hour: 5,
      minute: 6,
      second: 7,
    });
    expect(parseEventTime('', NOW)).toEqual({ year: 2025, month: 3, day: 4, hour: 5, minute: 6, second: 7 });
  });

  it('takes missing parts from given club-time parts', () => {
    const clubNow = { year: 2026, month: 1, day: 2, hour: 23, minute: 59, second: 58 };
    expect(parseEventTime('2026-01-03', clubNow)).toEqual({ ...clubNow, day: 3 });
  });
});

describe('formatting and checks', () => {
  it('pads every part', () => {
    expect(formatEventTime({ year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5 })).toBe(
      '2024-01-02 03:04:05',
    );
    expect(normalizeEventTime('2024-1-2 3:4:5')).toBe('2024-01-02 03:04:05');
    expect(normalizeEventTime('2024-1-2', NOW)).toBe('2024-01-02 05:06:07');
  });

  it('knows real event times', () => {
    expect(isRealEventTime('2024-02-29 23:59:59')).toBe(true);
    expect(isRealEventTime('2023-02-29 10:00:00')).toBe(false);
    expect(isRealEventTime('2024-04-31 10:00:00')).toBe(false);
    expect(isRealEventTime('2024-13-01 10:00:00')).toBe(false);
    expect(isRealEventTime('2024-01-01 24:00:00')).toBe(false);
    expect(isRealEventTime('2024-01-01 10:60:00')).toBe(false);
    expect(isRealEventTime('2024-01-01 10:00:60')).toBe(false);
    expect(isRealEventTime('2024-01-01T10:00:00')).toBe(false);
    expect(isRealEventTime('2024-1-01 10:00:00')).toBe(false);
    expect(isRealEventTime('2024-01-01')).toBe(false);
  });

  it('knows real dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2024-00-10')).toBe(false);
    expect(isIsoDate('2024-01-00')).toBe(false);
    expect(isIsoDate('2024-1-10')).toBe(false);
    expect(isIsoDate('10/01/2024')).toBe(false);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('orders event times by value', () => {
    expect(compareEventTimes('2024-01-01 10:00:00', '2024-01-01 10:00:01')).toBe(-1);
    expect(compareEventTimes('2024-01-10 10:00:00', '2024-01-9 10:00:00')).toBe(1);
    expect(compareEventTimes('2024-01-01 10:00:00', '2024-1-1 10:0:0')).toBe(0);
  });

  it('gives the date of an event time', () => {
    expect(eventDate('2024-3-9 18:00:00')).toBe('2024-03-09');
  });
});

describe('addDays', () => {
  it('moves by weeks across month and year ends, keeping the time', () => {
    expect(addDays('2024-12-25 19:30:00', 7)).toBe('2025-01-01 19:30:00');
    expect(addDays('2024-02-26 19:30:00', 7)).toBe('2024-03-04 19:30:00');
    expect(addDays('2025-02-26 19:30:00', 7)).toBe('2025-03-05 19:30:00');
  });

  it('keeps the wall time across daylight-saving changes', () => {
    // Europe/Madrid moves its clocks on 2025-03-30 and 2025-10-26.
    expect(addDays('2025-03-27 19:00:00', 7)).toBe('2025-04-03 19:00:00');
    expect(addDays('2025-10-23 19:00:00', 7)).toBe('2025-10-30 19:00:00');
  });

  it('moves backwards and keeps a date-only text date-only', () => {
    expect(addDays('2025-03-01 08:00:00', -1)).toBe('2025-02-28 08:00:00');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

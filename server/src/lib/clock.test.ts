import { describe, expect, it } from 'vitest';
import { clubWallTime, instantOfWallTime } from './clock.ts';

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
});

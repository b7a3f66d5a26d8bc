import { describe, expect, it } from 'vitest';
import { formatWall, wallClockDate, wallFormatter, wallTimeOf } from './wall-format.ts';

describe('wall-time formatting', () => {
  it('writes an event time as people write it, in each language, as the wall clock reads', () => {
    const options = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
    expect(formatWall('2026-12-12 19:00:00', 'es-ES', options)).toBe('sábado, 12 de diciembre de 2026');
    expect(formatWall('2026-12-12 19:00:00', 'en-GB', options)).toBe('Saturday, 12 December 2026');
    expect(formatWall('2026-12-12 19:00:00', 'ca-ES', options)).toBe('dissabte, 12 de desembre del 2026');
    // Just before midnight stays on its day, whatever zone the machine is in.
    expect(formatWall('2025-03-30 23:59:00', 'en', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('Sunday, March 30');
    expect(formatWall('2025-03-30', 'en', { day: 'numeric', month: 'short' })).toBe('Mar 30');
  });

  it('reads the wall fields into UTC and the time as HH:MM', () => {
    expect(wallClockDate('2025-10-26 02:30:00').toISOString()).toBe('2025-10-26T02:30:00.000Z');
    expect(wallTimeOf('2025-10-26 02:30:00')).toBe('02:30');
    expect(wallTimeOf('2025-10-26 19:05:59')).toBe('19:05');
  });

  it('builds a formatter once per locale and options, always in UTC', () => {
    const one = wallFormatter('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(wallFormatter('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).toBe(one);
    expect(one.resolvedOptions().timeZone).toBe('UTC');
    expect(one.format(wallClockDate('2025-06-01 00:15:00'))).toBe('00:15');
  });
});

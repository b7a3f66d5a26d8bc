import { describe, expect, it } from 'vitest';
import { vtimezone } from '../../src/lib/vtimezone.ts';

const observances = (block: string) =>
  [...block.matchAll(/BEGIN:(STANDARD|DAYLIGHT)\r\nDTSTART:(\d{8}T\d{6})\r\nTZOFFSETFROM:([+-]\d{4})\r\nTZOFFSETTO:([+-]\d{4})\r\nEND:\1/g)].map(
    ([, kind, start, from, to]) => `${kind} ${start} ${from}>${to}`,
  );

describe('vtimezone', () => {
  it('gives Madrid its winter start and both changes of each year, as local times on the old clock', () => {
    const block = vtimezone('Europe/Madrid', 2026, 2027);
    expect(block.startsWith('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid\r\n')).toBe(true);
    expect(block.endsWith('\r\nEND:VTIMEZONE')).toBe(true);
    expect(observances(block)).toEqual([
      'STANDARD 20251230T010000 +0100>+0100',
      'DAYLIGHT 20260329T020000 +0100>+0200',
      'STANDARD 20261025T030000 +0200>+0100',
      'DAYLIGHT 20270328T020000 +0100>+0200',
      'STANDARD 20271031T030000 +0200>+0100',
    ]);
  });

  it('finds summer time in the southern hemisphere, where the year starts in it', () => {
    expect(observances(vtimezone('Australia/Sydney', 2026, 2026))).toEqual([
      'DAYLIGHT 20251230T110000 +1100>+1100',
      'STANDARD 20260405T030000 +1100>+1000',
      'DAYLIGHT 20261004T020000 +1000>+1100',
    ]);
  });

  it('writes one observance for a zone that never changes, with half-hour and negative offsets right', () => {
    expect(observances(vtimezone('UTC', 2026, 2026))).toEqual(['STANDARD 20251230T000000 +0000>+0000']);
    expect(observances(vtimezone('Asia/Kolkata', 2026, 2026))).toEqual(['STANDARD 20251230T053000 +0530>+0530']);
    expect(observances(vtimezone('America/Argentina/Buenos_Aires', 2026, 2026))).toEqual([
      'STANDARD 20251229T210000 -0300>-0300',
    ]);
  });

  it('gives the same block for a span whatever spans were asked before (each year is found once and kept)', () => {
    const wide = observances(vtimezone('America/New_York', 2024, 2028));
    expect(wide).toHaveLength(1 + 2 * 5);
    expect(wide[0]).toBe('STANDARD 20231229T190000 -0500>-0500');
    expect(wide.slice(1, 3)).toEqual(['DAYLIGHT 20240310T020000 -0500>-0400', 'STANDARD 20241103T020000 -0400>-0500']);
    // Asked again year by year, and then whole, after the years are kept: the same observances.
    const byYear = [2024, 2025, 2026, 2027, 2028].map((year) => observances(vtimezone('America/New_York', year, year)));
    expect(byYear.flatMap((block) => block.slice(1))).toEqual(wide.slice(1));
    expect(observances(vtimezone('America/New_York', 2024, 2028))).toEqual(wide);
    expect(observances(vtimezone('America/New_York', 2026, 2027))).toEqual([
      'STANDARD 20251229T190000 -0500>-0500',
      ...wide.slice(5, 9),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.ts';

describe('formatNumber', () => {
  it('writes fixed decimals with the language decimal sign', () => {
    expect(formatNumber(5.12345, 4, 'en')).toBe('5.1235');
    expect(formatNumber(5.1, 2, 'es')).toBe('5,10');
    expect(formatNumber(100, 0, 'ca')).toBe('100');
  });
  it('writes a dash for what is missing', () => {
    expect(formatNumber(null, 2, 'en')).toBe('–');
    expect(formatNumber(Number.NaN, 2, 'en')).toBe('–');
  });
});

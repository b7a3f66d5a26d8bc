import { describe, expect, it } from 'vitest';
import { clampPosition, clampScale, clampToStep, clampVisibleTime } from './clamp.ts';

describe('clampPosition', () => {
  it.each([
    [-5000, -5000],
    [-5001, -5000],
    [-99999, -5000],
    [5000, 5000],
    [5000.4, 5000],
    [123456, 5000],
    [0, 0],
    [14, 10],
    [15, 20],
    [-14, -10],
    [4996, 5000],
    [-4994, -4990],
  ])('%d becomes %d', (input, expected) => {
    expect(clampPosition(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(clampPosition(-4), 0)).toBe(true);
  });

  it('treats NaN as the minimum rather than spreading it', () => {
    expect(clampPosition(Number.NaN)).toBe(-5000);
  });
});

describe('clampScale', () => {
  it.each([
    [0.3, 0.3],
    [0.29, 0.3],
    [0, 0.3],
    [-2, 0.3],
    [8, 8],
    [8.01, 8],
    [100, 8],
    [1, 1],
    [1.234, 1.23],
    [1.236, 1.24],
    [0.1 + 0.2, 0.3],
    [2.005, 2.01],
  ])('%d becomes %d', (input, expected) => {
    expect(clampScale(input)).toBe(expected);
  });
});

describe('clampVisibleTime', () => {
  it.each([
    [3, 3],
    [2.99, 3],
    [0, 3],
    [10, 10],
    [10.04, 10],
    [60, 10],
    [4.44, 4.4],
    [4.46, 4.5],
    [7.1, 7.1],
  ])('%d s becomes %d s', (input, expected) => {
    expect(clampVisibleTime(input)).toBe(expected);
  });
});

describe('clampToStep', () => {
  it('snaps from the minimum, not from zero', () => {
    expect(clampToStep(7, 1, 100, 5)).toBe(6);
    expect(clampToStep(9, 1, 100, 5)).toBe(11);
  });

  it('never snaps past the maximum', () => {
    expect(clampToStep(99, 0, 99, 10)).toBe(99);
  });
});

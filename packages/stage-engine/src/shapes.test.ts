import { StageElementType, TargetType } from '@club/contract/stage';
import { describe, expect, it } from 'vitest';
import { CARD_OUTLINE, clipToSide, pointInPolygon, POPPER_SHAPE, shapeFor, SHAPE_COLOURS } from './shapes.ts';

function bounds(polygon: readonly number[]) {
  const xs = polygon.filter((_, index) => index % 2 === 0);
  const ys = polygon.filter((_, index) => index % 2 === 1);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('IPSC shapes', () => {
  it('draws the card 580 × 460 mm, centred', () => {
    expect(bounds(CARD_OUTLINE)).toEqual({ minX: -230, maxX: 230, minY: -290, maxY: 290 });
    const shape = shapeFor(StageElementType.tarjetaIpsc, TargetType.fullShootable);
    expect([shape.realWidthMetres, shape.realHeightMetres]).toEqual([0.46, 0.58]);
  });

  it('draws the popper 850 mm tall with a 300 mm round head', () => {
    const box = bounds(POPPER_SHAPE.outline);
    expect(box.maxY - box.minY).toBeCloseTo(850);
    expect(box.maxX - box.minX).toBeCloseTo(300, 0);
    expect(POPPER_SHAPE.realHeightMetres).toBe(0.85);
    expect(pointInPolygon(0, -425 + 150, POPPER_SHAPE.outline)).toBe(true);
    expect(pointInPolygon(140, -425 + 300, POPPER_SHAPE.outline)).toBe(false);
  });

  it('has a shape for every target type and treats a card without one as full shootable', () => {
    for (const targetType of Object.values(TargetType)) {
      expect(shapeFor(StageElementType.tarjetaIpsc, targetType).parts.length).toBeGreaterThan(0);
    }
    expect(shapeFor(StageElementType.tarjetaIpsc, null)).toBe(
      shapeFor(StageElementType.tarjetaIpsc, TargetType.fullShootable),
    );
    expect(shapeFor(StageElementType.popperIpsc, TargetType.fullNonshoot)).toBe(POPPER_SHAPE);
  });

  it('colours no-shoots white, hardcover black and the shootable cardboard', () => {
    expect(shapeFor(1, TargetType.fullShootable).parts[0].fill).toBe(SHAPE_COLOURS.cardboard);
    expect(shapeFor(1, TargetType.fullNonshoot).parts[0].fill).toBe(SHAPE_COLOURS.noShoot);
    expect(shapeFor(1, TargetType.fullHardcover).parts[0].fill).toBe(SHAPE_COLOURS.hardcover);
  });

  it('draws zone lines for the A, C and head zones inside the card', () => {
    const lines = shapeFor(1, TargetType.fullShootable).parts.filter((part) => part.role === 'zone-line');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      for (let index = 0; index < line.polygon.length; index += 2) {
        expect(Math.abs(line.polygon[index])).toBeLessThanOrEqual(230);
        expect(Math.abs(line.polygon[index + 1])).toBeLessThanOrEqual(290);
      }
    }
  });

  it.each([
    [TargetType.halfNonshootLeft, { minX: -230, maxX: 0 }, SHAPE_COLOURS.noShoot],
    [TargetType.halfNonshootRight, { minX: 0, maxX: 230 }, SHAPE_COLOURS.noShoot],
    [TargetType.halfHardcoverLeft, { minX: -230, maxX: 0 }, SHAPE_COLOURS.hardcover],
    [TargetType.halfHardcoverRight, { minX: 0, maxX: 230 }, SHAPE_COLOURS.hardcover],
  ])('covers the named side half for target type %d', (targetType, expected, colour) => {
    const cover = shapeFor(1, targetType).parts.find((part) => part.role === 'cover');
    expect(cover?.fill).toBe(colour);
    expect(bounds(cover?.polygon ?? [])).toMatchObject(expected);
  });

  it.each([
    [TargetType.halfNonshootTop, { minY: -290, maxY: 0 }],
    [TargetType.halfNonshootBottom, { minY: 0, maxY: 290 }],
    [TargetType.halfHardcoverTop, { minY: -290, maxY: 0 }],
    [TargetType.halfHardcoverBottom, { minY: 0, maxY: 290 }],
  ])('covers the top or bottom half for target type %d', (targetType, expected) => {
    const cover = shapeFor(1, targetType).parts.find((part) => part.role === 'cover');
    expect(bounds(cover?.polygon ?? [])).toMatchObject(expected);
  });

  it('clips a square to each half', () => {
    const square = [-1, -1, 1, -1, 1, 1, -1, 1];
    expect(bounds(clipToSide(square, 'left'))).toEqual({ minX: -1, maxX: 0, minY: -1, maxY: 1 });
    expect(bounds(clipToSide(square, 'bottom'))).toEqual({ minX: -1, maxX: 1, minY: 0, maxY: 1 });
  });

  it('finds points inside and outside the card outline', () => {
    expect(pointInPolygon(0, 0, CARD_OUTLINE)).toBe(true);
    expect(pointInPolygon(220, 0, CARD_OUTLINE)).toBe(true);
    expect(pointInPolygon(240, 0, CARD_OUTLINE)).toBe(false);
    // Beside the head, above the shoulder bevel.
    expect(pointInPolygon(150, -270, CARD_OUTLINE)).toBe(false);
    // The bevelled bottom corner is cut away.
    expect(pointInPolygon(225, 285, CARD_OUTLINE)).toBe(false);
  });
});

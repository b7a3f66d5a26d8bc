import { describe, expect, it } from 'vitest';
import { AnimationType, StageElementType, TargetType } from '@club/contract/stage';
import { createEmptyStage, createElement, addElement, patchElement } from './model.ts';
import { POPPER_SHAPE, shapeFor } from './shapes.ts';
import { stageThumbnail, thumbnailSvg } from './thumbnail.ts';

const ids = (() => {
  let next = 0;
  return () => `e${(next += 1)}`;
})();

describe('stage thumbnails', () => {
  it('places each element at its design-pixel centre and stage size, at rest', () => {
    let stage = createEmptyStage();
    const card = patchElement(createElement('full-shootable', { newId: ids }), { positionX: -2500, positionY: 5000, scale: 0.5 });
    const popper = createElement('popper', { newId: ids });
    stage = addElement(addElement(stage, card), patchElement(popper, { animation: AnimationType.popperRiseFall }));
    const thumbnail = stageThumbnail(stage);
    expect(thumbnail).toMatchObject({ width: 1280, height: 720 });
    const [first, second] = thumbnail.items;
    // −2500 is a quarter of the way from the left edge; 5000 is the bottom edge.
    expect(first).toMatchObject({ x: 320, y: 720 });
    // A card is 40 % of the stage height at scale 1: 720 × 0.4 × 0.5 = 144 px for 580 mm.
    expect(first!.scale * shapeFor(StageElementType.tarjetaIpsc, TargetType.fullShootable).height).toBeCloseTo(144);
    expect(second).toMatchObject({ x: 640, y: 360 });
    expect(second!.parts).toBe(POPPER_SHAPE.parts);
  });

  it('writes standalone SVG with an escaped title and one group per element', () => {
    let stage = createEmptyStage();
    for (let i = 0; i < 3; i += 1) stage = addElement(stage, createElement('half-hardcover-left', { newId: ids }));
    const svg = thumbnailSvg(stageThumbnail(stage), { title: 'A & <B>' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720">')).toBe(true);
    expect(svg).toContain('<title>A &#38; &#60;B&#62;</title>');
    expect(svg.match(/<g /g)).toHaveLength(3);
    expect(svg).not.toMatch(/NaN|undefined/);
  });
});

import {
  AnimationType,
  DEFAULT_POPPER_HEIGHT,
  StageElementType,
  TargetType,
  VisibleTimeType,
} from '@club/contract/stage';
import { describe, expect, it } from 'vitest';
import {
  addElement,
  applyKind,
  clearElements,
  createElement,
  createEmptyStage,
  ELEMENT_KINDS,
  kindOf,
  parseStage,
  patchElement,
  removeElement,
  stageToWire,
  tryParseStage,
  updateElement,
} from './model.ts';

function counter(): () => string {
  let next = 0;
  return () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
}

// A stage as the earlier build stored it: every field present, SPEC's spellings.
const fullStoredStage = {
  id: 'test-stage',
  name: 'Test stage',
  designWidth: 1280,
  designHeigth: 720,
  randomElements: true,
  maxRandomElements: 3,
  elements: [
    {
      id: 'a1',
      positionX: -2500,
      positionY: 1200,
      heigth: 40,
      scale: 1.25,
      name: 'T1',
      visibeTime: 4.5,
      type: 1,
      animationType: 1,
      randomPosition: true,
      randomScale: false,
      visibleTimeType: 2,
      ipscTagetType: 4,
      randomType: false,
    },
    {
      id: 'p1',
      positionX: 3000,
      positionY: 0,
      heigth: 55,
      scale: 0.8,
      name: 'P1',
      visibeTime: 3,
      type: 3,
      animationType: 4,
      randomPosition: false,
      randomScale: true,
      visibleTimeType: 3,
    },
  ],
};

describe('loading stored stages (SPEC §3 wire shapes)', () => {
  it('loads a complete stored stage with English names inside', () => {
    const stage = parseStage(fullStoredStage);
    expect(stage.designHeight).toBe(720);
    expect(stage.maxRandomElements).toBe(3);
    const [card, popper] = stage.elements;
    expect(card).toMatchObject({
      targetType: TargetType.halfNonshootRight,
      visibleTimeSeconds: 4.5,
      height: 40,
      animation: AnimationType.swinger,
      visibleTimeMode: VisibleTimeType.fixed,
      randomTargetType: false,
    });
    expect(popper).toMatchObject({
      type: StageElementType.popperIpsc,
      targetType: null,
      randomTargetType: null,
      height: 55,
    });
  });

  it('round-trips a complete stored stage exactly: toWire(fromWire(x)) = x', () => {
    expect(stageToWire(parseStage(fullStoredStage))).toEqual(fullStoredStage);
  });

  it('round-trips a server stage with its public flag', () => {
    const serverStage = { ...fullStoredStage, public: true };
    expect(stageToWire(parseStage(serverStage))).toEqual(serverStage);
  });

  it('fills SPEC defaults for a stage stored with only its elements', () => {
    const stage = parseStage({ elements: [] });
    expect(stage).toEqual({ ...createEmptyStage(), elements: [] });
    expect(stage.designWidth).toBe(1280);
    expect(stage.designHeight).toBe(720);
    expect(stage.maxRandomElements).toBe(2);
    expect(stage.randomElements).toBe(false);
  });

  it('loads an empty object as an empty stage', () => {
    expect(parseStage({}).elements).toEqual([]);
  });

  it('fills element defaults: a bare card is a full shootable, height 40, scale 1, always visible', () => {
    const stage = parseStage({ elements: [{ id: 'c', type: 1 }] });
    expect(stage.elements[0]).toEqual({
      id: 'c',
      name: '',
      type: StageElementType.tarjetaIpsc,
      targetType: TargetType.fullShootable,
      randomTargetType: false,
      positionX: 0,
      positionY: 0,
      height: 40,
      scale: 1,
      visibleTimeSeconds: 3,
      animation: AnimationType.none,
      randomPosition: false,
      randomScale: false,
      visibleTimeMode: VisibleTimeType.always,
    });
  });

  it('gives a bare popper its proportional height and no card fields', () => {
    const [popper] = parseStage({ elements: [{ id: 'p', type: 3 }] }).elements;
    expect(popper.height).toBe(DEFAULT_POPPER_HEIGHT);
    expect(popper.targetType).toBeNull();
    const wire = stageToWire(parseStage({ elements: [{ id: 'p', type: 3 }] })).elements[0];
    expect(wire).not.toHaveProperty('ipscTagetType');
    expect(wire).not.toHaveProperty('randomType');
  });

  it('writes the misspelt wire names and never the English ones', () => {
    const wire = stageToWire(parseStage({ elements: [{ id: 'c', type: 1 }] }));
    expect(wire).toHaveProperty('designHeigth', 720);
    expect(wire).not.toHaveProperty('designHeight');
    expect(Object.keys(wire.elements[0]).sort()).toEqual(
      [
        'animationType',
        'heigth',
        'id',
        'ipscTagetType',
        'name',
        'positionX',
        'positionY',
        'randomPosition',
        'randomScale',
        'randomType',
        'scale',
        'type',
        'visibeTime',
        'visibleTimeType',
      ].sort(),
    );
  });

  it('keeps a popper stored with card fields, so it round-trips', () => {
    const stored = { ...fullStoredStage.elements[1], ipscTagetType: 1, randomType: true };
    const wire = stageToWire(parseStage({ ...fullStoredStage, elements: [stored] }));
    expect(wire.elements[0]).toEqual(stored);
  });

  it('is idempotent: a loaded stage written and loaded again is the same', () => {
    const once = parseStage({ name: 'x', elements: [{ id: 'c', type: 1, positionX: 10 }] });
    expect(parseStage(stageToWire(once))).toEqual(once);
  });

  it.each([
    ['a position beyond 5000', { positionX: 5010 }, { positionX: 5000 }],
    ['a position below -5000', { positionY: -7000 }, { positionY: -5000 }],
    ['a scale below 0.3', { scale: 0.2 }, { scale: 0.3 }],
    ['a scale above 8', { scale: 9 }, { scale: 8 }],
    ['a visible time above 10 s', { visibeTime: 11 }, { visibleTimeSeconds: 10 }],
    ['a visible time of 0', { visibeTime: 0 }, { visibleTimeSeconds: 3 }],
  ])('loads a stored stage with %s, clamped to the bound (SPEC §5)', (_label, change, expected) => {
    const stage = { elements: [{ id: 'c', type: 1, positionX: 10, ...change }] };
    expect(parseStage(stage).elements[0]).toMatchObject(expected);
    expect(tryParseStage(stage)?.elements[0]).toMatchObject(expected);
  });

  it.each([
    ['an unknown element type', { type: 2 }],
    ['an unknown target type', { ipscTagetType: 12 }],
    ['an unknown animation', { animationType: 5 }],
    ['an unknown visible-time type', { visibleTimeType: 0 }],
    ['a text position', { positionX: '10' }],
  ])('refuses %s', (_label, change) => {
    const stage = { elements: [{ id: 'c', type: 1, ...change }] };
    expect(() => parseStage(stage)).toThrow();
    expect(tryParseStage(stage)).toBeNull();
  });

  it('refuses more than 200 elements and duplicate element ids', () => {
    const many = Array.from({ length: 201 }, (_, index) => ({ id: `e${index}`, type: 1 }));
    expect(tryParseStage({ elements: many })).toBeNull();
    expect(tryParseStage({ elements: many.slice(0, 200) })).not.toBeNull();
    expect(
      tryParseStage({
        elements: [
          { id: 'x', type: 1 },
          { id: 'x', type: 3 },
        ],
      }),
    ).toBeNull();
  });

  it('refuses what is not a stage at all', () => {
    expect(tryParseStage(null)).toBeNull();
    expect(tryParseStage('stage')).toBeNull();
    expect(tryParseStage({ elements: 'none' })).toBeNull();
  });
});

describe('creating elements', () => {
  it('offers the popper and the eleven card kinds of the SPEC gallery list (twelve in all)', () => {
    expect(ELEMENT_KINDS).toHaveLength(12);
    expect(
      new Set(ELEMENT_KINDS.map((kind) => createElement(kind, { newId: counter() }).targetType)).size,
    ).toBe(12);
  });

  it('creates every kind with SPEC defaults at the centre and round-trips it through the wire', () => {
    const newId = counter();
    for (const kind of ELEMENT_KINDS) {
      const element = createElement(kind, { newId });
      expect(element.positionX).toBe(0);
      expect(element.positionY).toBe(0);
      expect(element.scale).toBe(1);
      expect(kindOf(element)).toBe(kind);
      const stage = addElement(createEmptyStage(), element);
      expect(parseStage(stageToWire(stage))).toEqual(stage);
    }
  });

  it('gives cards height 40 and their target type', () => {
    const card = createElement('half-hardcover-top', { newId: counter() });
    expect(card.height).toBe(40);
    expect(card.type).toBe(StageElementType.tarjetaIpsc);
    expect(card.targetType).toBe(TargetType.halfHardcoverTop);
  });

  it('takes ids from the injected source, and random UUIDs by default', () => {
    expect(createElement('popper', { newId: () => 'fixed' }).id).toBe('fixed');
    const a = createElement('popper').id;
    const b = createElement('popper').id;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe('editing', () => {
  const newId = counter();

  it('clamps and snaps patched numbers to SPEC §5', () => {
    const element = patchElement(createElement('full-shootable', { newId }), {
      positionX: 5200,
      positionY: -123,
      scale: 0.1,
      visibleTimeSeconds: 4.44,
    });
    expect(element).toMatchObject({ positionX: 5000, positionY: -120, scale: 0.3, visibleTimeSeconds: 4.4 });
  });

  it('refuses an animation the element type cannot play', () => {
    const popper = patchElement(createElement('popper', { newId }), { animation: AnimationType.swinger });
    expect(popper.animation).toBe(AnimationType.none);
    const card = patchElement(createElement('full-shootable', { newId }), { animation: AnimationType.door });
    expect(card.animation).toBe(AnimationType.door);
  });

  it('changing a swinging card to a popper drops the swinger and takes the popper height', () => {
    const card = patchElement(createElement('full-shootable', { newId }), {
      animation: AnimationType.swinger,
    });
    const popper = applyKind(card, 'popper');
    expect(popper).toMatchObject({
      type: StageElementType.popperIpsc,
      targetType: null,
      animation: AnimationType.none,
    });
    expect(popper.height).toBe(DEFAULT_POPPER_HEIGHT);
    expect(applyKind(card, 'full-no-shoot')).toMatchObject({
      targetType: TargetType.fullNonshoot,
      animation: AnimationType.swinger,
    });
  });

  it('adds, updates, removes and clears elements without mutating the stage', () => {
    const empty = createEmptyStage();
    const element = createElement('popper', { newId });
    const one = addElement(empty, element);
    expect(empty.elements).toHaveLength(0);
    const moved = updateElement(one, element.id, (current) => patchElement(current, { positionX: 40 }));
    expect(moved.elements[0].positionX).toBe(40);
    expect(one.elements[0].positionX).toBe(0);
    expect(updateElement(one, 'unknown', (current) => current)).toBe(one);
    expect(removeElement(moved, element.id).elements).toHaveLength(0);
    expect(clearElements(moved).elements).toHaveLength(0);
  });

  it('adds at most 200 elements', () => {
    let stage = createEmptyStage();
    for (let index = 0; index < 205; index += 1)
      stage = addElement(stage, createElement('popper', { newId }));
    expect(stage.elements).toHaveLength(200);
  });
});

import { describe, expect, it } from 'vitest';
import {
  AnimationType,
  EngineState,
  PANEL_POSITIONS,
  StageElementType,
  stageElementWireSchema,
  stageSaveBodySchema,
  stageSummarySchema,
  stageWireSchema,
  TargetType,
  VisibleTimeType,
} from './stage.ts';

describe('stage enumerations keep SPEC §3 numbers', () => {
  it('numbers element, target, animation, visible-time types and engine states as SPEC does', () => {
    expect(StageElementType).toEqual({ tarjetaIpsc: 1, popperIpsc: 3 });
    expect(Object.values(TargetType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(TargetType.fullHardcover).toBe(7);
    expect(TargetType.halfHardcoverBottom).toBe(11);
    expect(AnimationType).toEqual({ none: 0, swinger: 1, door: 2, cardRiseFall: 3, popperRiseFall: 4 });
    expect(VisibleTimeType).toEqual({ always: 1, fixed: 2, random: 3 });
    expect(EngineState).toEqual({ running: 1, paused: 2, stopped: 3 });
    expect(PANEL_POSITIONS).toEqual(['top-left', 'top-right', 'bottom-left', 'bottom-right']);
  });
});

describe('stageElementWireSchema', () => {
  it('fills SPEC defaults for missing optional fields', () => {
    expect(stageElementWireSchema.parse({ id: 'a', type: 1 })).toEqual({
      id: 'a',
      name: '',
      type: 1,
      positionX: 0,
      positionY: 0,
      scale: 1,
      visibeTime: 3,
      animationType: 0,
      randomPosition: false,
      randomScale: false,
      visibleTimeType: 1,
    });
  });

  it('keeps the misspelt names and drops unknown fields', () => {
    const parsed = stageElementWireSchema.parse({
      id: 'a',
      type: 1,
      heigth: 40,
      visibeTime: 5,
      ipscTagetType: 3,
      extra: 1,
    });
    expect(parsed).toMatchObject({ heigth: 40, visibeTime: 5, ipscTagetType: 3 });
    expect(parsed).not.toHaveProperty('extra');
  });

  it.each([
    ['positionX', -5000, true],
    ['positionX', -5001, false],
    ['positionY', 5000, true],
    ['positionY', 5001, false],
    ['scale', 0.3, true],
    ['scale', 0.29, false],
    ['scale', 8, true],
    ['scale', 8.01, false],
    ['visibeTime', 3, true],
    ['visibeTime', 2.9, false],
    ['visibeTime', 10, true],
    ['visibeTime', 10.1, false],
    ['heigth', 0, false],
    ['type', 2, false],
    ['ipscTagetType', 0, false],
    ['ipscTagetType', 11, true],
    ['animationType', 4, true],
    ['animationType', 5, false],
    ['visibleTimeType', 4, false],
  ])('%s = %d is accepted: %s', (field, value, accepted) => {
    expect(stageElementWireSchema.safeParse({ id: 'a', type: 1, [field]: value }).success).toBe(accepted);
  });

  it('requires an id and a type', () => {
    expect(stageElementWireSchema.safeParse({ type: 1 }).success).toBe(false);
    expect(stageElementWireSchema.safeParse({ id: 'a' }).success).toBe(false);
  });
});

describe('stageWireSchema', () => {
  it('gives an empty object SPEC stage defaults', () => {
    expect(stageWireSchema.parse({})).toEqual({
      id: '',
      name: '',
      designWidth: 1280,
      designHeigth: 720,
      randomElements: false,
      maxRandomElements: 2,
      elements: [],
    });
  });

  it('keeps public only when present', () => {
    expect(stageWireSchema.parse({ public: true }).public).toBe(true);
    expect(stageWireSchema.parse({})).not.toHaveProperty('public');
  });

  it('refuses more than 200 elements and duplicate ids', () => {
    const elements = Array.from({ length: 201 }, (_, index) => ({ id: `e${index}`, type: 3 }));
    expect(stageWireSchema.safeParse({ elements }).success).toBe(false);
    expect(stageWireSchema.safeParse({ elements: elements.slice(1) }).success).toBe(true);
    expect(
      stageWireSchema.safeParse({
        elements: [
          { id: 'x', type: 1 },
          { id: 'x', type: 1 },
        ],
      }).success,
    ).toBe(false);
  });
});

describe('stageSaveBodySchema', () => {
  const body = {
    name: 'El Tirador',
    designWidth: 1280,
    designHeigth: 720,
    randomElements: false,
    maxRandomElements: 2,
    elements: [],
  };

  it('accepts a stage body and defaults public to false', () => {
    expect(stageSaveBodySchema.parse(body)).toEqual({ ...body, public: false });
  });

  it('requires a name of 1 to 100 characters after trimming', () => {
    expect(stageSaveBodySchema.safeParse({ ...body, name: '   ' }).success).toBe(false);
    expect(stageSaveBodySchema.safeParse({ ...body, name: undefined }).success).toBe(false);
    expect(stageSaveBodySchema.safeParse({ ...body, name: 'x'.repeat(100) }).success).toBe(true);
    expect(stageSaveBodySchema.safeParse({ ...body, name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('refuses a public flag that is not a boolean and more than 200 elements', () => {
    expect(stageSaveBodySchema.safeParse({ ...body, public: 'yes' }).success).toBe(false);
    const elements = Array.from({ length: 201 }, (_, index) => ({ id: `e${index}`, type: 1 }));
    expect(stageSaveBodySchema.safeParse({ ...body, elements }).success).toBe(false);
  });

  it('drops a client-sent id: the server owns it', () => {
    expect(stageSaveBodySchema.parse({ ...body, id: 'mine' })).not.toHaveProperty('id');
  });
});

describe('stageSummarySchema', () => {
  it('accepts a list row and refuses one without its public flag', () => {
    const row = { id: 's1', name: 'Stage', public: false, updated: '2025-05-01T10:00:00.000Z' };
    expect(stageSummarySchema.parse(row)).toEqual(row);
    expect(stageSummarySchema.safeParse({ ...row, public: undefined }).success).toBe(false);
  });
});

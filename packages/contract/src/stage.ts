// Stage wire contract (SPEC §3, §5, §9; API.md "Stage"): enumerations with SPEC's numbers and
// the JSON shapes exactly as stored stages and existing clients spell them, misspellings
// included (designHeigth, heigth, visibeTime, ipscTagetType). Code elsewhere uses English names
// and maps at the edge (packages/stage-engine/src/model.ts).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** Kind of stage element (SPEC §3). */
export const StageElementType = { tarjetaIpsc: 1, popperIpsc: 3 } as const;
export type StageElementType = (typeof StageElementType)[keyof typeof StageElementType];

/** IPSC cardboard target variants (SPEC §3). */
export const TargetType = {
  fullShootable: 1,
  fullNonshoot: 2,
  halfNonshootLeft: 3,
  halfNonshootRight: 4,
  halfNonshootTop: 5,
  halfNonshootBottom: 6,
  fullHardcover: 7,
  halfHardcoverLeft: 8,
  halfHardcoverRight: 9,
  halfHardcoverTop: 10,
  halfHardcoverBottom: 11,
} as const;
export type TargetType = (typeof TargetType)[keyof typeof TargetType];

/** Element animations (SPEC §3): swinger, door and card rise-fall for cards, popper rise-fall for poppers. */
export const AnimationType = { none: 0, swinger: 1, door: 2, cardRiseFall: 3, popperRiseFall: 4 } as const;
export type AnimationType = (typeof AnimationType)[keyof typeof AnimationType];

/** How long an element stays visible (SPEC §3). */
export const VisibleTimeType = { always: 1, fixed: 2, random: 3 } as const;
export type VisibleTimeType = (typeof VisibleTimeType)[keyof typeof VisibleTimeType];

/** Stage engine state (SPEC §3). */
export const EngineState = { running: 1, paused: 2, stopped: 3 } as const;
export type EngineState = (typeof EngineState)[keyof typeof EngineState];

/** Corners the designer's settings panel docks to (SPEC §2). */
export const PANEL_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type PanelPosition = (typeof PANEL_POSITIONS)[number];

/** Stage limits of SPEC §5 and §9, shared by the schemas, the engine and the designer. */
export const STAGE_LIMITS = {
  designWidth: 1280,
  designHeight: 720,
  maxRandomElements: 2,
  elementHeight: 40,
  scale: 1,
  positionMin: -5000,
  positionMax: 5000,
  positionStep: 10,
  scaleMin: 0.3,
  scaleMax: 8,
  scaleStep: 0.01,
  visibleTimeMin: 3,
  visibleTimeMax: 10,
  visibleTimeStep: 0.1,
  maxElements: 200,
  nameMax: 100,
} as const;

/** Height of a popper at scale 1 when a stored one has none: the card's 40 scaled by 85 cm / 58 cm. */
export const DEFAULT_POPPER_HEIGHT = 58.6;

const values = <T extends Record<string, number>>(enumeration: T) =>
  Object.values(enumeration) as [T[keyof T], ...T[keyof T][]];

const stageElementTypeSchema = lazySchema(() => z.literal(values(StageElementType)));
const targetTypeSchema = lazySchema(() => z.literal(values(TargetType)));
const animationTypeSchema = lazySchema(() => z.literal(values(AnimationType)));
const visibleTimeTypeSchema = lazySchema(() => z.literal(values(VisibleTimeType)));

const position = lazySchema(() => z.number().min(STAGE_LIMITS.positionMin).max(STAGE_LIMITS.positionMax));

/**
 * One stage element as stored and sent. Loading is lenient (a missing optional field gets SPEC's
 * default) and strict on bounds and enumeration values. `heigth` stays optional because its
 * default depends on the element type; the engine fills it.
 */
export const stageElementWireSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(100),
    name: z.string().max(STAGE_LIMITS.nameMax).default(''),
    type: stageElementTypeSchema,
    positionX: position.default(0),
    positionY: position.default(0),
    heigth: z.number().positive().max(100).optional(),
    scale: z.number().min(STAGE_LIMITS.scaleMin).max(STAGE_LIMITS.scaleMax).default(STAGE_LIMITS.scale),
    visibeTime: z
      .number()
      .min(STAGE_LIMITS.visibleTimeMin)
      .max(STAGE_LIMITS.visibleTimeMax)
      .default(STAGE_LIMITS.visibleTimeMin),
    animationType: animationTypeSchema.default(AnimationType.none),
    randomPosition: z.boolean().default(false),
    randomScale: z.boolean().default(false),
    visibleTimeType: visibleTimeTypeSchema.default(VisibleTimeType.always),
    // Only card elements carry these two; a popper has neither.
    ipscTagetType: targetTypeSchema.optional(),
    randomType: z.boolean().optional(),
  }),
);
export type StageElementWire = z.infer<typeof stageElementWireSchema>;
export type StageElementWireInput = z.input<typeof stageElementWireSchema>;

const elementsSchema = lazySchema(() =>
  z
    .array(stageElementWireSchema)
    .max(STAGE_LIMITS.maxElements)
    .refine((elements) => new Set(elements.map((element) => element.id)).size === elements.length, {
      message: 'element ids must be unique',
    }),
);

const stageFields = () => ({
  designWidth: z.int().min(1).max(10_000).default(STAGE_LIMITS.designWidth),
  designHeigth: z.int().min(1).max(10_000).default(STAGE_LIMITS.designHeight),
  randomElements: z.boolean().default(false),
  maxRandomElements: z.int().min(0).max(STAGE_LIMITS.maxElements).default(STAGE_LIMITS.maxRandomElements),
  elements: elementsSchema.default([]),
});

/** A whole stage as stored (localStorage `ipsc-club.custom-stage`) and as the server answers it. */
export const stageWireSchema = lazySchema(() =>
  z.object({
    id: z.string().max(100).default(''),
    name: z.string().max(STAGE_LIMITS.nameMax).default(''),
    ...stageFields(),
    // Only stages kept on the server carry it.
    public: z.boolean().optional(),
  }),
);
export type StageWire = z.infer<typeof stageWireSchema>;
export type StageWireInput = z.input<typeof stageWireSchema>;

/** One row of GET /api/stages/: a member's own stage without its elements. */
export const stageSummarySchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    name: z.string(),
    public: z.boolean(),
    updated: z.string().min(1),
  }),
);
export type StageSummary = z.infer<typeof stageSummarySchema>;

/** Body of POST /api/stages/ and PUT /api/stages/{id}/; the server owns the stage id. */
export const stageSaveBodySchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).max(STAGE_LIMITS.nameMax),
    public: z.boolean().default(false),
    ...stageFields(),
  }),
);
export type StageSaveBody = z.infer<typeof stageSaveBodySchema>;
export type StageSaveBodyInput = z.input<typeof stageSaveBodySchema>;

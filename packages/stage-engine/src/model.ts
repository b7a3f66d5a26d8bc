// The stage model the engine and the screens work with: English names inside, SPEC's wire names
// (designHeigth, heigth, visibeTime, ipscTagetType…) only in stageFromWire/stageToWire, so stored
// stages load and save unchanged (DECISIONS "Readings of unclear points").
import {
  AnimationType,
  DEFAULT_POPPER_HEIGHT,
  STAGE_LIMITS,
  StageElementType,
  TargetType,
  VisibleTimeType,
  stageWireSchema,
} from '@club/contract/stage';
import type { StageElementWire, StageWire } from '@club/contract/stage';
import { clampPosition, clampScale, clampVisibleTime } from './clamp.ts';

/** One element on the stage, in engine terms. */
export interface StageElement {
  readonly id: string;
  readonly name: string;
  readonly type: StageElementType;
  /** Card variant; null for a popper stored without one. */
  readonly targetType: TargetType | null;
  /** Wire `randomType` of cards, kept so stored stages round-trip; null when absent. */
  readonly randomTargetType: boolean | null;
  /** −5000 (left edge) … 5000 (right edge); the element's centre. */
  readonly positionX: number;
  /** −5000 (top edge) … 5000 (bottom edge); the element's centre. */
  readonly positionY: number;
  /** Height as a percent of the stage height at scale 1. */
  readonly height: number;
  readonly scale: number;
  /** Visible time in seconds for the fixed visible-time mode. */
  readonly visibleTimeSeconds: number;
  readonly animation: AnimationType;
  readonly randomPosition: boolean;
  readonly randomScale: boolean;
  readonly visibleTimeMode: VisibleTimeType;
}

/** A stage: its design size, its elements and its random-elements rule. */
export interface Stage {
  readonly id: string;
  readonly name: string;
  readonly designWidth: number;
  readonly designHeight: number;
  /** When true the drill shows at most maxRandomElements elements at once, picked at random. */
  readonly randomElements: boolean;
  readonly maxRandomElements: number;
  readonly elements: readonly StageElement[];
  /** Only for stages kept on the server. */
  readonly isPublic?: boolean;
}

/** The eleven elements of the designer's add gallery, in gallery order. */
export const ELEMENT_KINDS = [
  'popper',
  'full-shootable',
  'full-no-shoot',
  'half-no-shoot-left',
  'half-no-shoot-right',
  'half-no-shoot-top',
  'half-no-shoot-bottom',
  'full-hardcover',
  'half-hardcover-left',
  'half-hardcover-right',
  'half-hardcover-top',
  'half-hardcover-bottom',
] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

const KIND_TARGET: Record<Exclude<ElementKind, 'popper'>, TargetType> = {
  'full-shootable': TargetType.fullShootable,
  'full-no-shoot': TargetType.fullNonshoot,
  'half-no-shoot-left': TargetType.halfNonshootLeft,
  'half-no-shoot-right': TargetType.halfNonshootRight,
  'half-no-shoot-top': TargetType.halfNonshootTop,
  'half-no-shoot-bottom': TargetType.halfNonshootBottom,
  'full-hardcover': TargetType.fullHardcover,
  'half-hardcover-left': TargetType.halfHardcoverLeft,
  'half-hardcover-right': TargetType.halfHardcoverRight,
  'half-hardcover-top': TargetType.halfHardcoverTop,
  'half-hardcover-bottom': TargetType.halfHardcoverBottom,
};

/** Source of new element ids; injectable so tests get stable ids. */
export type IdSource = () => string;

const randomId: IdSource = () => crypto.randomUUID();

/** The gallery kind of an element (a card without a target type counts as full shootable). */
export function kindOf(element: Pick<StageElement, 'type' | 'targetType'>): ElementKind {
  if (element.type === StageElementType.popperIpsc) return 'popper';
  const targetType = element.targetType ?? TargetType.fullShootable;
  const entry = Object.entries(KIND_TARGET).find(([, value]) => value === targetType);
  return (entry?.[0] as ElementKind | undefined) ?? 'full-shootable';
}

/** Animations an element type can play: swinger, door and rise-fall for cards, rise-fall for poppers. */
export function animationsFor(type: StageElementType): readonly AnimationType[] {
  return type === StageElementType.popperIpsc
    ? [AnimationType.none, AnimationType.popperRiseFall]
    : [AnimationType.none, AnimationType.swinger, AnimationType.door, AnimationType.cardRiseFall];
}

/** Default height (percent of stage height at scale 1): 40 for a card, the popper in proportion to it. */
export function defaultHeightFor(type: StageElementType): number {
  return type === StageElementType.popperIpsc ? DEFAULT_POPPER_HEIGHT : STAGE_LIMITS.elementHeight;
}

/** A new element of a gallery kind at the stage centre with SPEC §3 defaults. */
export function createElement(
  kind: ElementKind,
  options: { newId?: IdSource; name?: string } = {},
): StageElement {
  const isPopper = kind === 'popper';
  const type = isPopper ? StageElementType.popperIpsc : StageElementType.tarjetaIpsc;
  return {
    id: (options.newId ?? randomId)(),
    name: options.name ?? kind,
    type,
    targetType: isPopper ? null : KIND_TARGET[kind],
    randomTargetType: isPopper ? null : false,
    positionX: 0,
    positionY: 0,
    height: defaultHeightFor(type),
    scale: STAGE_LIMITS.scale,
    visibleTimeSeconds: STAGE_LIMITS.visibleTimeMin,
    animation: AnimationType.none,
    randomPosition: false,
    randomScale: false,
    visibleTimeMode: VisibleTimeType.always,
  };
}

/** Changes an element's gallery kind, dropping an animation the new type cannot play. */
export function applyKind(element: StageElement, kind: ElementKind): StageElement {
  const isPopper = kind === 'popper';
  const type = isPopper ? StageElementType.popperIpsc : StageElementType.tarjetaIpsc;
  const typeChanged = type !== element.type;
  return {
    ...element,
    type,
    targetType: isPopper ? null : KIND_TARGET[kind],
    randomTargetType: isPopper ? null : (element.randomTargetType ?? false),
    height: typeChanged ? defaultHeightFor(type) : element.height,
    animation: animationsFor(type).includes(element.animation) ? element.animation : AnimationType.none,
  };
}

/** An empty stage with SPEC's design size (1280 × 720) and at most 2 random elements. */
export function createEmptyStage(options: { id?: string; name?: string } = {}): Stage {
  return {
    id: options.id ?? '',
    name: options.name ?? '',
    designWidth: STAGE_LIMITS.designWidth,
    designHeight: STAGE_LIMITS.designHeight,
    randomElements: false,
    maxRandomElements: STAGE_LIMITS.maxRandomElements,
    elements: [],
  };
}

// The numeric bounds of SPEC §5, by wire name: "values are clamped".
const ELEMENT_BOUNDS: Record<string, readonly [number, number]> = {
  positionX: [STAGE_LIMITS.positionMin, STAGE_LIMITS.positionMax],
  positionY: [STAGE_LIMITS.positionMin, STAGE_LIMITS.positionMax],
  scale: [STAGE_LIMITS.scaleMin, STAGE_LIMITS.scaleMax],
  visibeTime: [STAGE_LIMITS.visibleTimeMin, STAGE_LIMITS.visibleTimeMax],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored stage with its elements' out-of-range numbers brought to the nearest bound (a visible
 * time of 0 becomes 3 s, a position of 6000 becomes 5000), so that a stage saved by an older
 * version or edited by hand still loads. Anything that is not a finite number is left for the
 * schema to refuse.
 */
function clampStoredBounds(json: unknown): unknown {
  if (!isRecord(json) || !Array.isArray(json.elements)) return json;
  const elements: unknown[] = json.elements;
  return {
    ...json,
    elements: elements.map((element) => {
      if (!isRecord(element)) return element;
      const clamped = { ...element };
      for (const [field, [min, max]] of Object.entries(ELEMENT_BOUNDS)) {
        const value = clamped[field];
        if (typeof value === 'number' && Number.isFinite(value)) clamped[field] = Math.min(max, Math.max(min, value));
      }
      return clamped;
    }),
  };
}

/**
 * Parses stored or received stage JSON: lenient on missing fields (SPEC's defaults) and on
 * numbers out of bounds (clamped, SPEC §5), strict on types and enumeration values; throws a
 * ZodError when invalid.
 */
export function parseStage(json: unknown): Stage {
  return stageFromWire(stageWireSchema.parse(clampStoredBounds(json)));
}

/** Like parseStage but returns null for anything that is not a valid stage. */
export function tryParseStage(json: unknown): Stage | null {
  const result = stageWireSchema.safeParse(clampStoredBounds(json));
  return result.success ? stageFromWire(result.data) : null;
}

/** Maps a parsed wire stage to the engine model. */
export function stageFromWire(wire: StageWire): Stage {
  return {
    id: wire.id,
    name: wire.name,
    designWidth: wire.designWidth,
    designHeight: wire.designHeigth,
    randomElements: wire.randomElements,
    maxRandomElements: wire.maxRandomElements,
    elements: wire.elements.map(elementFromWire),
    ...(wire.public === undefined ? {} : { isPublic: wire.public }),
  };
}

/** Maps the engine model back to the wire shape, SPEC spellings included. */
export function stageToWire(stage: Stage): StageWire {
  return {
    id: stage.id,
    name: stage.name,
    designWidth: stage.designWidth,
    designHeigth: stage.designHeight,
    randomElements: stage.randomElements,
    maxRandomElements: stage.maxRandomElements,
    elements: stage.elements.map(elementToWire),
    ...(stage.isPublic === undefined ? {} : { public: stage.isPublic }),
  };
}

/** Maps one parsed wire element to the engine model, filling the type-dependent defaults. */
export function elementFromWire(wire: StageElementWire): StageElement {
  const isCard = wire.type === StageElementType.tarjetaIpsc;
  return {
    id: wire.id,
    name: wire.name,
    type: wire.type,
    targetType: wire.ipscTagetType ?? (isCard ? TargetType.fullShootable : null),
    randomTargetType: wire.randomType ?? (isCard ? false : null),
    positionX: wire.positionX,
    positionY: wire.positionY,
    height: wire.heigth ?? defaultHeightFor(wire.type),
    scale: wire.scale,
    visibleTimeSeconds: wire.visibeTime,
    animation: wire.animationType,
    randomPosition: wire.randomPosition,
    randomScale: wire.randomScale,
    visibleTimeMode: wire.visibleTimeType,
  };
}

/** Maps one engine element to its wire shape. */
export function elementToWire(element: StageElement): StageElementWire {
  return {
    id: element.id,
    name: element.name,
    type: element.type,
    positionX: element.positionX,
    positionY: element.positionY,
    heigth: element.height,
    scale: element.scale,
    visibeTime: element.visibleTimeSeconds,
    animationType: element.animation,
    randomPosition: element.randomPosition,
    randomScale: element.randomScale,
    visibleTimeType: element.visibleTimeMode,
    ...(element.targetType === null ? {} : { ipscTagetType: element.targetType }),
    ...(element.randomTargetType === null ? {} : { randomType: element.randomTargetType }),
  };
}

/** Settings the designer may change on an element; numbers are clamped and snapped on the way in. */
export type ElementPatch = Partial<Omit<StageElement, 'id' | 'type' | 'targetType'>>;

/** Returns the element with a patch applied, positions, scale and visible time clamped to SPEC §5. */
export function patchElement(element: StageElement, patch: ElementPatch): StageElement {
  const next = { ...element, ...patch };
  return {
    ...next,
    positionX: clampPosition(next.positionX),
    positionY: clampPosition(next.positionY),
    scale: clampScale(next.scale),
    visibleTimeSeconds: clampVisibleTime(next.visibleTimeSeconds),
    animation: animationsFor(next.type).includes(next.animation) ? next.animation : AnimationType.none,
  };
}

/** Returns the stage with one element replaced by the result of an update (unknown id: unchanged stage). */
export function updateElement(
  stage: Stage,
  id: string,
  update: (element: StageElement) => StageElement,
): Stage {
  if (!stage.elements.some((element) => element.id === id)) return stage;
  return {
    ...stage,
    elements: stage.elements.map((element) => (element.id === id ? update(element) : element)),
  };
}

/** Returns the stage with an element added on top, unless it already holds the 200 allowed. */
export function addElement(stage: Stage, element: StageElement): Stage {
  if (stage.elements.length >= STAGE_LIMITS.maxElements) return stage;
  return { ...stage, elements: [...stage.elements, element] };
}

/** Returns the stage without the element of that id. */
export function removeElement(stage: Stage, id: string): Stage {
  return { ...stage, elements: stage.elements.filter((element) => element.id !== id) };
}

/** Returns the stage with every element removed (the designer's delete-all). */
export function clearElements(stage: Stage): Stage {
  return { ...stage, elements: [] };
}

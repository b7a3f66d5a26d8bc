// Draws a stage with Konva, imperatively, for the designer (design mode) and the dry-training
// viewer (view mode). It holds no rules of its own: positions, poses, clamping, drag and the
// drill schedule all come from the pure modules beside it, which are unit-tested; this file only
// turns their answers into Konva nodes and forwards pointer events. Only testable in a browser.
import Konva from 'konva/lib/Core';
import { Line } from 'konva/lib/shapes/Line';
import { Rect } from 'konva/lib/shapes/Rect';
import { EngineState } from '@club/contract/stage';
import { poseAt, RESTING_POSE } from './animation.ts';
import type { Pose } from './animation.ts';
import {
  canvasToStage,
  createViewport,
  pixelsPerMillimetre,
  realSizePixelsPerMillimetre,
  stageRectOnCanvas,
  stageToCanvas,
} from './coordinates.ts';
import type { CanvasPoint, RealSizeCalibration, StagePoint, Viewport } from './coordinates.ts';
import { dragTo, realSizeOf, stageSizeWith } from './hit-test.ts';
import type { PlacedSize } from './hit-test.ts';
import type { Stage, StageElement } from './model.ts';
import { createEmptyStage } from './model.ts';
import { mulberry32, randomSeed } from './random.ts';
import { Drill, DrillScheduler } from './scheduler.ts';
import type { Clock, DrillCue, DrillFrame, DrillPlanOptions, DrillUpdate } from './scheduler.ts';
import { DEFAULT_TARGET_SHAPES, shapeFor } from './shapes.ts';
import type { TargetShapes } from './shapes.ts';

/** Design mode edits (plain background, guides, select and drag); view mode plays drills. */
export type RendererMode = 'design' | 'view';

/** Options of a renderer; every callback is optional. */
export interface RendererOptions {
  readonly mode: RendererMode;
  /**
   * View mode: what shows behind the stage. `range` (the default) draws a plain outdoor range on
   * a layer under the elements; `container` draws nothing there, so the container's own
   * background shows (a picture painted by the browser, from the page's first paint, where a
   * canvas the size of the screen would cost its allocation, the picture's rasterising on the
   * page's thread and a copy to the screen with every frame).
   */
  readonly backdrop?: 'range' | 'container';
  /** Design mode: an element was clicked (its id) or the empty stage was (null). Selection stays controlled: call setSelected. */
  readonly onSelect?: (id: string | null) => void;
  /** Design mode: an element is being dragged to a clamped, snapped position. */
  readonly onDragMove?: (id: string, position: StagePoint) => void;
  /** Design mode: an element was dropped at a clamped, snapped position; store it and call setStage. */
  readonly onMove?: (id: string, position: StagePoint) => void;
  /** View mode: a planned drill reached a cue (start signal, par time, end…); the screen beeps. */
  readonly onCue?: (cue: DrillCue) => void;
  /** View mode: every drill frame, for counters and state displays. */
  readonly onFrame?: (frame: DrillFrame) => void;
  /** Seed of the drill's random source; a random seed when absent. */
  readonly seed?: number;
  /** Clock in ms; performance.now when absent. */
  readonly clock?: Clock;
  /** The target shapes at the club's sizes; the defaults when absent (see setTargetShapes). */
  readonly targetShapes?: TargetShapes;
}

interface ElementNode {
  element: StageElement;
  /** Placed at the element's centre, scaled to canvas pixels per shape millimetre. */
  readonly outer: Konva.Group;
  /** Carries the animation pose about its pivot. */
  readonly posed: Konva.Group;
  readonly selection: Rect;
  kindKey: string;
}

const COLOURS = {
  letterbox: '#1f2329',
  designStage: '#f4f2ed',
  designGrid: '#e3dfd6',
  guide: '#d62828',
  selection: '#1e88e5',
  sky: ['#9ec9ec', '#dcebf5'],
  berm: '#7a6248',
  bermShade: '#5f4b36',
  ground: ['#d8c29a', '#b89c6e'],
} as const;

const performanceClock: Clock = { now: () => performance.now() };

/** A Konva canvas showing one stage, sized to its container at the device pixel ratio. */
export class StageRenderer {
  private readonly container: HTMLElement;
  private readonly options: RendererOptions;
  private readonly clock: Clock;
  private readonly konvaStage: Konva.Stage;
  /** View mode: the range backdrop, under the elements; none over the container's own background. */
  private readonly backgroundLayer: Konva.Layer | null;
  /**
   * Design mode: the letterbox, the stage's rectangle, its grid and guides, drawn by the browser
   * under the canvas (plain boxes and gradients): the designer has one canvas, the elements'.
   */
  private readonly designBackdrop: DesignBackdrop | null;
  private readonly elementLayer: Konva.Layer;
  private readonly resizeObserver: ResizeObserver;
  private readonly nodes = new Map<string, ElementNode>();
  private readonly previews = new Map<string, number>();
  private stage: Stage = createEmptyStage();
  private viewport: Viewport;
  private selectedId: string | null = null;
  private realSize: RealSizeCalibration | null = null;
  private shapes: TargetShapes;
  private scheduler: DrillScheduler | null = null;
  private drill: Drill | null = null;
  private frameHandle: number | null = null;
  private dragStart: { position: StagePoint; pointer: CanvasPoint } | null = null;
  private pixelRatio: number;
  private destroyed = false;

  /** Mounts a canvas into a container element, which should have a size (the canvas follows it). */
  constructor(container: HTMLElement, options: RendererOptions) {
    this.container = container;
    this.options = options;
    this.clock = options.clock ?? performanceClock;
    this.shapes = options.targetShapes ?? DEFAULT_TARGET_SHAPES;
    this.pixelRatio = currentPixelRatio();
    Konva.pixelRatio = this.pixelRatio;
    const { width, height } = containerSize(container);
    this.viewport = createViewport(width, height, this.stage.designWidth, this.stage.designHeight);
    this.konvaStage = new Konva.Stage({ container: container as HTMLDivElement, width, height });
    this.backgroundLayer =
      options.mode === 'view' && options.backdrop !== 'container' ? new Konva.Layer({ listening: false }) : null;
    this.designBackdrop = options.mode === 'design' ? createDesignBackdrop(container) : null;
    this.elementLayer = new Konva.Layer({ listening: options.mode === 'design' });
    if (this.backgroundLayer !== null) this.konvaStage.add(this.backgroundLayer);
    this.konvaStage.add(this.elementLayer);
    if (options.mode === 'design') {
      // A click that reaches the stage itself hit no element: deselect.
      this.konvaStage.on('click tap', (event) => {
        if (event.target === this.konvaStage) {
          this.options.onSelect?.(null);
        }
      });
    }
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.layout();
  }

  /** The current placement of the design rectangle on the canvas. */
  getViewport(): Viewport {
    return this.viewport;
  }

  /** Sizes of placed elements as this renderer draws them (real size or stage size), for scoring shots. */
  placedSize(): PlacedSize {
    return this.realSize === null
      ? stageSizeWith(this.shapes)
      : realSizeOf(this.viewport, this.realSize, this.shapes);
  }

  /** The target shapes this renderer draws (the club's sizes), for scoring shots against the same zones. */
  targetShapes(): TargetShapes {
    return this.shapes;
  }

  /** Draws the targets at other sizes (the club's, once loaded); drills started afterwards use them too. */
  setTargetShapes(shapes: TargetShapes): void {
    if (shapes === this.shapes) return;
    this.shapes = shapes;
    for (const node of this.nodes.values()) {
      node.posed.destroyChildren();
      addShapeParts(node.posed, node.element, shapes);
      resizeSelection(node.selection, node.element, shapes);
    }
    this.renderNow();
  }

  /** Converts a pointer's client coordinates (e.g. a drop from the gallery) to a stage point. */
  clientToStage(clientX: number, clientY: number): StagePoint {
    const rect = this.container.getBoundingClientRect();
    return canvasToStage(this.viewport, { x: clientX - rect.left, y: clientY - rect.top });
  }

  /** Engine state of the viewer's drill (stopped when none runs). */
  get state(): EngineState {
    return (this.drill ?? this.scheduler)?.state ?? EngineState.stopped;
  }

  /** Shows a stage; elements are matched by id so a drag in progress survives an update. */
  setStage(stage: Stage): void {
    const designChanged =
      stage.designWidth !== this.stage.designWidth || stage.designHeight !== this.stage.designHeight;
    this.stage = stage;
    if (designChanged) {
      this.viewport = createViewport(
        this.viewport.canvasWidth,
        this.viewport.canvasHeight,
        stage.designWidth,
        stage.designHeight,
      );
      this.drawBackground();
    }
    this.syncNodes();
    this.scheduler?.setStage(stage);
    for (const id of this.previews.keys()) if (!this.nodes.has(id)) this.previews.delete(id);
    this.renderNow();
  }

  /** Highlights the selected element (design mode); only it can then be dragged. */
  setSelected(id: string | null): void {
    this.selectedId = id;
    for (const node of this.nodes.values()) this.styleSelection(node);
    this.elementLayer.batchDraw();
  }

  /** Real-size mode: targets drawn at their true angular size for the calibration; null returns to stage sizes. */
  setRealSize(calibration: RealSizeCalibration | null): void {
    this.realSize = calibration;
    this.renderNow();
  }

  /** Design mode: plays one element's animation as a preview. */
  play(elementId: string): void {
    if (!this.nodes.has(elementId)) return;
    this.previews.set(elementId, this.clock.now());
    this.ensureLoop();
  }

  /** Design mode: stops one element's preview and puts it back at rest. */
  stop(elementId: string): void {
    this.previews.delete(elementId);
    this.renderNow();
  }

  /** Whether an element's preview animation is playing. */
  isPlaying(elementId: string): boolean {
    return this.previews.has(elementId);
  }

  /** View mode: starts (or resumes) the stage's animations and visible times, without a plan. */
  start(): void {
    if (this.drill === null) {
      this.scheduler ??= new DrillScheduler(this.stage, {
        clock: this.clock,
        random: mulberry32(this.seed()),
        shapes: this.shapes,
      });
      this.scheduler.start();
    } else {
      this.drill.start();
    }
    this.ensureLoop();
  }

  /** View mode: starts a planned drill (repetitions, random start delay, par time); cues go to onCue. */
  startDrill(plan: DrillPlanOptions): void {
    this.stopAll();
    this.drill = new Drill(this.stage, {
      ...plan,
      clock: this.clock,
      random: mulberry32(this.seed()),
      shapes: this.shapes,
    });
    this.drill.start();
    this.ensureLoop();
  }

  /** Pauses the drill (the frame stays as it is). */
  pause(): void {
    (this.drill ?? this.scheduler)?.pause();
    this.renderNow();
  }

  /** Stops every drill and preview; elements return to their designed places. */
  stopAll(): void {
    this.drill?.stop();
    this.drill = null;
    this.scheduler?.stop();
    this.scheduler = null;
    this.previews.clear();
    this.renderNow();
  }

  /** Removes the canvas and every listener. */
  destroy(): void {
    this.destroyed = true;
    if (this.frameHandle !== null) cancelAnimationFrame(this.frameHandle);
    this.frameHandle = null;
    this.resizeObserver.disconnect();
    this.konvaStage.destroy();
    this.designBackdrop?.letterbox.remove();
    this.nodes.clear();
  }

  private seed(): number {
    return this.options.seed ?? randomSeed();
  }

  private resize(): void {
    if (this.destroyed) return;
    const ratio = currentPixelRatio();
    if (ratio !== this.pixelRatio) {
      // The window moved to a screen of another density: re-create the backing stores.
      this.pixelRatio = ratio;
      Konva.pixelRatio = ratio;
      for (const layer of [this.backgroundLayer, this.elementLayer]) {
        layer?.getCanvas().setPixelRatio(ratio);
      }
    }
    this.layout();
  }

  private layout(): void {
    const { width, height } = containerSize(this.container);
    this.konvaStage.size({ width, height });
    this.viewport = createViewport(width, height, this.stage.designWidth, this.stage.designHeight);
    this.drawBackground();
    this.syncNodes();
    this.renderNow();
  }

  private drawBackground(): void {
    if (this.designBackdrop !== null) {
      const { x, y, width, height } = stageRectOnCanvas(this.viewport);
      const { style } = this.designBackdrop.stage;
      style.setProperty('left', `${x}px`);
      style.setProperty('top', `${y}px`);
      style.setProperty('width', `${width}px`);
      style.setProperty('height', `${height}px`);
    }
    const layer = this.backgroundLayer;
    if (layer === null) return;
    layer.destroyChildren();
    drawRangeBackdrop(layer, this.viewport.canvasWidth, this.viewport.canvasHeight);
    layer.batchDraw();
  }

  /** Creates, updates, re-orders and removes element nodes to match the stage. */
  private syncNodes(): void {
    const seen = new Set<string>();
    this.stage.elements.forEach((element, index) => {
      seen.add(element.id);
      let node = this.nodes.get(element.id);
      const kindKey = `${element.type}:${element.targetType ?? ''}`;
      if (node === undefined) {
        node = this.createNode(element);
        this.nodes.set(element.id, node);
        this.elementLayer.add(node.outer);
      } else if (node.kindKey !== kindKey) {
        node.posed.destroyChildren();
        addShapeParts(node.posed, element, this.shapes);
        resizeSelection(node.selection, element, this.shapes);
        node.kindKey = kindKey;
      }
      node.element = element;
      node.outer.zIndex(index);
      this.styleSelection(node);
    });
    for (const [id, node] of this.nodes) {
      if (!seen.has(id)) {
        node.outer.destroy();
        this.nodes.delete(id);
      }
    }
  }

  private createNode(element: StageElement): ElementNode {
    const design = this.options.mode === 'design';
    const outer = new Konva.Group({ listening: design });
    const posed = new Konva.Group();
    addShapeParts(posed, element, this.shapes);
    const selection = new Rect({
      stroke: COLOURS.selection,
      strokeWidth: 2,
      dash: [6, 4],
      strokeScaleEnabled: false,
      listening: false,
      visible: false,
    });
    resizeSelection(selection, element, this.shapes);
    outer.add(posed, selection);
    const node: ElementNode = {
      element,
      outer,
      posed,
      selection,
      kindKey: `${element.type}:${element.targetType ?? ''}`,
    };
    if (design) this.wireInteraction(node);
    return node;
  }

  private wireInteraction(node: ElementNode): void {
    const { outer } = node;
    outer.on('click tap', (event) => {
      event.cancelBubble = true;
      this.options.onSelect?.(this.selectedId === node.element.id ? null : node.element.id);
    });
    outer.on('mouseenter', () => {
      if (outer.draggable()) this.container.style.cursor = 'move';
    });
    outer.on('mouseleave', () => {
      this.container.style.cursor = '';
    });
    outer.on('dragstart', () => {
      const { element } = node;
      this.dragStart = {
        position: { positionX: element.positionX, positionY: element.positionY },
        pointer: outer.absolutePosition(),
      };
      if (this.selectedId !== element.id) this.options.onSelect?.(element.id);
    });
    outer.dragBoundFunc((pointer) => {
      if (this.dragStart === null) return pointer;
      const position = dragTo(
        this.dragStart.position,
        pointer.x - this.dragStart.pointer.x,
        pointer.y - this.dragStart.pointer.y,
        this.viewport,
      );
      return stageToCanvas(this.viewport, position);
    });
    outer.on('dragmove', () => {
      this.options.onDragMove?.(node.element.id, this.positionOf(outer));
    });
    outer.on('dragend', () => {
      const position = this.positionOf(outer);
      this.dragStart = null;
      this.options.onMove?.(node.element.id, position);
    });
  }

  private positionOf(outer: Konva.Group): StagePoint {
    if (this.dragStart === null) return canvasToStage(this.viewport, outer.position());
    const pointer = outer.absolutePosition();
    return dragTo(
      this.dragStart.position,
      pointer.x - this.dragStart.pointer.x,
      pointer.y - this.dragStart.pointer.y,
      this.viewport,
    );
  }

  private styleSelection(node: ElementNode): void {
    const selected = node.element.id === this.selectedId;
    node.selection.visible(selected && this.options.mode === 'design');
    // With a selection only the selected element moves; a playing preview never does.
    const draggable =
      this.options.mode === 'design' &&
      (this.selectedId === null || selected) &&
      !this.previews.has(node.element.id);
    node.outer.draggable(draggable);
  }

  private ensureLoop(): void {
    if (this.frameHandle !== null || this.destroyed) return;
    const tick = () => {
      this.frameHandle = null;
      const animating = this.renderNow();
      if (animating && !this.destroyed) this.frameHandle = requestAnimationFrame(tick);
    };
    this.frameHandle = requestAnimationFrame(tick);
  }

  /** Draws the current instant; returns whether anything is still moving. */
  private renderNow(): boolean {
    if (this.destroyed) return false;
    let animating = false;
    const source = this.drill ?? this.scheduler;
    if (source !== null && source.state !== EngineState.stopped) {
      let frame: DrillFrame;
      if (this.drill !== null) {
        const update: DrillUpdate = this.drill.update();
        for (const cue of update.cues) this.options.onCue?.(cue);
        frame = update.frame;
      } else {
        frame = (this.scheduler as DrillScheduler).frame();
      }
      this.options.onFrame?.(frame);
      for (const item of frame.elements) {
        const node = this.nodes.get(item.id);
        if (node !== undefined) this.place(node, item, item.pose, item.visible);
      }
      animating = frame.state === EngineState.running;
    } else {
      const now = this.clock.now();
      for (const node of this.nodes.values()) {
        const startedAt = this.previews.get(node.element.id);
        const pose =
          startedAt === undefined ? RESTING_POSE : poseAt(node.element, now - startedAt, this.shapes);
        // A preview never hides the element outright: the designer still needs to see and pick it.
        this.place(node, node.element, pose, true);
        this.styleSelection(node);
      }
      animating = this.previews.size > 0;
    }
    this.elementLayer.batchDraw();
    return animating;
  }

  private place(
    node: ElementNode,
    placement: { positionX: number; positionY: number; scale: number },
    pose: Pose,
    visible: boolean,
  ): void {
    const { element } = node;
    if (!(this.dragStart !== null && node.outer.isDragging())) {
      node.outer.position(stageToCanvas(this.viewport, placement));
    }
    const scale =
      this.realSize === null
        ? pixelsPerMillimetre(this.viewport, element, placement.scale, this.shapes)
        : realSizePixelsPerMillimetre(this.viewport.canvasWidth, this.realSize);
    node.outer.scale({ x: scale, y: scale });
    node.outer.visible(visible);
    node.posed.setAttrs({
      x: pose.pivotX + pose.offsetX,
      y: pose.pivotY + pose.offsetY,
      offsetX: pose.pivotX,
      offsetY: pose.pivotY,
      rotation: pose.rotation,
      // Konva cannot invert a zero scale; an edge-on element is drawn a hair thick instead.
      scaleX: Math.max(pose.scaleX, 0.001),
      scaleY: Math.max(pose.scaleY, 0.001),
    });
  }
}

function currentPixelRatio(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}

function containerSize(container: HTMLElement): { width: number; height: number } {
  return { width: Math.max(1, container.clientWidth), height: Math.max(1, container.clientHeight) };
}

interface DesignBackdrop {
  /** Fills the container, under Konva's canvas. */
  readonly letterbox: HTMLDivElement;
  /** Placed on the stage's rectangle by drawBackground. */
  readonly stage: HTMLDivElement;
}

/**
 * The designer's backdrop, as the first child of the container (Konva's canvas, positioned after
 * it, is drawn over it): the letterbox; the stage's rectangle with a faint tenth grid that helps
 * line targets up and the red guides that mark the centre (SPEC §2).
 */
function createDesignBackdrop(container: HTMLElement): DesignBackdrop {
  const letterbox = container.ownerDocument.createElement('div');
  const stage = container.ownerDocument.createElement('div');
  const styles: [HTMLDivElement, Record<string, string>][] = [
    [letterbox, { position: 'absolute', inset: '0', 'pointer-events': 'none', 'background-color': COLOURS.letterbox }],
    [
      stage,
      {
        position: 'absolute',
        'background-color': COLOURS.designStage,
        'background-image': [
          centreLine('right'),
          centreLine('bottom'),
          `linear-gradient(to right, ${COLOURS.designGrid} 0 1px, transparent 1px)`,
          `linear-gradient(to bottom, ${COLOURS.designGrid} 0 1px, transparent 1px)`,
        ].join(', '),
        'background-size': '100% 100%, 100% 100%, 10% 100%, 100% 10%',
        'background-repeat': 'no-repeat, no-repeat, repeat-x, repeat-y',
      },
    ],
  ];
  for (const [element, properties] of styles) {
    for (const [property, value] of Object.entries(properties)) element.style.setProperty(property, value);
  }
  letterbox.append(stage);
  container.prepend(letterbox);
  return { letterbox, stage };
}

/** A red guide 1.5 px wide across the middle of a box, as a CSS gradient going `direction`. */
function centreLine(direction: 'right' | 'bottom'): string {
  const from = 'calc(50% - 0.75px)';
  const to = 'calc(50% + 0.75px)';
  return `linear-gradient(to ${direction}, transparent ${from}, ${COLOURS.guide} ${from} ${to}, transparent ${to})`;
}

function addShapeParts(group: Konva.Group, element: StageElement, shapes: TargetShapes): void {
  for (const part of shapeFor(element.type, element.targetType, shapes).parts) {
    group.add(
      new Line({
        points: [...part.polygon],
        closed: true,
        fill: part.fill ?? undefined,
        stroke: part.stroke ?? undefined,
        strokeWidth: part.strokeWidth,
        // Only the body and covers take pointer hits, so zone lines never steal a click.
        listening: part.role !== 'zone-line',
        perfectDrawEnabled: false,
        lineJoin: 'round',
      }),
    );
  }
}

function resizeSelection(selection: Rect, element: StageElement, shapes: TargetShapes): void {
  const shape = shapeFor(element.type, element.targetType, shapes);
  const margin = shape.height * 0.03;
  selection.setAttrs({
    x: -shape.width / 2 - margin,
    y: -shape.height / 2 - margin,
    width: shape.width + 2 * margin,
    height: shape.height + 2 * margin,
  });
}

/** A plain outdoor range: sky, an earth berm with a shaded crest, and a sand floor. */
function drawRangeBackdrop(layer: Konva.Layer, width: number, height: number): void {
  const horizon = height * 0.42;
  const bermFoot = height * 0.7;
  layer.add(
    new Rect({
      width,
      height: horizon + 1,
      fillLinearGradientStartPoint: { x: 0, y: 0 },
      fillLinearGradientEndPoint: { x: 0, y: horizon },
      fillLinearGradientColorStops: [0, COLOURS.sky[0], 1, COLOURS.sky[1]],
      listening: false,
    }),
  );
  const crest: number[] = [];
  const steps = 24;
  for (let index = 0; index <= steps; index += 1) {
    const x = (width * index) / steps;
    // A gentle irregular crest looks like heaped earth rather than a ruler line.
    const y = horizon - height * 0.05 * (0.6 + 0.4 * Math.sin(index * 1.7) * Math.cos(index * 0.6));
    crest.push(x, y);
  }
  layer.add(
    new Line({
      points: [0, bermFoot, ...crest, width, bermFoot],
      closed: true,
      fill: COLOURS.berm,
      listening: false,
    }),
  );
  layer.add(
    new Line({
      points: crest,
      stroke: COLOURS.bermShade,
      strokeWidth: Math.max(2, height * 0.01),
      listening: false,
    }),
  );
  layer.add(
    new Rect({
      y: bermFoot,
      width,
      height: height - bermFoot,
      fillLinearGradientStartPoint: { x: 0, y: bermFoot },
      fillLinearGradientEndPoint: { x: 0, y: height },
      fillLinearGradientColorStops: [0, COLOURS.ground[0], 1, COLOURS.ground[1]],
      listening: false,
    }),
  );
}

// What the laser worker does with each frame, apart from the worker plumbing, so the bench can
// drive the very same code in Node: calibrate on request, otherwise detect dots, watch for a
// moved camera once the picture has settled, and say when a live view is due.
import { cameraMoved, correlation, thumbnailOf } from './camera-moved.ts';
import type { Thumbnail } from './camera-moved.ts';
import { LaserDetector } from './detector.ts';
import type { DetectorOptions, FrameResult } from './detector.ts';
import type { StageBox } from './detector-protocol.ts';
import { applyHomography, invertHomography } from './homography.ts';
import type { Homography } from './homography.ts';
import { calibrateFromPicture } from './markers.ts';
import type { Calibration, CalibrationProblem } from './markers.ts';

/** Frames without a scene change before the moved-camera reference is taken. */
const SETTLE_FRAMES = 30;
/** Frames between two moved-camera checks, and how many checks in a row must agree. */
const CHECK_EVERY = 15;
const CHECKS_TO_AGREE = 3;
/**
 * Above this correlation with the calibration picture the marks are still in view. The laser
 * detector sees only laser-coloured change, so the marks giving way to the stage is no scene
 * change to it: the engine itself must wait for the marks to go before it takes the reference.
 */
const MARKS_STILL_SHOWN = 0.9;
/**
 * How long after the app draws (or takes away) something over the stage the camera's frames are
 * told to learn it and never score it: the camera shows it some frames later (a TV's own delay,
 * the camera's exposure and buffer, about a tenth to a quarter of a second). By capture time, so
 * a worker that has fallen behind still masks the right frames.
 */
const DRAWN_MS = 600;
/**
 * The app draws a hit marker where each shot lands, a disc of 9 design pixels' radius (more on
 * a small screen): the engine masks that place itself as soon as it reports the shot, for this
 * long, so the marker is never a shot even when the page draws it late (a busy device).
 */
const MARKER_RADIUS_DESIGN_PX = 12;
const OWN_MARKER_MS = 1500;
/** Pixels around what the app drew also learnt (blur, the fit's error). */
const DRAWN_PAD = 2;
/** Stage units inside the stage's edge where dots are still looked for. */
const STAGE_MARGIN = 30;

export interface EngineOutput {
  readonly calibration?: Calibration | null;
  /** Why a picture of the marks gave no calibration, and the refused fit when it was too poor. */
  readonly problem?: CalibrationProblem | null;
  readonly rejected?: Calibration | null;
  readonly marksFound?: number;
  readonly detection?: FrameResult;
  readonly moved?: boolean;
}

/** The worker's per-frame logic over RGBA pixels. */
export class DetectorEngine {
  readonly detector: LaserDetector;
  private reference: Thumbnail | null = null;
  /** The picture calibrated on, until the marks have gone from the camera's view. */
  private marks: Thumbnail | null = null;
  private settled = 0;
  private sinceCheck = 0;
  private movedChecks = 0;
  private reportedMoved = false;
  private calibration: Calibration | null = null;
  private design = { designWidth: 1280, designHeight: 720 };
  private inside: Uint8Array | null = null;
  private drawnUntil: Float64Array | null = null;
  private drawnMask: Uint8Array | null = null;
  private maskWidth = 0;
  private drawnShapes = new Map<string, StageBox>();
  private pendingShapes: { box: StageBox; atMs: number }[] = [];

  constructor(options: DetectorOptions) {
    this.detector = new LaserDetector(options);
  }

  /** Calibrates on a picture of the marks; on success the background and the reference start afresh. */
  calibrate(
    rgba: Uint8ClampedArray,
    width: number,
    height: number,
    design: { designWidth: number; designHeight: number; cardHeightMm?: number },
  ): EngineOutput {
    const attempt = calibrateFromPicture(rgba, width, height, design);
    const { calibration } = attempt;
    if (calibration !== null) {
      this.calibration = calibration;
      this.design = { designWidth: design.designWidth, designHeight: design.designHeight };
      this.inside = null;
      this.drawnUntil = null;
      this.detector.reset();
      this.marks = thumbnailOf(rgba, width, height);
      this.reference = null;
      this.settled = 0;
      this.movedChecks = 0;
      this.reportedMoved = false;
    }
    return {
      calibration,
      problem: attempt.problem,
      rejected: attempt.rejected,
      marksFound: attempt.marksFound,
    };
  }

  /**
   * What the app draws over the stage now (hit markers, status lines, the score). Whatever
   * appeared or went since the last call is learnt as background for a few frames, never scored.
   */
  drawn(boxes: readonly StageBox[], atMs: number): void {
    const next = new Map<string, StageBox>();
    for (const box of boxes) next.set(JSON.stringify(box), box);
    for (const [key, box] of next) if (!this.drawnShapes.has(key)) this.pendingShapes.push({ box, atMs });
    for (const [key, box] of this.drawnShapes) if (!next.has(key)) this.pendingShapes.push({ box, atMs });
    this.drawnShapes = next;
  }

  /** The masks of the stage's place and of what the app has just drawn, at the detection size. */
  private masksFor(
    width: number,
    height: number,
    atMs: number,
  ): { inside: Uint8Array | null; drawn: Uint8Array | null } {
    const calibration = this.calibration;
    if (calibration === null) return { inside: null, drawn: null };
    const scale = calibration.cameraWidth / width;
    if (this.inside === null || this.maskWidth !== width || this.inside.length !== width * height) {
      this.maskWidth = width;
      this.inside = new Uint8Array(width * height);
      this.drawnUntil = new Float64Array(width * height).fill(-Infinity);
      this.drawnMask = new Uint8Array(width * height);
      const limit = 5000 - STAGE_MARGIN;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const point = applyHomography(calibration.cameraToStage, { x: (x + 0.5) * scale, y: (y + 0.5) * scale });
          this.inside[y * width + x] =
            point !== null && Math.abs(point.x) <= limit && Math.abs(point.y) <= limit ? 1 : 0;
        }
      }
    }
    const until = this.drawnUntil!;
    if (this.pendingShapes.length > 0) {
      const stageToCamera = invertHomography(calibration.cameraToStage);
      if (stageToCamera !== null) {
        for (const { box, atMs: drawnAt } of this.pendingShapes)
          markBox(until, width, height, stageToCamera, scale, box, drawnAt + DRAWN_MS);
      }
      this.pendingShapes = [];
    }
    const drawn = this.drawnMask!;
    for (let index = 0; index < drawn.length; index += 1) drawn[index] = until[index]! >= atMs ? 1 : 0;
    return { inside: this.inside, drawn };
  }

  /** Masks where the app will draw the marker of a shot this engine has just reported. */
  private maskOwnMarker(shot: { x: number; y: number }, width: number, atMs: number): void {
    const calibration = this.calibration!;
    const scale = calibration.cameraWidth / width;
    const point = applyHomography(calibration.cameraToStage, { x: shot.x * scale, y: shot.y * scale });
    if (point === null) return;
    const halfX = (MARKER_RADIUS_DESIGN_PX * 10000) / this.design.designWidth;
    const halfY = (MARKER_RADIUS_DESIGN_PX * 10000) / this.design.designHeight;
    this.pendingShapes.push({
      box: { left: point.x - halfX, top: point.y - halfY, right: point.x + halfX, bottom: point.y + halfY },
      atMs: atMs + OWN_MARKER_MS - DRAWN_MS,
    });
  }

  /** Looks for a laser dot in a frame captured at `atMs` (the clock of `drawn`), and now and then for a moved camera. */
  detect(rgba: Uint8ClampedArray, width: number, height: number, atMs = 0): EngineOutput {
    const detection = this.detector.process(rgba, width, height, this.masksFor(width, height, atMs));
    if (detection.shot && this.calibration !== null) this.maskOwnMarker(detection.shot, width, atMs);
    this.settled = detection.sceneChange ? 0 : this.settled + 1;
    if (this.reference === null) {
      // The reference is the stage as it stands once the calibration marks have gone.
      if (this.marks !== null) {
        if (correlation(this.marks, thumbnailOf(rgba, width, height), 0, 0) >= MARKS_STILL_SHOWN) {
          this.settled = 0;
          return { detection };
        }
        this.marks = null;
        this.settled = 0;
      }
      if (this.settled >= SETTLE_FRAMES) this.reference = thumbnailOf(rgba, width, height);
      return { detection };
    }
    this.sinceCheck += 1;
    if (this.sinceCheck < CHECK_EVERY || this.reportedMoved) return { detection };
    this.sinceCheck = 0;
    this.movedChecks = cameraMoved(this.reference, thumbnailOf(rgba, width, height))
      ? this.movedChecks + 1
      : 0;
    if (this.movedChecks < CHECKS_TO_AGREE) return { detection };
    this.reportedMoved = true;
    return { detection, moved: true };
  }
}

/** Marks in `until` (detection pixels) the box round a drawn shape as learnt-only until `untilMs`. */
function markBox(
  until: Float64Array,
  width: number,
  height: number,
  stageToCamera: Homography,
  scale: number,
  box: StageBox,
  untilMs: number,
): void {
  const corners = [
    { x: box.left, y: box.top },
    { x: box.right, y: box.top },
    { x: box.right, y: box.bottom },
    { x: box.left, y: box.bottom },
  ];
  const pixels = corners.map((corner) => applyHomography(stageToCamera, corner));
  if (pixels.some((pixel) => pixel === null)) return;
  const xs = pixels.map((pixel) => pixel!.x / scale);
  const ys = pixels.map((pixel) => pixel!.y / scale);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - DRAWN_PAD);
  const right = Math.min(width - 1, Math.ceil(Math.max(...xs)) + DRAWN_PAD);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - DRAWN_PAD);
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...ys)) + DRAWN_PAD);
  for (let y = top; y <= bottom; y += 1) {
    for (let index = y * width + left; index <= y * width + right; index += 1)
      if (until[index]! < untilMs) until[index] = untilMs;
  }
}

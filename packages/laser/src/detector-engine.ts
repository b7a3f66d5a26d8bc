// What the laser worker does with each frame, apart from the worker plumbing, so the bench can
// drive the very same code in Node: calibrate on request, otherwise detect dots, watch for a
// moved camera once the picture has settled, and say when a live view is due.
import { cameraMoved, correlation, thumbnailOf } from './camera-moved.ts';
import type { Thumbnail } from './camera-moved.ts';
import { LaserDetector } from './detector.ts';
import type { DetectorOptions, FrameResult } from './detector.ts';
import { calibrateFromPicture } from './markers.ts';
import type { Calibration } from './markers.ts';

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

export interface EngineOutput {
  readonly calibration?: Calibration | null;
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

  constructor(options: DetectorOptions) {
    this.detector = new LaserDetector(options);
  }

  /** Calibrates on a picture of the marks; on success the background and the reference start afresh. */
  calibrate(
    rgba: Uint8ClampedArray,
    width: number,
    height: number,
    design: { designWidth: number; designHeight: number },
  ): EngineOutput {
    const gray = new Uint8Array(width * height);
    for (let index = 0, byte = 0; index < gray.length; index += 1, byte += 4) {
      gray[index] = (rgba[byte]! * 77 + rgba[byte + 1]! * 150 + rgba[byte + 2]! * 29) >> 8;
    }
    const calibration = calibrateFromPicture(gray, width, height, design);
    if (calibration !== null) {
      this.detector.reset();
      this.marks = thumbnailOf(rgba, width, height);
      this.reference = null;
      this.settled = 0;
      this.movedChecks = 0;
      this.reportedMoved = false;
    }
    return { calibration };
  }

  /** Looks for a laser dot, and now and then for a moved camera. */
  detect(rgba: Uint8ClampedArray, width: number, height: number): EngineOutput {
    const detection = this.detector.process(rgba, width, height);
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

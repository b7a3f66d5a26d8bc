// Messages between the player and the laser worker. Where the browser can hand the camera track
// to a worker (MediaStreamTrackProcessor), the worker reads every frame itself and the page is not
// involved; elsewhere the page sends frames as ImageBitmaps (transferred, not copied). Shots come
// out in the analysed frame's pixels with the frame's capture instant.
import type { LaserColour } from './detector.ts';
import type { Calibration, CalibrationProblem } from './markers.ts';

/** What the worker does with the frames it gets. */
export type WorkerPhase = 'idle' | 'calibrate' | 'detect';

export interface Design {
  readonly designWidth: number;
  readonly designHeight: number;
  /** The club's measured card height, for errors in millimetres at real size. */
  readonly cardHeightMm?: number;
}


export type ToWorker =
  | { readonly type: 'configure'; readonly colour: LaserColour; readonly sensitivity: number }
  | { readonly type: 'phase'; readonly phase: WorkerPhase; readonly design: Design }
  | { readonly type: 'stream'; readonly readable: ReadableStream<VideoFrame> }
  /** What the app draws over the stage changed: the camera must learn it, never score it. */
  | { readonly type: 'drawn'; readonly boxes: readonly StageBox[]; readonly atEpochMs: number }
  | {
      readonly type: 'frame';
      readonly bitmap: ImageBitmap;
      /** Capture instant in epoch milliseconds (performance.timeOrigin + now): a worker's performance.now() starts elsewhere. */
      readonly atEpochMs: number;
    };

/** A rectangle round something the app drew over the stage (a hit marker, a status line, the score), in stage units. */
export interface StageBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export type FromWorker =
  | { readonly type: 'done'; readonly analysed: number }
  | {
      readonly type: 'calibration';
      readonly calibration: Calibration | null;
      readonly problem: CalibrationProblem | null;
      readonly rejected: Calibration | null;
      readonly marksFound: number;
    }
  | {
      readonly type: 'shot';
      /** The dot in the analysed frame's pixels, and that frame's width. */
      readonly x: number;
      readonly y: number;
      readonly width: number;
      /** The frame's capture instant and the end of its analysis, in epoch milliseconds. */
      readonly atEpochMs: number;
      readonly doneAtEpochMs: number;
    }
  | { readonly type: 'view'; readonly bitmap: ImageBitmap }
  | { readonly type: 'moved' };

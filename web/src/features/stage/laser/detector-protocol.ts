// Messages between the player and the laser worker. Frames go in as ImageBitmaps (transferred,
// not copied); shots come out in the analysed frame's pixels with the frame's capture instant.
import type { LaserColour } from './detector.ts';
import type { Calibration } from './markers.ts';

export type ToWorker =
  | { readonly type: 'configure'; readonly colour: LaserColour; readonly sensitivity: number }
  | {
      readonly type: 'frame';
      readonly bitmap: ImageBitmap;
      /** performance.now() of the frame's capture. */
      readonly atMs: number;
      readonly purpose: 'calibrate' | 'detect';
      readonly design: { readonly designWidth: number; readonly designHeight: number };
    };

export type FromWorker =
  | { readonly type: 'done'; readonly analysed: number }
  | { readonly type: 'calibration'; readonly calibration: Calibration | null }
  | {
      readonly type: 'shot';
      readonly x: number;
      readonly y: number;
      readonly atMs: number;
      readonly doneAtMs: number;
    }
  | { readonly type: 'view'; readonly bitmap: ImageBitmap }
  | { readonly type: 'moved' };

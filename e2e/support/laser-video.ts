// Writes the fake camera's video for the laser test: a y4m file (raw I420 frames) of the player's
// screen seen at an angle, first showing the calibration marks, then the stage with laser dots at
// known stage places and frame numbers, with blur, sensor noise and a little flicker.
import { openSync, writeSync, closeSync } from 'node:fs';
import type { StagePoint } from '../../packages/stage-engine/src/coordinates.ts';
import type { Stage } from '../../packages/stage-engine/src/model.ts';
import {
  blur,
  cameraPointOf,
  frameOf,
  noiseTable,
  renderMarkers,
  renderStage,
  seededRandom,
  stageToCameraFor,
  toI420,
} from '@club/laser/scene';

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 480;
export const VIDEO_FPS = 30;

/** A laser flash: where on the stage, from which frame, for how many frames. */
export interface ScriptedDot {
  readonly at: StagePoint;
  readonly frame: number;
  readonly frames: number;
}

/** Writes the video; the marks show for `markerFrames`, the stage for the rest of `totalFrames`. */
export function writeLaserVideo(
  file: string,
  stage: Stage,
  dots: readonly ScriptedDot[],
  options: { markerFrames: number; totalFrames: number },
): void {
  const stageToCamera = stageToCameraFor(VIDEO_WIDTH, VIDEO_HEIGHT);
  const marks = blur(renderMarkers(VIDEO_WIDTH, VIDEO_HEIGHT, stageToCamera, stage), 1);
  const scene = blur(renderStage(VIDEO_WIDTH, VIDEO_HEIGHT, stageToCamera, stage), 1);
  const random = seededRandom(2024);
  const table = noiseTable(random);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${VIDEO_WIDTH} H${VIDEO_HEIGHT} F${VIDEO_FPS}:1 Ip A1:1 C420jpeg\n`);
    for (let frame = 0; frame < options.totalFrames; frame += 1) {
      const showingMarks = frame < options.markerFrames;
      const inView = showingMarks
        ? []
        : dots
            .filter((dot) => frame >= dot.frame && frame < dot.frame + dot.frames)
            .map((dot) => ({ ...cameraPointOf(stageToCamera, dot.at), colour: 'red' as const }));
      const gain = 1 + 0.03 * Math.sin(frame * 0.7);
      const rgba = frameOf(showingMarks ? marks : scene, { gain, noise: 5, dots: inView, random, table });
      writeSync(fd, 'FRAME\n');
      writeSync(fd, toI420(rgba, VIDEO_WIDTH, VIDEO_HEIGHT));
    }
  } finally {
    closeSync(fd);
  }
}

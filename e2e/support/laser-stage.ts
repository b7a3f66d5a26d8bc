import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { addElement, createElement, createEmptyStage, patchElement } from '../../packages/stage-engine/src/model.ts';
import type { ElementKind, Stage } from '../../packages/stage-engine/src/model.ts';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

// What the laser camera's browser tests share: the stage they shoot at, the card's scale, and
// a Chromium whose fake camera plays a video the test wrote.

/** Stage units per millimetre of an IPSC card (the card is 460 mm wide and 580 mm tall). */
export const CARD_UNITS_PER_MM_X = 1784 / 460;
export const CARD_UNITS_PER_MM_Y = 4000 / 580;

/** The height of the card's body A box, centred 45 mm below the card's centre (cards stand at 500). */
export const BODY_Y = 500 + 45 * CARD_UNITS_PER_MM_Y;

/** Two cards (one half behind hard cover), a no-shoot and a popper. */
export function laserStage(): Stage {
  const place = (stage: Stage, kind: ElementKind, id: string, positionX: number, positionY: number) =>
    addElement(stage, patchElement(createElement(kind, { newId: () => id, name: id }), { positionX, positionY }));
  let stage = createEmptyStage({ id: 'laser-stage', name: 'Laser test' });
  stage = place(stage, 'full-shootable', 't1', -3000, 500);
  stage = place(stage, 'half-hardcover-right', 't2', 0, 500);
  stage = place(stage, 'full-no-shoot', 'ns', 2200, 500);
  stage = place(stage, 'popper', 'p1', 3800, 1000);
  return stage;
}

/** A Chromium whose camera is the video file given (a .y4m or .mjpeg this test wrote). */
export function browserFilming(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

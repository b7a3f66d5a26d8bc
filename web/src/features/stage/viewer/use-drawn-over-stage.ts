import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import { canvasToStage } from '@club/stage-engine/coordinates';
import type { Viewport } from '@club/stage-engine/coordinates';
import type { LaserCamera } from '../laser/use-laser-camera.ts';

/** What the page draws over the stage and the camera sees: hit markers, the score, status lines, the notice. */
const DRAWN_OVER_STAGE = '.hit-overlay .hit, .hit-summary, .drill-status, .practice-notice';

/**
 * Everything the page draws over the stage is told to the camera each time it changes (in stage
 * units), so the camera learns it and never scores it. Only while the camera reads shots.
 */
export function useDrawnOverStage(
  camera: LaserCamera,
  viewport: Viewport | null,
  workspaceRef: RefObject<HTMLElement | null>,
  canvasRef: RefObject<HTMLElement | null>,
): void {
  const cameraDrawn = camera.drawn;
  const cameraOn = camera.status === 'ready' || camera.status === 'moved';
  useLayoutEffect(() => {
    if (!cameraOn || viewport === null) return;
    const workspace = workspaceRef.current;
    const canvas = canvasRef.current;
    if (workspace === null || canvas === null) return;
    const origin = canvas.getBoundingClientRect();
    const boxes = [...workspace.querySelectorAll(DRAWN_OVER_STAGE)].map((element) => {
      const rect = element.getBoundingClientRect();
      const topLeft = canvasToStage(viewport, { x: rect.left - origin.left, y: rect.top - origin.top });
      const bottomRight = canvasToStage(viewport, { x: rect.right - origin.left, y: rect.bottom - origin.top });
      return {
        left: topLeft.positionX,
        top: topLeft.positionY,
        right: bottomRight.positionX,
        bottom: bottomRight.positionY,
      };
    });
    cameraDrawn(boxes);
  });
}

import { useTranslation } from 'react-i18next';
import { stageToCanvas } from '@club/stage-engine/coordinates';
import type { Viewport } from '@club/stage-engine/coordinates';
import {
  MARKER_IDS,
  MARKER_MODULES,
  MARKER_POSITIONS,
  QUIET_MODULES,
  markerBits,
  markerHalfSize,
} from '@club/laser/markers';

/** The code cells of each mark, worked out once: [row, column] of every white cell. */
const WHITE_CELLS = MARKER_IDS.map((id) =>
  markerBits(id).flatMap((bit, index) => (bit === 1 ? [[Math.floor(index / 6), index % 6] as const] : [])),
);

/** The calibration screen: black, with the nine coded marks in white squares at their stage places. */
export function CalibrationMarks({ viewport }: { viewport: Viewport }) {
  const { t } = useTranslation('dry-training');
  const half = markerHalfSize(viewport.designWidth, viewport.designHeight);
  return (
    <div className="calibration-marks" data-testid="calibration-marks">
      <svg width={viewport.canvasWidth} height={viewport.canvasHeight} aria-hidden="true" shapeRendering="crispEdges">
        {MARKER_POSITIONS.map((mark, index) => {
          const topLeft = stageToCanvas(viewport, {
            positionX: mark.positionX - half.positionX,
            positionY: mark.positionY - half.positionY,
          });
          const bottomRight = stageToCanvas(viewport, {
            positionX: mark.positionX + half.positionX,
            positionY: mark.positionY + half.positionY,
          });
          const module = (bottomRight.x - topLeft.x) / MARKER_MODULES;
          const quiet = module * QUIET_MODULES;
          return (
            <g key={MARKER_IDS[index]} transform={`translate(${topLeft.x} ${topLeft.y})`}>
              <rect
                x={-quiet}
                y={-quiet}
                width={module * MARKER_MODULES + 2 * quiet}
                height={module * MARKER_MODULES + 2 * quiet}
                fill="#fff"
              />
              <rect width={module * MARKER_MODULES} height={module * MARKER_MODULES} fill="#000" />
              {WHITE_CELLS[index]!.map(([row, column]) => (
                <rect
                  key={`${row}:${column}`}
                  x={(column + 1) * module}
                  y={(row + 1) * module}
                  width={module}
                  height={module}
                  fill="#fff"
                />
              ))}
            </g>
          );
        })}
      </svg>
      <p className="calibration-hint">{t('CAMERA.CALIBRATION_HINT')}</p>
    </div>
  );
}

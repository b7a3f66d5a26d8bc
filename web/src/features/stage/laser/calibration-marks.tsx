import { useTranslation } from 'react-i18next';
import { stageToCanvas } from '@club/stage-engine/coordinates';
import type { Viewport } from '@club/stage-engine/coordinates';
import { MARKER_POSITIONS, markerHalfSize } from '@club/laser/markers';

/** The calibration screen: black, with the nine white marks at their stage places, over the whole stage. */
export function CalibrationMarks({ viewport }: { viewport: Viewport }) {
  const { t } = useTranslation('dry-training');
  const half = markerHalfSize(viewport.designWidth, viewport.designHeight);
  return (
    <div className="calibration-marks" data-testid="calibration-marks">
      <svg width={viewport.canvasWidth} height={viewport.canvasHeight} aria-hidden="true">
        {MARKER_POSITIONS.map((mark) => {
          const topLeft = stageToCanvas(viewport, {
            positionX: mark.positionX - half.positionX,
            positionY: mark.positionY - half.positionY,
          });
          const bottomRight = stageToCanvas(viewport, {
            positionX: mark.positionX + half.positionX,
            positionY: mark.positionY + half.positionY,
          });
          return (
            <rect
              key={`${mark.positionX}:${mark.positionY}`}
              x={topLeft.x}
              y={topLeft.y}
              width={bottomRight.x - topLeft.x}
              height={bottomRight.y - topLeft.y}
              fill="#fff"
            />
          );
        })}
      </svg>
      {/* Dim text: below the marks' brightness, so the search never takes it for a mark. */}
      <p className="calibration-hint">{t('CAMERA.CALIBRATION_HINT')}</p>
    </div>
  );
}

import type { ShotZone } from '@club/contract/scoring';
import { stageToCanvas } from '@club/stage-engine/coordinates';
import type { Viewport } from '@club/stage-engine/coordinates';
import type { PlayerShot } from './shot-pipeline.ts';

/** Marker colours by zone: scoring hits light, penalties red, cover and misses grey. */
const ZONE_CLASS: Record<ShotZone, string> = {
  A: 'hit--a',
  C: 'hit--c',
  D: 'hit--d',
  P: 'hit--a',
  NS: 'hit--penalty',
  M: 'hit--penalty',
  HC: 'hit--cover',
};

/** Hit markers of the current string drawn over the stage, numbered, with the score in a corner. */
export function HitOverlay({
  viewport,
  shots,
  summary,
}: {
  viewport: Viewport;
  shots: readonly PlayerShot[];
  summary: string | null;
}) {
  const radius = Math.max(6, viewport.scale * 9);
  return (
    <div className="hit-overlay" aria-hidden="true">
      <svg width={viewport.canvasWidth} height={viewport.canvasHeight}>
        {shots.map((shot) => {
          const at = stageToCanvas(viewport, shot.point);
          return (
            <g
              key={shot.number}
              className={`hit ${ZONE_CLASS[shot.zone]}`}
              transform={`translate(${at.x} ${at.y})`}
            >
              <circle r={radius} />
              <text y={radius * 0.38} fontSize={radius * 1.1}>
                {shot.number}
              </text>
            </g>
          );
        })}
      </svg>
      {summary !== null ? <div className="hit-summary">{summary}</div> : null}
    </div>
  );
}

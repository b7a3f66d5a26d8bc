import { memo, useMemo } from 'react';
import type { Stage } from '@club/stage-engine/model';
import type { TargetShapes } from '@club/stage-engine/shapes';
import { stageThumbnail, THUMBNAIL_COLOURS } from '@club/stage-engine/thumbnail';

/**
 * A stage drawn small by the engine's thumbnail scene (the same IPSC polygons as the canvas),
 * as inline SVG: no canvas per card, crisp at any size and in print. `shapes` draws the targets
 * at the club's sizes (the engine's defaults when absent).
 */
export const StageThumbnail = memo(function StageThumbnail({
  stage,
  label,
  className,
  shapes,
}: {
  stage: Stage;
  label: string;
  className?: string;
  shapes?: TargetShapes;
}) {
  const scene = useMemo(() => stageThumbnail(stage, shapes), [stage, shapes]);
  const ground = scene.height * 0.82;
  return (
    <svg
      className={`stage-thumbnail${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid meet"
    >
      <rect width={scene.width} height={scene.height} fill={THUMBNAIL_COLOURS.wall} />
      <rect y={ground} width={scene.width} height={scene.height - ground} fill={THUMBNAIL_COLOURS.ground} />
      {scene.items.map((item) => (
        <g key={item.id} transform={`translate(${item.x} ${item.y}) scale(${item.scale})`}>
          {item.parts.map((part, index) => (
            <polygon
              key={index}
              points={part.polygon.join(' ')}
              fill={part.fill ?? 'none'}
              stroke={part.stroke ?? 'none'}
              strokeWidth={part.strokeWidth * 2}
              strokeLinejoin="round"
            />
          ))}
        </g>
      ))}
    </svg>
  );
});

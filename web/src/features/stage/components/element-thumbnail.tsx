import { createElement, kindOf } from '@club/stage-engine/model';
import type { ElementKind } from '@club/stage-engine/model';
import { shapeFor } from '@club/stage-engine/shapes';

/** A gallery thumbnail drawn from the engine's own IPSC polygons, so it matches the canvas. */
export function ElementThumbnail({ kind, height = 40 }: { kind: ElementKind; height?: number }) {
  const sample = createElement(kind, { newId: () => kind });
  const shape = shapeFor(sample.type, sample.targetType);
  const pad = shape.height * 0.04;
  const viewBox = `${-shape.width / 2 - pad} ${-shape.height / 2 - pad} ${shape.width + 2 * pad} ${shape.height + 2 * pad}`;
  return (
    <svg
      className="element-thumbnail"
      data-kind={kindOf(sample)}
      height={height}
      width={(height * (shape.width + 2 * pad)) / (shape.height + 2 * pad)}
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
    >
      {shape.parts.map((part, index) => (
        <polygon
          key={index}
          points={part.polygon.join(' ')}
          fill={part.fill ?? 'none'}
          stroke={part.stroke ?? 'none'}
          strokeWidth={part.strokeWidth * 1.6}
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

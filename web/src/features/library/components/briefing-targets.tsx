import { useTranslation } from 'react-i18next';
import { TargetType } from '@club/contract/stage';
import type { TargetDimensions } from '@club/contract/targets';
import type { TargetShapes } from '@club/stage-engine/shapes';
import { formatNumber } from '../../../lib/number-format.ts';

/** Millimetres as a ruler reads them: whole, or to half a millimetre. */
const millimetres = (value: number, language: string) =>
  formatNumber(value, Number.isInteger(value) ? 0 : 1, language);

const centreOf = (polygon: readonly number[]) => {
  const xs = polygon.filter((_, index) => index % 2 === 0);
  const ys = polygon.filter((_, index) => index % 2 === 1);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
};

/**
 * What the briefing says about the targets: the card (and the popper, when the stage has one) at
 * the club's sizes, the sizes in figures, and whether staff measured them. The card is drawn from
 * the same shapes the stage drawing, the dry-training viewer and the laser's scoring use.
 */
export function BriefingTargets({
  dimensions,
  shapes,
  measured,
  hasPopper,
}: {
  dimensions: TargetDimensions;
  shapes: TargetShapes;
  measured: boolean;
  hasPopper: boolean;
}) {
  const { t, i18n } = useTranslation('targets');
  const mm = (value: number) => millimetres(value, i18n.language);
  const card = shapes.cards[TargetType.fullShootable];
  const zones = shapes.cardZones;
  const bodyA = centreOf(zones.bodyA);
  const headA = centreOf(zones.headA);
  // C beside the A zone, halfway to the C zone's edge; D between the C zone and the card's edge.
  const cX = (dimensions.bodyAWidth / 2 + dimensions.bodyCWidth / 2) / 2;
  const dX = (dimensions.bodyCWidth / 2 + dimensions.cardWidth / 2) / 2;
  const letter = Math.min(dimensions.bodyAWidth, dimensions.cardWidth / 6) * 0.4;
  const margin = 12;
  return (
    <section className="briefing-targets" data-testid="briefing-targets">
      <h2 className="h5">{t('BRIEFING.TITLE')}</h2>
      <div className="briefing-targets-body">
        <svg
          className="briefing-card"
          viewBox={`${-card.width / 2 - margin} ${-card.height / 2 - margin} ${card.width + 2 * margin} ${card.height + 2 * margin}`}
          role="img"
          aria-label={t('BRIEFING.FIGURE')}
          data-card-width={card.width}
          data-card-height={card.height}
        >
          {card.parts.map((part, index) => (
            <polygon
              key={index}
              points={part.polygon.join(' ')}
              fill={part.fill ?? 'none'}
              stroke={part.stroke ?? 'none'}
              strokeWidth={part.strokeWidth}
              strokeLinejoin="round"
            />
          ))}
          <g fontSize={letter} fontWeight={700} textAnchor="middle" dominantBaseline="central" fill="#3b2a12">
            <text x={bodyA.x} y={bodyA.y}>
              A
            </text>
            <text x={headA.x} y={headA.y} fontSize={Math.min(letter, dimensions.headAHeight * 0.8)}>
              A
            </text>
            <text x={cX} y={bodyA.y}>
              C
            </text>
            <text x={dX} y={bodyA.y}>
              D
            </text>
          </g>
        </svg>
        <ul className="briefing-target-sizes">
          <li data-testid="briefing-card-size">
            {t('BRIEFING.CARD', { width: mm(dimensions.cardWidth), height: mm(dimensions.cardHeight) })}
          </li>
          <li data-testid="briefing-card-zones">
            {t('BRIEFING.CARD_ZONES', {
              aWidth: mm(dimensions.bodyAWidth),
              aHeight: mm(dimensions.bodyAHeight),
              cWidth: mm(dimensions.bodyCWidth),
              cHeight: mm(dimensions.bodyCHeight),
              headWidth: mm(dimensions.headWidth),
              headHeight: mm(dimensions.headHeight),
              headAWidth: mm(dimensions.headAWidth),
              headAHeight: mm(dimensions.headAHeight),
            })}
          </li>
          {hasPopper ? (
            <li data-testid="briefing-popper-size">
              {t('BRIEFING.POPPER', {
                height: mm(dimensions.popperHeight),
                diameter: mm(dimensions.popperHeadDiameter),
              })}
            </li>
          ) : null}
          <li className="text-body-secondary" data-testid="briefing-sizes-source">
            {t(measured ? 'BRIEFING.MEASURED' : 'BRIEFING.APPROXIMATE')}
          </li>
        </ul>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { EVENT_STYLES } from '@club/contract/enums';

/** The twelve colour categories of SPEC §3, so members can read the chips. */
export function Legend() {
  const { t } = useTranslation('events-calendar');
  return (
    <section className="cal-legend" aria-labelledby="cal-legend-title">
      <h2 id="cal-legend-title" className="cal-legend-title">
        {t('LEGEND_TITLE')}
      </h2>
      <ul className="cal-legend-list">
        {EVENT_STYLES.map((style) => (
          <li key={style} className="cal-legend-item">
            <span className={`cal-swatch event-style-${style}`} aria-hidden="true" />
            {t(`STYLE.${style}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import type { WeekTotal } from '../training-stats.ts';

/** Reps per week as small bars, with the figures also in a table for screen readers. */
export function WeeklyChart({ totals }: { totals: readonly WeekTotal[] }) {
  const { t, i18n } = useTranslation('library');
  const max = Math.max(1, ...totals.map((w) => w.reps));
  const label = (week: string) => new Date(`${week}T12:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' });
  return (
    <figure className="weekly-chart mb-0">
      <div className="weekly-bars" aria-hidden="true">
        {totals.map((w) => (
          <div key={w.week} className="weekly-bar-cell">
            <span className="weekly-bar-value">{w.reps || ''}</span>
            <div className="weekly-bar" style={{ height: `${(w.reps / max) * 100}%` }} />
            <span className="weekly-bar-label">{label(w.week)}</span>
          </div>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>{t('TRAINING.WEEKLY')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('TRAINING.WEEK')}</th>
            <th scope="col">{t('TRAINING.SESSIONS')}</th>
            <th scope="col">{t('TRAINING.REPS')}</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((w) => (
            <tr key={w.week}>
              <td>{label(w.week)}</td>
              <td>{w.sessions}</td>
              <td>{w.reps}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="small text-body-secondary mt-1">{t('TRAINING.WEEKLY')}</figcaption>
    </figure>
  );
}

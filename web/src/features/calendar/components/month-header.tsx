import { useTranslation } from 'react-i18next';
import { Icon } from '../../../lib/icons.tsx';
import { monthTitle } from '../calendar-format.ts';
import type { YearMonth } from '@club/contract/club-time';

interface MonthHeaderProps {
  view: YearMonth;
  canGoForward: boolean;
  isCurrent: boolean;
  onPrevious(): void;
  onNext(): void;
  onToday(): void;
}

/** Previous and next arrows around the month name and year; forward stops at the month after next. */
export function MonthHeader({
  view,
  canGoForward,
  isCurrent,
  onPrevious,
  onNext,
  onToday,
}: MonthHeaderProps) {
  const { t, i18n } = useTranslation('events-calendar');
  const title = monthTitle(view, i18n.language);
  return (
    <div className="cal-header">
      <button
        type="button"
        className="cal-nav"
        onClick={onPrevious}
        aria-label={t('PREVIOUS_MONTH')}
        title={t('PREVIOUS_MONTH')}
      >
        <Icon name="chevronLeft" size={22} />
      </button>
      <h2 className="cal-month-title" aria-live="polite">
        <span className="cal-month-name">{title.month}</span>{' '}
        <span className="cal-month-year">{title.year}</span>
      </h2>
      <button
        type="button"
        className="cal-nav"
        onClick={onNext}
        disabled={!canGoForward}
        aria-label={t('NEXT_MONTH')}
        title={canGoForward ? t('NEXT_MONTH') : t('NEXT_MONTH_LIMIT')}
      >
        <Icon name="chevronRight" size={22} />
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary cal-today"
        onClick={onToday}
        disabled={isCurrent}
      >
        {t('TODAY')}
      </button>
    </div>
  );
}

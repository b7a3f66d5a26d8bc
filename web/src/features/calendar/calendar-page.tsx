import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { EventsCalendar } from './components/events-calendar.tsx';
import './calendar.css';

/** The calendar page of SPEC §2: banner, title, subtitle and the events calendar. */
export function CalendarPage() {
  const { t } = useTranslation(['calendar', 'events-calendar']);
  usePageTitle(t('calendar:TITLE'));
  return (
    <>
      <section className="calendar-banner">
        <div className="container-xl">
          <h1 className="calendar-banner-title">{t('calendar:TITLE')}</h1>
          <p className="calendar-banner-subtitle lead mb-0">{t('calendar:SUBTITLE')}</p>
        </div>
      </section>
      <div className="container-xl calendar-body">
        <EventsCalendar />
      </div>
    </>
  );
}

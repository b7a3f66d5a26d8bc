import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { EventsCalendar } from './components/events-calendar.tsx';
import './calendar.css';

const subscribeToNothing = () => () => undefined;

/** The public events as a calendar subscription (webcal opens the member's calendar app). */
function PublicFeedLink() {
  const { t } = useTranslation('events-calendar');
  // The page is also drawn at build time, where there is no window: the plain address first,
  // the webcal one once the browser knows its host.
  const host = useSyncExternalStore(subscribeToNothing, () => window.location.host, () => '');
  return (
    <p className="calendar-feed small mt-3">
      <a href={host ? `webcal://${host}/api/calendar.ics` : '/api/calendar.ics'} data-testid="public-feed">
        {t('FEED.LINK')}
      </a>{' '}
      <span className="text-body-secondary">{t('FEED.HINT')}</span>
    </p>
  );
}

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
        <PublicFeedLink />
      </div>
    </>
  );
}

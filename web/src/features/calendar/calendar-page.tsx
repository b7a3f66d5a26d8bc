import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { EventsCalendar } from './components/events-calendar.tsx';
import { CalendarSubscribe } from '../../components/calendar-subscribe.tsx';
import { useSession } from '../../lib/session.tsx';
import { usePersonalFeed } from './api/my-registrations.ts';
import './calendar.css';

const subscribeToNothing = () => () => undefined;

/**
 * The calendar in the member's own calendar app: a signed-in member's personal feed (their own
 * registrations, public and private), a visitor's the club's public events; either with the
 * ways to add it that work on every device.
 */
function FeedChoices() {
  const { t } = useTranslation('events-calendar');
  const { status, user } = useSession();
  const personal = usePersonalFeed(status === 'authenticated' ? user?.uuid : undefined);
  // The page is also drawn at build time, where there is no window: no address until the
  // browser knows its origin.
  const origin = useSyncExternalStore(subscribeToNothing, () => window.location.origin, () => '');
  const mine = status === 'authenticated';
  const url = mine ? (personal.data?.url ?? '') : origin ? `${origin}/api/calendar.ics` : '';
  return (
    <section className="calendar-feed card mt-3" aria-labelledby="calendar-feed-title" data-testid="calendar-feed">
      <div className="card-body">
        <h2 id="calendar-feed-title" className="h6">
          {mine ? t('FEED.MINE_TITLE') : t('FEED.LINK')}
        </h2>
        <p className="small text-body-secondary">{mine ? t('FEED.MINE_HINT') : t('FEED.HINT')}</p>
        <CalendarSubscribe url={url} testId={mine ? 'personal-feed-choices' : 'public-feed'} />
      </div>
    </section>
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
        <FeedChoices />
      </div>
    </>
  );
}

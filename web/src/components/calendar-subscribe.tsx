import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { showToast } from '../lib/toasts.ts';
import './calendar-subscribe.css';

/** Google Calendar's "add by URL" page for a feed; it reads the feed itself (webcal or https). */
export function googleCalendarLink(feedUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(feedUrl.replace(/^https?:/, 'webcal:'))}`;
}

/**
 * The ways to add a calendar feed that work everywhere: Google Calendar's add-by-URL page,
 * webcal for iPhone and Mac (which open their calendar app), and the address to copy for
 * anything else (Outlook, Android apps). A `webcal:` link alone does nothing where no app is
 * registered for it, as on Android and Windows browsers, so it is never the only choice.
 */
export function CalendarSubscribe({ url, testId, copy: offerCopy = true }: { url: string; testId?: string; copy?: boolean }) {
  const { t } = useTranslation('common');
  const ready = url !== '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: ToastType.success, title: t('CALENDAR_SUBSCRIBE.TITLE'), message: t('CALENDAR_SUBSCRIBE.COPIED') });
    } catch {
      showToast({ type: ToastType.error, title: t('CALENDAR_SUBSCRIBE.TITLE'), message: t('CALENDAR_SUBSCRIBE.COPY_FAILED') });
    }
  };
  return (
    <ul className="calendar-subscribe list-unstyled mb-0" data-testid={testId}>
      <li>
        {ready ? (
          <a className="btn btn-outline-primary btn-sm" href={googleCalendarLink(url)} target="_blank" rel="noopener noreferrer">
            {t('CALENDAR_SUBSCRIBE.GOOGLE')}
          </a>
        ) : (
          <button type="button" className="btn btn-outline-primary btn-sm" disabled>
            {t('CALENDAR_SUBSCRIBE.GOOGLE')}
          </button>
        )}
        <span className="small text-body-secondary">{t('CALENDAR_SUBSCRIBE.GOOGLE_STEPS')}</span>
      </li>
      <li>
        {ready ? (
          <a className="btn btn-outline-primary btn-sm" href={url.replace(/^https?:/, 'webcal:')} data-testid="webcal">
            {t('CALENDAR_SUBSCRIBE.APPLE')}
          </a>
        ) : (
          <button type="button" className="btn btn-outline-primary btn-sm" disabled>
            {t('CALENDAR_SUBSCRIBE.APPLE')}
          </button>
        )}
        <span className="small text-body-secondary">{t('CALENDAR_SUBSCRIBE.APPLE_STEPS')}</span>
      </li>
      <li>
        {offerCopy ? (
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!ready} onClick={() => void copy()}>
            {t('CALENDAR_SUBSCRIBE.COPY')}
          </button>
        ) : null}
        <span className="small text-body-secondary">{t('CALENDAR_SUBSCRIBE.OTHER_STEPS')}</span>
      </li>
    </ul>
  );
}

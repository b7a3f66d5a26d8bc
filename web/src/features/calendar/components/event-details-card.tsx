import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, matchPath } from '@club/contract/routes';
import { eventBadge, isRegistered, isRegistrable, ownRegistration } from '@club/contract/eligibility';
import { eventStyle } from '@club/contract/eligibility';
import { EventStatus } from '@club/contract/enums';
import type { ClubEvent, User } from '@club/contract/schemas';
import { Icon } from '../../../lib/icons.tsx';
import { loginPathReturningTo } from '../../../lib/return-path.ts';
import { EventBriefing } from '../../../components/event-briefing.tsx';
import { scheduleText } from '../calendar-format.ts';
import { isSocialShoot } from '../calendar-model.ts';
import { useEventMatch } from '../api/event-match.ts';
import { ParticipantsDialog } from './participants-dialog.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { WaitlistPanel } from './waitlist-panel.tsx';
import { registrationStatusClass } from '../registration-status.ts';

interface EventDetailsCardProps {
  event: ClubEvent;
  user: User | null;
  viewer: string;
  nowLocal: string;
  onClose(): void;
}

const BADGE_CLASS = {
  finalized: 'text-bg-secondary',
  open: 'text-bg-success',
  full: 'text-bg-warning',
  registered: 'text-bg-primary',
} as const;

/** Title, badge, type, schedule, seats, note and the member's registration for one event. */
export function EventDetailsCard({ event, user, viewer, nowLocal, onClose }: EventDetailsCardProps) {
  const { t, i18n } = useTranslation(['events-calendar', 'common']);
  const [showParticipants, setShowParticipants] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const style = eventStyle(event, nowLocal);
  const badge = eventBadge(event, user?.uuid ?? null, nowLocal);
  const own = user ? ownRegistration(event, user.uuid) : null;
  const headingId = `event-title-${event.uuid}`;
  const socialShoot = isSocialShoot(event.type);
  const match = useEventMatch(event.uuid, socialShoot);
  const officer = user !== null && (user.staff || user.arbitroIpsc);

  // Focus follows the card that just opened, so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [event.uuid]);

  // Escape inside the card closes it (the attendee dialog handles its own Escape).
  useEffect(() => {
    const card = cardRef.current;
    if (!card || showParticipants) return;
    const onKey = (keyEvent: KeyboardEvent) => {
      if (keyEvent.key === 'Escape') onClose();
    };
    card.addEventListener('keydown', onKey);
    return () => card.removeEventListener('keydown', onKey);
  }, [onClose, showParticipants]);

  return (
    <article
      className={`cal-card event-style-${style}${socialShoot ? ' is-long' : ''}`}
      aria-labelledby={headingId}
      data-event-uuid={event.uuid}
      ref={cardRef}
    >
      <header className="cal-card-header">
        <div className="cal-card-heading">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="cal-card-title">
            {event.status === EventStatus.privado ? (
              <Icon name="lock" size={18} className="me-1" title={t('PRIVATE')} />
            ) : null}
            {event.evento}
          </h3>
          {badge === 'registered' && own ? (
            // The member's registration says its state in the word and colour "My registrations" uses.
            <span className={`badge cal-badge ${registrationStatusClass(own.status)}`} data-badge={badge}>
              {t(`common:ENUMS.ROLE_STATUS.${own.status}`)}
            </span>
          ) : badge ? (
            <span className={`badge cal-badge ${BADGE_CLASS[badge]}`} data-badge={badge}>
              {t(`BADGE.${badge}`)}
            </span>
          ) : null}
        </div>
        <button type="button" className="btn-close" aria-label={t('CARD.CLOSE')} onClick={onClose} />
      </header>
      <div className="cal-card-body">
        <dl className="cal-facts">
          <div>
            <dt>{t('CARD.TYPE')}</dt>
            <dd>
              <span className={`cal-swatch event-style-${style}`} aria-hidden="true" />
              {t(`common:ENUMS.EVENT_TYPE.${event.type}`)}
            </dd>
          </div>
          <div>
            <dt>{t('CARD.SCHEDULE')}</dt>
            <dd>{scheduleText(event.start, event.end, i18n.language)}</dd>
          </div>
          {user && isRegistrable(event.type) && event.plazas > 0 ? (
            <div>
              <dt>{t('CARD.SEATS')}</dt>
              <dd className="cal-seats">
                <span data-testid="seats">
                  {t('CARD.SEATS_LEFT', { count: Math.max(0, event.plazasLibres), total: event.plazas })}
                </span>
                {user.staff ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary cal-attendees"
                    aria-label={t('CARD.ATTENDEES')}
                    title={t('CARD.ATTENDEES')}
                    onClick={() => setShowParticipants(true)}
                  >
                    <Icon name="list" size={16} />
                  </button>
                ) : null}
              </dd>
            </div>
          ) : null}
          {user && event.nota ? (
            <div className="cal-note">
              <dt>{t('CARD.NOTE')}</dt>
              <dd>{event.nota}</dd>
            </div>
          ) : null}
        </dl>
        {socialShoot && (match.data || user?.staff) ? (
          <p className="cal-match-links" data-testid="match-links">
            {match.data?.published ? (
              <Link className="btn btn-sm btn-primary" to={matchPath(event.uuid, 'results')}>
                {t('CARD.RESULTS')}
              </Link>
            ) : null}
            {match.data ? (
              <Link className="btn btn-sm btn-outline-primary" to={matchPath(event.uuid)}>
                {t('CARD.MATCH')}
              </Link>
            ) : null}
            {match.data && officer ? (
              <Link className="btn btn-sm btn-outline-primary" to={matchPath(event.uuid, 'score')}>
                {t('CARD.SCORE')}
              </Link>
            ) : null}
            {user?.staff ? (
              <Link className="btn btn-sm btn-outline-secondary" to={matchPath(event.uuid, 'setup')}>
                {t('CARD.MATCH_SETUP')}
              </Link>
            ) : null}
          </p>
        ) : null}
        {event.stageId ? (
          <EventBriefing
            event={event}
            stageId={event.stageId}
            registered={user !== null && isRegistered(event, user.uuid)}
            upcoming={event.start > nowLocal}
          />
        ) : null}
        {user === null && !isRegistrable(event.type) ? (
          <p className="cal-not-registrable">{t('CARD.NOT_REGISTRABLE')}</p>
        ) : user === null && event.start <= nowLocal ? null : user === null ? (
          // Signing in shows the seats and the form: only where there is still something to register for.
          <p className="cal-signin-hint">
            <Link
              to={loginPathReturningTo(
                `${APP_ROUTES.calendar}?month=${event.start.slice(0, 7)}&event=${encodeURIComponent(event.uuid)}`,
              )}
            >
              {t('CARD.SIGN_IN')}
            </Link>{' '}
            {t('CARD.SIGN_IN_HINT')}
          </p>
        ) : isRegistrable(event.type) ? (
          <>
            <RegistrationForm key={event.uuid} event={event} user={user} nowLocal={nowLocal} />
            <WaitlistPanel event={event} user={user} nowLocal={nowLocal} />
          </>
        ) : (
          <p className="cal-not-registrable">{t('CARD.NOT_REGISTRABLE')}</p>
        )}
      </div>
      {user?.staff ? (
        <ParticipantsDialog
          event={event}
          viewer={viewer}
          show={showParticipants}
          onClose={() => setShowParticipants(false)}
        />
      ) : null}
    </article>
  );
}

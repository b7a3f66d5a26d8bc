import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkRegistration, isExpired, roleForEventType } from '@club/contract/eligibility';
import { RoleStatus, ToastType } from '@club/contract/enums';
import { APP_ROUTES } from '@club/contract/routes';
import type { MyRegistration, User } from '@club/contract/schemas';
import { ApiCallError } from '../../lib/http.ts';
import { PageHeader } from '../../lib/page-title.tsx';
import { useSession } from '../../lib/session.tsx';
import { showToast, toastMessage } from '../../lib/toasts.ts';
import { useMyRegistrations, usePersonalFeed, useRenewPersonalFeed } from './api/my-registrations.ts';
import { CalendarSubscribe } from '../../components/calendar-subscribe.tsx';
import { useSubscribe } from './api/subscribe.ts';
import { useWaitlist } from './api/waitlist.ts';
import { scheduleText } from './calendar-format.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EventBriefing } from '../../components/event-briefing.tsx';
import { useClubNow } from './hooks/use-club-now.ts';
import { registrationStatusClass } from './registration-status.ts';
import { personContext } from '../../lib/person-context.ts';
import './calendar.css';

/** The link to an event's card in the calendar. */
function eventPath(item: MyRegistration): string {
  return `${APP_ROUTES.calendar}?month=${item.event.start.slice(0, 7)}&event=${encodeURIComponent(item.event.uuid)}`;
}

/**
 * "My registrations": the member's upcoming and past registrations and waiting places, with
 * cancel and leave, and the address of their personal calendar.
 */
export function MyRegistrationsPage() {
  const { t } = useTranslation(['my-registrations', 'common']);
  const { user } = useSession();
  // While the session is restored (and in the page drawn at build time) the screen shows its
  // frame: both lists' headings and the feed card, filled in where they stand once data arrive.
  return (
    <>
      <PageHeader title={t('TITLE')} subtitle={t('SUBTITLE')} />
      <div className="container-xl my-registrations py-4">
        <div className="row g-4">
          <div className="col-lg-8">{user ? <RegistrationLists user={user} /> : <ListsFrame />}</div>
          <div className="col-lg-4">
            <PersonalFeed uuid={user?.uuid} />
          </div>
        </div>
      </div>
    </>
  );
}

/** The two lists under their headings, each showing what it is given. */
function ListSections({ upcoming, past }: { upcoming: ReactNode; past: ReactNode }) {
  const { t } = useTranslation('my-registrations');
  return (
    <>
      <section aria-labelledby="my-upcoming">
        <h2 id="my-upcoming" className="h4">
          {t('UPCOMING')}
        </h2>
        {upcoming}
      </section>
      <section aria-labelledby="my-past" className="mt-4">
        <h2 id="my-past" className="h4">
          {t('PAST')}
        </h2>
        {past}
      </section>
    </>
  );
}

/** The lists' frame: both headings, with a loading line the size of the "none yet" line it becomes. */
function ListsFrame() {
  const { t } = useTranslation('common');
  return (
    <div role="status">
      <ListSections
        upcoming={
          <p className="text-body-secondary">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('loading')}
          </p>
        }
        past={<p className="text-body-secondary">&nbsp;</p>}
      />
    </div>
  );
}

function RegistrationLists({ user }: { user: User }) {
  const { t } = useTranslation(['my-registrations', 'common']);
  const nowLocal = useClubNow();
  const list = useMyRegistrations(user.uuid);
  if (list.isPending) return <ListsFrame />;
  if (list.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        {t('LOAD_ERROR')}
      </div>
    );
  }
  const upcoming = list.data.filter((item) => !isExpired(item.event, nowLocal));
  const past = list.data.filter((item) => isExpired(item.event, nowLocal)).reverse();
  const listOf = (items: MyRegistration[], testId: string) => (
    <ul className="list-unstyled my-reg-list" data-testid={testId}>
      {items.map((item) => (
        <RegistrationItem key={item.event.uuid} item={item} user={user} nowLocal={nowLocal} />
      ))}
    </ul>
  );
  return (
    <ListSections
      upcoming={
        upcoming.length === 0 ? (
          <p className="text-body-secondary">
            {t('NONE_UPCOMING')} <Link to={APP_ROUTES.calendar}>{t('TO_CALENDAR')}</Link>
          </p>
        ) : (
          listOf(upcoming, 'upcoming')
        )
      }
      past={past.length === 0 ? <p className="text-body-secondary">{t('NONE_PAST')}</p> : listOf(past, 'past')}
    />
  );
}

function RegistrationItem({ item, user, nowLocal }: { item: MyRegistration; user: User; nowLocal: string }) {
  const { t, i18n } = useTranslation(['my-registrations', 'events-calendar', 'common']);
  const [confirming, setConfirming] = useState(false);
  const onError = (error: Error) =>
    showToast({
      type: ToastType.error,
      title: t('TITLE'),
      message: t(`events-calendar:ERRORS.${error instanceof ApiCallError ? error.errorCode : 'UNKNOWN'}`, {
        context: personContext(user.sexo),
        defaultValue: t('ACTION_ERROR'),
      }),
    });
  const subscribe = useSubscribe({
    onSuccess: (_event, variables) =>
      showToast({
        type: ToastType.success,
        title: t('TITLE'),
        message: toastMessage(t, 'CANCELLED', { event: variables.title }),
      }),
    onError,
  });
  const waitlist = useWaitlist();
  const { event } = item;
  const waiting = item.enEspera !== null;
  const canCancel = !waiting && checkRegistration({ event, member: user, nowLocal, action: 'cancel' }).ok;
  const busy = subscribe.isPending || waitlist.isPending;

  const cancel = () =>
    subscribe.mutate({
      uuid: event.uuid,
      action: 'cancel',
      title: event.evento,
      body: {
        uuid: user.uuid,
        roles: [{ roleId: roleForEventType(event.type), status: RoleStatus.anulado }],
      },
    });
  const leave = () =>
    waitlist.mutate(
      { eventUuid: event.uuid, memberUuid: user.uuid, action: 'leave' },
      {
        onSuccess: () => showToast({ type: ToastType.success, title: t('TITLE'), message: t('LEFT_LINE') }),
        onError,
      },
    );

  return (
    <li className="my-reg-item card" data-event-uuid={event.uuid}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-2 align-items-start">
          <div>
            <h3 className="h6 mb-1">
              <Link to={eventPath(item)}>{event.evento}</Link>
            </h3>
            <p className="mb-1 small">{scheduleText(event.start, event.end, i18n.language)}</p>
            <span
              className={`badge ${registrationStatusClass(item.status)}`}
              data-testid="my-status"
            >
              {waiting
                ? t('events-calendar:WAITLIST.PLACE', { count: item.enEspera ?? 0, ordinal: true, context: personContext(user.sexo) })
                : t(`common:ENUMS.ROLE_STATUS.${item.status}`)}
            </span>
          </div>
          <div className="d-flex gap-2">
            {waiting && !isExpired(event, nowLocal) ? (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={busy}
                onClick={leave}
              >
                {t('LEAVE')}
              </button>
            ) : null}
            {canCancel ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('CANCEL')}
              </button>
            ) : null}
          </div>
        </div>
        {event.stageId && !waiting && item.status !== RoleStatus.anulado ? (
          // The stage staff attached to the event: homework to practise before it starts.
          <EventBriefing event={event} stageId={event.stageId} registered upcoming={!isExpired(event, nowLocal)} />
        ) : null}
      </div>
      <ConfirmDialog
        show={confirming}
        dialogClassName="modal-md-40"
        title={t('events-calendar:CONFIRM_CANCEL.TITLE')}
        confirmLabel={t('events-calendar:CONFIRM_CANCEL.YES')}
        cancelLabel={t('events-calendar:CONFIRM_CANCEL.NO')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cancel();
        }}
      >
        {t('events-calendar:CONFIRM_CANCEL.MESSAGE', { event: event.evento })}
      </ConfirmDialog>
    </li>
  );
}

function PersonalFeed({ uuid }: { uuid: string | undefined }) {
  const { t } = useTranslation(['my-registrations', 'common']);
  const feed = usePersonalFeed(uuid);
  const renew = useRenewPersonalFeed(uuid ?? '');
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: ToastType.success, title: t('FEED.TITLE'), message: t('FEED.COPIED') });
    } catch {
      showToast({ type: ToastType.error, title: t('FEED.TITLE'), message: t('FEED.COPY_FAILED') });
    }
  };
  return (
    <section className="card my-reg-feed" aria-labelledby="my-feed-title">
      <div className="card-body">
        <h2 id="my-feed-title" className="h5">
          {t('FEED.TITLE')}
        </h2>
        <p className="small">{t('FEED.TEXT')}</p>
        {feed.isError ? (
          <div className="alert alert-danger py-2" role="alert">
            {t('FEED.ERROR')}
          </div>
        ) : null}
        <label className="form-label small" htmlFor="my-feed-url">
          {t('FEED.ADDRESS')}
        </label>
        <div className="input-group input-group-sm mb-2">
          <input
            id="my-feed-url"
            className="form-control"
            readOnly
            value={url}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!url}
            onClick={() => void copy()}
          >
            {t('FEED.COPY')}
          </button>
        </div>
        <CalendarSubscribe url={url} copy={false} testId="personal-feed-choices" />
        <div className="d-flex flex-wrap gap-2 mt-2">
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={!url || renew.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('FEED.RENEW')}
          </button>
        </div>
        <p className="form-text mb-0 mt-2">{t('FEED.SECRET')}</p>
      </div>
      <ConfirmDialog
        show={confirming}
        dialogClassName="modal-md-40"
        title={t('FEED.RENEW')}
        confirmLabel={t('FEED.RENEW')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          renew.mutate(undefined, {
            onSuccess: () =>
              showToast({ type: ToastType.success, title: t('FEED.TITLE'), message: t('FEED.RENEWED') }),
            onError: () =>
              showToast({ type: ToastType.error, title: t('FEED.TITLE'), message: t('FEED.ERROR') }),
          });
        }}
      >
        {t('FEED.RENEW_CONFIRM')}
      </ConfirmDialog>
    </section>
  );
}

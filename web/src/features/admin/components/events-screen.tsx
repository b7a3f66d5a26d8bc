import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { ToastType } from '@club/contract/enums';
import type { ClubEvent, EventScope } from '@club/contract/schemas';
import { compareEventTimes } from '@club/contract/event-time';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../lib/icons.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useAdminEvents } from '../api/admin-events.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import { errorMessageKey } from '../errors.ts';
import { formatEventWhen, formatMonthTitle } from '../format.ts';
import {
  clubMonth,
  clubToday,
  clubWallTime,
  formatYearMonth,
  monthBounds,
  parseYearMonth,
  shiftMonth,
} from '@club/contract/club-time';
import type { YearMonth } from '@club/contract/club-time';
import { activeRegistrations } from '../participants.ts';
import { AttendeesModal } from './attendees-modal.tsx';
import { EventFormModal } from './event-form-modal.tsx';
import { newEventValues, valuesFromEvent } from './event-form-schema.ts';
import type { EventFormValues } from './event-form-schema.ts';
import { QueryState } from './query-state.tsx';
import { ScopeChoice } from './scope-choice.tsx';

/** The month an event starts in ('YYYY-MM-DD HH:MM:SS' wall time). */
function monthOf(event: Pick<ClubEvent, 'start'>): YearMonth | undefined {
  return parseYearMonth(event.start.slice(0, 7));
}

type Editing =
  | { purpose: 'new'; values: EventFormValues }
  | { purpose: 'edit'; values: EventFormValues; event: ClubEvent }
  | { purpose: 'repeat'; values: EventFormValues };

/** The events of a month: create, edit, repeat, lock, delete, and the attendees of each. */
export function EventsScreen() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const [params, setParams] = useSearchParams();
  const current = clubMonth(new Date());
  const shown: YearMonth = parseYearMonth(params.get('month')) ?? current;
  const events = useAdminEvents(shown.year, shown.month);
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [attendeesOf, setAttendeesOf] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ event: ClubEvent; step: 1 | 2; scope: EventScope } | null>(null);
  // Events that ended before now (the club's wall clock) are shown as past.
  const nowLocal = clubWallTime(new Date());

  const goTo = (month: YearMonth) => setParams({ month: formatYearMonth(month) });
  // After a save the list shows the month of the event saved, wherever it was moved to.
  const showMonthOf = (event: ClubEvent) => {
    const month = monthOf(event);
    if (month && (month.year !== shown.year || month.month !== shown.month)) goTo(month);
  };
  const isCurrent = shown.year === current.year && shown.month === current.month;
  const monthTitle = formatMonthTitle(shown.year, shown.month, language);

  const newEvent = () => {
    const today = clubToday(new Date());
    const { first } = monthBounds(shown);
    setEditing({ purpose: 'new', values: newEventValues(isCurrent ? today : first) });
  };

  const toggleLock = async (event: ClubEvent) => {
    const soloLectura = !event.soloLectura;
    try {
      await update.mutateAsync({
        uuid: event.uuid,
        body: {
          type: event.type,
          start: event.start,
          end: event.end,
          evento: event.evento,
          nota: event.nota,
          plazas: event.plazas,
          status: event.status,
          soloLectura,
        },
      });
      showToast({
        title: event.evento,
        message: t(soloLectura ? 'admin:EVENTS.LOCKED_DONE' : 'admin:EVENTS.UNLOCKED_DONE'),
      });
    } catch (error) {
      showToast({
        title: t('common:ERRORS.GENERIC_TITLE'),
        message: t(errorMessageKey(error)),
        type: ToastType.error,
      });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const registered = activeRegistrations(deleting.event);
    const { scope } = deleting;
    if (deleting.step === 1 && registered > 0) {
      setDeleting({ ...deleting, step: 2 });
      return;
    }
    try {
      await remove.mutateAsync({ uuid: deleting.event.uuid, scope });
      showToast({
        title: deleting.event.evento,
        message:
          scope === 'following'
            ? t('admin:EVENTS.DELETED_SERIES')
            : registered > 0
              ? t('admin:EVENTS.DELETED_NOTIFIED', { count: registered })
              : t('admin:EVENTS.DELETED'),
      });
    } catch (error) {
      showToast({
        title: t('common:ERRORS.GENERIC_TITLE'),
        message: t(errorMessageKey(error)),
        type: ToastType.error,
      });
    }
    setDeleting(null);
  };

  const list = events.data ?? [];
  // In the month under way what is still to come goes first; the events already over follow,
  // under their own heading (a past month is all past, and keeps its order).
  const isOver = (event: ClubEvent) => compareEventTimes(event.end, nowLocal) < 0;
  const upcoming = list.filter((event) => !isOver(event));
  const overEvents = list.filter(isOver);
  const renderEvent = (event: ClubEvent) => {
    const registered = activeRegistrations(event);
    const taken = event.plazas - event.plazasLibres;
    const past = compareEventTimes(event.end, nowLocal) < 0;
    return (
      <li
        key={event.uuid}
        className={`admin-event type-${event.type}${past ? ' is-past' : ''}`}
        data-testid="admin-event"
      >
        <div className="admin-event-main">
          <p className="admin-event-when mb-1">{formatEventWhen(event.start, event.end, language)}</p>
          <h3 className="h6 mb-1 admin-event-title">{event.evento}</h3>
          <div className="admin-event-badges">
            {past ? (
              <Badge bg="light" text="dark" className="fw-normal border admin-event-past">
                {t('admin:EVENTS.PAST')}
              </Badge>
            ) : null}
            <Badge bg="secondary" className="fw-normal">
              {t(`common:ENUMS.EVENT_TYPE.${event.type}`)}
            </Badge>
            <Badge bg={event.status === 1 ? 'dark' : 'success'} className="fw-normal">
              {t(`common:ENUMS.EVENT_STATUS.${event.status}`)}
            </Badge>
            {event.soloLectura ? (
              <Badge bg="warning" text="dark" className="fw-normal">
                <Icon name="lock" size={12} className="me-1" />
                {t('admin:EVENTS.LOCKED')}
              </Badge>
            ) : null}
            {event.seriesId ? (
              <Badge bg="light" text="dark" className="fw-normal border">
                <Icon name="repeat" size={12} className="me-1" />
                {t('admin:EVENTS.SERIES')}
              </Badge>
            ) : null}
            <span className="admin-event-seats small text-body-secondary">
              {t('admin:EVENTS.SEATS', { taken, total: event.plazas })}
            </span>
          </div>
          {event.nota ? (
            <p className="admin-event-note small text-body-secondary mb-0 mt-1">{event.nota}</p>
          ) : null}
        </div>
        <div className="admin-event-actions">
          <Button size="sm" variant="outline-primary" onClick={() => setAttendeesOf(event.uuid)}>
            <Icon name="list" size={16} className="me-1" />
            {t('admin:EVENTS.ACTIONS.ATTENDEES', { count: registered })}
          </Button>
          <ButtonGroup size="sm" aria-label={t('admin:EVENTS.ACTIONS.GROUP', { title: event.evento })}>
            <Button
              variant="outline-secondary"
              onClick={() => setEditing({ purpose: 'edit', event, values: valuesFromEvent(event) })}
            >
              {t('admin:EVENTS.ACTIONS.EDIT')}
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => setEditing({ purpose: 'repeat', values: valuesFromEvent(event, 1) })}
            >
              {t('admin:EVENTS.ACTIONS.REPEAT')}
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => void toggleLock(event)}
              aria-pressed={event.soloLectura}
              disabled={update.isPending}
            >
              {t(event.soloLectura ? 'admin:EVENTS.ACTIONS.UNLOCK' : 'admin:EVENTS.ACTIONS.LOCK')}
            </Button>
            <Button variant="outline-danger" onClick={() => setDeleting({ event, step: 1, scope: 'this' })}>
              {t('admin:EVENTS.ACTIONS.DELETE')}
            </Button>
          </ButtonGroup>
        </div>
      </li>
    );
  };
  const attendeesEvent = attendeesOf ? list.find((e) => e.uuid === attendeesOf) : undefined;
  const deletingRegistered = deleting ? activeRegistrations(deleting.event) : 0;

  return (
    <section aria-labelledby="admin-events-title">
      <div className="admin-toolbar">
        <div className="admin-month-nav">
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => goTo(shiftMonth(shown, -1))}
            aria-label={t('admin:EVENTS.PREVIOUS_MONTH')}
          >
            <Icon name="chevronLeft" />
          </Button>
          <h2 id="admin-events-title" className="h4 mb-0 admin-month-title" aria-live="polite">
            {monthTitle}
          </h2>
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => goTo(shiftMonth(shown, 1))}
            aria-label={t('admin:EVENTS.NEXT_MONTH')}
          >
            <Icon name="chevronRight" />
          </Button>
          {!isCurrent ? (
            <Button variant="link" size="sm" onClick={() => goTo(current)}>
              {t('admin:EVENTS.THIS_MONTH')}
            </Button>
          ) : null}
        </div>
        <Button variant="primary" onClick={newEvent}>
          {t('admin:EVENTS.NEW')}
        </Button>
      </div>

      <QueryState loading={events.isPending} error={events.error} onRetry={() => void events.refetch()} />
      {events.isSuccess && list.length === 0 ? (
        <p className="text-body-secondary py-3">{t('admin:EVENTS.EMPTY')}</p>
      ) : null}

      {upcoming.length > 0 ? (
        <ul
          className="admin-event-list list-unstyled"
          aria-label={t('admin:EVENTS.LIST', { month: monthTitle })}
        >
          {upcoming.map(renderEvent)}
        </ul>
      ) : null}
      {overEvents.length > 0 ? (
        <>
          {upcoming.length > 0 ? (
            <h3 className="h6 text-body-secondary mt-4" id="admin-events-past">
              {t('admin:EVENTS.PAST_THIS_MONTH', { count: overEvents.length })}
            </h3>
          ) : null}
          <ul
            className="admin-event-list list-unstyled"
            aria-label={
              upcoming.length > 0
                ? t('admin:EVENTS.PAST_THIS_MONTH', { count: overEvents.length })
                : t('admin:EVENTS.LIST', { month: monthTitle })
            }
            data-testid={upcoming.length > 0 ? 'admin-events-past' : undefined}
          >
            {overEvents.map(renderEvent)}
          </ul>
        </>
      ) : null}

      {editing ? (
        <EventFormModal
          mode={editing.purpose === 'edit' ? 'edit' : 'create'}
          purpose={editing.purpose}
          initialValues={editing.values}
          event={editing.purpose === 'edit' ? editing.event : undefined}
          onClose={() => setEditing(null)}
          onSaved={showMonthOf}
        />
      ) : null}

      {attendeesEvent ? <AttendeesModal event={attendeesEvent} onClose={() => setAttendeesOf(null)} /> : null}

      <ConfirmDialog
        show={deleting !== null}
        title={deleting?.step === 2 ? t('admin:EVENTS.DELETE.SECOND_TITLE') : t('admin:EVENTS.DELETE.TITLE')}
        confirmLabel={
          deleting?.step === 2
            ? t('admin:EVENTS.DELETE.SECOND_BUTTON')
            : deletingRegistered > 0
              ? t('admin:EVENTS.DELETE.CONTINUE')
              : t('admin:EVENTS.DELETE.BUTTON')
        }
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          deleting.step === 1 ? (
            <>
              {deleting.event.seriesId ? (
                <ScopeChoice
                  purpose="delete"
                  value={deleting.scope}
                  onChange={(scope) => setDeleting({ ...deleting, scope })}
                />
              ) : null}
              <p className="mb-2">
                {t('admin:EVENTS.DELETE.QUESTION', {
                  title: deleting.event.evento,
                  when: formatEventWhen(deleting.event.start, deleting.event.end, language),
                })}
              </p>
              {deletingRegistered > 0 ? (
                <p className="mb-0 fw-semibold">
                  {t('admin:EVENTS.DELETE.REGISTERED', { count: deletingRegistered })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="mb-0">{t('admin:EVENTS.DELETE.SECOND', { count: deletingRegistered })}</p>
          )
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

import { Fragment, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { eventStyle } from '@club/contract/eligibility';
import { ToastType } from '@club/contract/enums';
import { eventDate } from '@club/contract/event-time';
import type { ClubEvent } from '@club/contract/schemas';
import { ApiCallError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { ANONYMOUS_VIEWER, useMonthEvents } from '../api/month-events.ts';
import { longDate, weekdayNames } from '../calendar-format.ts';
import { compareMonths, formatYearMonth, parseYearMonth, shiftMonth } from '@club/contract/club-time';
import type { YearMonth } from '@club/contract/club-time';
import { canGoForward, clampMonth, eventsByDate, monthWeeks, yearMonthOf } from '../calendar-model.ts';
import { useClubNow } from '../hooks/use-club-now.ts';
import { DayCell } from './day-cell.tsx';
import { EventChip } from './event-chip.tsx';
import { EventDetailsCard } from './event-details-card.tsx';
import { Legend } from './legend.tsx';
import { MonthHeader } from './month-header.tsx';
import { WeekPanel } from './week-panel.tsx';
import type { PanelSelection } from './week-panel.tsx';

const NO_EVENTS: readonly ClubEvent[] = [];

/**
 * The events calendar of SPEC §2: month header, weekday row, weeks of days with event chips, and
 * the details card that expands under the week of the chosen event (one at a time).
 */
export function EventsCalendar() {
  const { t, i18n } = useTranslation(['events-calendar', 'common']);
  const { status, user } = useSession();
  const viewer = user?.uuid ?? ANONYMOUS_VIEWER;
  const nowLocal = useClubNow();
  const today = eventDate(nowLocal);
  const current = yearMonthOf(nowLocal);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = clampMonth(parseYearMonth(searchParams.get('month')) ?? current, current);
  const viewKey = formatYearMonth(view);
  const [selection, setSelection] = useState<(PanelSelection & { month: string }) | null>(null);

  const query = useMonthEvents(view.year, view.month, viewer, status !== 'restoring');
  // The month's events reach the grid as a deferred value: their arrival re-renders this
  // component at once (the query's store is read synchronously), but the days are drawn with
  // them in a render of their own that yields to the page every few milliseconds, and only the
  // days whose events changed are drawn again (DayCell is memoised on stable props). On a phone
  // the whole grid at once was one task of over 100 ms.
  const data = useDeferredValue(query.data);
  const settling = data !== query.data;
  const events = data ?? NO_EVENTS;
  const byDate = useMemo(() => eventsByDate(events), [events]);
  const weeks = useMemo(() => monthWeeks({ year: view.year, month: view.month }), [view.year, view.month]);
  const weekdays = weekdayNames(i18n.language);

  // A failed month still shows its grid; the error goes to a toast (SPEC §8), once per failure.
  const toastedFailure = useRef(0);
  useEffect(() => {
    if (!query.isError || toastedFailure.current === query.errorUpdatedAt) return;
    toastedFailure.current = query.errorUpdatedAt;
    const code = query.error instanceof ApiCallError ? query.error.errorCode : 'UNKNOWN';
    showToast({
      type: ToastType.error,
      title: t('TOAST.LOAD_TITLE'),
      message: t(`ERRORS.${code}`, { defaultValue: t('TOAST.LOAD_ERROR') }),
    });
  }, [query.isError, query.errorUpdatedAt, query.error, t]);

  // A link to one event (the mails have them) opens its card once the month has arrived.
  const linkedEvent = searchParams.get('event');
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedEvent || openedLink.current === linkedEvent || !query.data) return;
    const found = query.data.find((event) => event.uuid === linkedEvent);
    if (!found) return;
    openedLink.current = linkedEvent;
    setSelection({ month: viewKey, date: eventDate(found.start), uuid: found.uuid });
  }, [linkedEvent, query.data, viewKey]);

  // The selection belongs to the month it was made in, and an event that is gone closes.
  let active: PanelSelection | null = selection && selection.month === viewKey ? selection : null;
  if (active?.uuid && data && !events.some((event) => event.uuid === active?.uuid))
    active = { ...active, uuid: null };
  const openEvent = active?.uuid ? (events.find((event) => event.uuid === active?.uuid) ?? null) : null;

  const goTo = (target: YearMonth) => {
    setSelection(null);
    // Each month is an entry of the history: a reload or a shared link keeps it, and back and
    // forward step through the months seen (the server's event links use the same ?month=).
    setSearchParams(compareMonths(target, current) === 0 ? {} : { month: formatYearMonth(target) });
  };
  // Stable for the month shown, so the days that do not change are not drawn again.
  const toggleEvent = useCallback(
    (event: ClubEvent) =>
      setSelection((shown) =>
        shown?.month === viewKey && shown.uuid === event.uuid
          ? null
          : { month: viewKey, date: eventDate(event.start), uuid: event.uuid },
      ),
    [viewKey],
  );
  const toggleEventInDay = (event: ClubEvent) =>
    setSelection({
      month: viewKey,
      date: eventDate(event.start),
      uuid: active?.uuid === event.uuid ? null : event.uuid,
    });
  const selectDay = useCallback(
    (date: string) =>
      setSelection((shown) =>
        shown?.month === viewKey && shown.date === date ? null : { month: viewKey, date, uuid: null },
      ),
    [viewKey],
  );
  const close = () => setSelection(null);

  const renderPanel = (shown: PanelSelection) => {
    const dayEvents = byDate.get(shown.date) ?? NO_EVENTS;
    const event = shown.uuid ? events.find((candidate) => candidate.uuid === shown.uuid) : undefined;
    return (
      <>
        <div className="cal-agenda">
          <h3 className="cal-agenda-title">{longDate(shown.date, i18n.language)}</h3>
          {dayEvents.length === 0 ? (
            <p className="cal-agenda-empty">{t('NO_EVENTS_DAY')}</p>
          ) : (
            <ul className="cal-agenda-list">
              {dayEvents.map((dayEvent) => (
                <li key={dayEvent.uuid}>
                  <EventChip
                    event={dayEvent}
                    styleId={eventStyle(dayEvent, nowLocal)}
                    open={shown.uuid === dayEvent.uuid}
                    panelId={`cal-card-${dayEvent.uuid}`}
                    variant="row"
                    onToggle={toggleEventInDay}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        {event ? (
          <div id={`cal-card-${event.uuid}`}>
            <EventDetailsCard event={event} user={user} viewer={viewer} nowLocal={nowLocal} onClose={close} />
          </div>
        ) : null}
      </>
    );
  };

  const panelDate = openEvent ? eventDate(openEvent.start) : (active?.date ?? null);
  return (
    <div className="events-calendar">
      <MonthHeader
        view={view}
        canGoForward={canGoForward(view, current)}
        isCurrent={compareMonths(view, current) === 0}
        onPrevious={() => goTo(shiftMonth(view, -1))}
        onNext={() => goTo(shiftMonth(view, 1))}
        onToday={() => goTo(current)}
      />
      <div className="cal-grid" aria-busy={query.isFetching || settling} data-month={viewKey}>
        <div className="cal-weekdays" aria-hidden="true">
          {weekdays.map((weekday) => (
            <div key={weekday.long} className="cal-weekday" title={weekday.long}>
              {weekday.short}
            </div>
          ))}
        </div>
        {weeks.map((week, index) => {
          const panelId = `cal-week-panel-${index}`;
          const inThisWeek = panelDate !== null && week.some((day) => day.date === panelDate);
          return (
            <Fragment key={week[0].date}>
              <div className="cal-week" data-week={index}>
                {week.map((day) => (
                  <DayCell
                    key={day.date}
                    day={day}
                    events={day.inMonth ? (byDate.get(day.date) ?? NO_EVENTS) : NO_EVENTS}
                    nowLocal={nowLocal}
                    today={today}
                    selected={active?.date === day.date}
                    openUuid={openEvent?.uuid ?? null}
                    panelId={panelId}
                    onSelectDay={selectDay}
                    onToggleEvent={toggleEvent}
                  />
                ))}
              </div>
              <WeekPanel
                id={panelId}
                selection={
                  inThisWeek && panelDate !== null ? { date: panelDate, uuid: openEvent?.uuid ?? null } : null
                }
                render={renderPanel}
              />
            </Fragment>
          );
        })}
        {(query.isPending && query.fetchStatus === 'fetching') || settling ? (
          <div className="cal-loading" role="status">
            <div className="spinner-border" aria-hidden="true" />
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : null}
        {query.isSuccess && !query.isPlaceholderData && !settling && events.length === 0 ? (
          <p className="cal-empty">{t('NO_EVENTS_MONTH')}</p>
        ) : null}
      </div>
      <Legend />
    </div>
  );
}

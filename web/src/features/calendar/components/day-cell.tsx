import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { eventStyle } from '@club/contract/eligibility';
import type { ClubEvent } from '@club/contract/schemas';
import { longDate } from '../calendar-format.ts';
import type { CalendarDay } from '../calendar-model.ts';
import { EventChip } from './event-chip.tsx';

interface DayCellProps {
  day: CalendarDay;
  events: readonly ClubEvent[];
  nowLocal: string;
  today: string;
  selected: boolean;
  openUuid: string | null;
  panelId: string;
  onSelectDay(date: string): void;
  onToggleEvent(event: ClubEvent): void;
}

const MAX_DOTS = 4;

/**
 * One day: on wide screens its number and event chips; on a phone one button with the number
 * and a coloured dot per event, which opens the day's list under the week. Drawn again only when
 * its props change (the calendar keeps them stable).
 */
export const DayCell = memo(function DayCell({
  day,
  events,
  nowLocal,
  today,
  selected,
  openUuid,
  panelId,
  onSelectDay,
  onToggleEvent,
}: DayCellProps) {
  const { t, i18n } = useTranslation('events-calendar');
  const isToday = day.date === today;
  const label = longDate(day.date, i18n.language);
  const classes = ['cal-day'];
  if (!day.inMonth) classes.push('is-outside');
  if (isToday) classes.push('is-today');
  if (selected) classes.push('is-selected');
  if (events.length > 0) classes.push('has-events');

  return (
    <div className={classes.join(' ')} data-date={day.date}>
      {day.inMonth ? (
        <button
          type="button"
          className="cal-day-button"
          aria-pressed={selected}
          aria-controls={panelId}
          aria-label={`${label}${isToday ? `, ${t('TODAY')}` : ''}: ${t('EVENTS_COUNT', { count: events.length })}`}
          onClick={() => onSelectDay(day.date)}
        >
          <span className="cal-day-num">{day.day}</span>
          <span className="cal-dots" aria-hidden="true">
            {events.slice(0, MAX_DOTS).map((event) => (
              <span key={event.uuid} className={`cal-dot event-style-${eventStyle(event, nowLocal)}`} />
            ))}
            {events.length > MAX_DOTS ? <span className="cal-dot-more">+</span> : null}
          </span>
        </button>
      ) : null}
      <div className="cal-day-head">
        <span className="cal-day-num" aria-hidden="true">
          {day.day}
        </span>
        <span className="visually-hidden">
          {label}
          {isToday ? `, ${t('TODAY')}` : ''}
        </span>
      </div>
      {events.length > 0 ? (
        <ul className="cal-chips">
          {events.map((event) => (
            <li key={event.uuid}>
              <EventChip
                event={event}
                styleId={eventStyle(event, nowLocal)}
                open={openUuid === event.uuid}
                panelId={panelId}
                variant="chip"
                onToggle={onToggleEvent}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

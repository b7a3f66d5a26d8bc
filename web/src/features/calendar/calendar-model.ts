// Pure calendar arithmetic for the month grid: no React, no time zone (callers pass club time).
import { EventType } from '@club/contract/enums';
import { eventDate, formatDate, parseEventTime, ZERO_EVENT_TIME } from '@club/contract/event-time';
import type { ClubEvent } from '@club/contract/schemas';
import type { YearMonth } from '@club/contract/club-time';
import { wallTimeOf } from '@club/contract/wall-format';

export interface CalendarDay {
  /** 'yyyy-MM-dd'. */
  date: string;
  day: number;
  inMonth: boolean;
}

export type CalendarWeek = readonly CalendarDay[];

/** Year and month of a 'yyyy-MM-dd…' text. */
export function yearMonthOf(text: string): YearMonth {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  return { year: parts.year, month: parts.month };
}

// Which months may be opened is the contract's (the server draws the same month for a visitor).
export { MONTHS_AHEAD, canGoForward, clampMonth, lastReachableMonth } from '@club/contract/club-time';

/**
 * The weeks of a month as shown, Monday first: the first week starts on the Monday on or before
 * the 1st, the last ends on the Sunday on or after the last day.
 */
export function monthWeeks(value: YearMonth): CalendarWeek[] {
  const first = new Date(Date.UTC(value.year, value.month - 1, 1));
  const offset = (first.getUTCDay() + 6) % 7; // 0 for Monday
  const daysInMonth = new Date(Date.UTC(value.year, value.month, 0)).getUTCDate();
  const cells = Math.ceil((offset + daysInMonth) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let index = 0; index < cells; index += 1) {
    const date = new Date(Date.UTC(value.year, value.month - 1, 1 - offset + index));
    const day: CalendarDay = {
      date: formatDate({
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      }),
      day: date.getUTCDate(),
      inMonth: date.getUTCMonth() === value.month - 1,
    };
    if (index % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push(day);
  }
  return weeks;
}

/** The events of each day ('yyyy-MM-dd'), each day's list by start time. */
export function eventsByDate(events: readonly ClubEvent[]): Map<string, ClubEvent[]> {
  const byDate = new Map<string, ClubEvent[]>();
  for (const event of events) {
    const date = eventDate(event.start);
    const list = byDate.get(date) ?? [];
    list.push(event);
    byDate.set(date, list);
  }
  for (const list of byDate.values())
    list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return byDate;
}

/** 'HH:MM' of an event time. */
export const timeOf = wallTimeOf;

/** Social shoots get the long details card (SPEC §9). */
export function isSocialShoot(type: number): boolean {
  return type === EventType.ipscSocialShoot || type === EventType.precisionSocialShoot;
}

/** Division and factor are asked only where the event is an IPSC competition. */
export function asksDivisionAndFactor(type: number): boolean {
  return type === EventType.ipscSocialShoot;
}

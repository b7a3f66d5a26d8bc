// Pure calendar arithmetic for the month grid: no React, no time zone (callers pass club time).
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { EventType } from '@club/contract/enums';
import { eventDate, formatDate, parseEventTime, ZERO_EVENT_TIME } from '@club/contract/event-time';
import type { ClubEvent } from '@club/contract/schemas';
import siteSettings from '@club/contract/site-settings.json';

/** The club's time zone: event times and "now" for the rules are read on its wall clock. */
// The club's time zone, from the one site settings file the server's default also reads.
export const CLUB_TIMEZONE = siteSettings.timeZone;

/** How many months ahead of the current one a member may browse (SPEC §9: the month after next). */
export const MONTHS_AHEAD = 2;

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

export interface CalendarDay {
  /** 'yyyy-MM-dd'. */
  date: string;
  day: number;
  inMonth: boolean;
}

export type CalendarWeek = readonly CalendarDay[];

/** The club's wall time of an instant as 'YYYY-MM-DD HH:MM:SS', the contract's `nowLocal`. */
export function clubNowLocal(instant: Date = new Date(), timeZone: string = CLUB_TIMEZONE): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd HH:mm:ss');
}

/** Year and month of a 'yyyy-MM-dd…' text. */
export function yearMonthOf(text: string): YearMonth {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  return { year: parts.year, month: parts.month };
}

/** Moves a month forwards (positive) or backwards. */
export function shiftMonth(value: YearMonth, delta: number): YearMonth {
  const index = value.year * 12 + (value.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Orders two months: negative, 0 or positive. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** The last month a member may open, seen from the current one. */
export function lastReachableMonth(current: YearMonth): YearMonth {
  return shiftMonth(current, MONTHS_AHEAD);
}

/** True when the month after `view` may still be opened. */
export function canGoForward(view: YearMonth, current: YearMonth): boolean {
  return compareMonths(view, lastReachableMonth(current)) < 0;
}

/** Keeps a requested month within what may be opened (backwards is free, the API stops at 2000). */
export function clampMonth(view: YearMonth, current: YearMonth): YearMonth {
  if (compareMonths(view, lastReachableMonth(current)) > 0) return lastReachableMonth(current);
  if (view.year < 2000) return { year: 2000, month: 1 };
  return view;
}

/** Reads '2025-03' from a URL, or null when it is not a real month. */
export function parseMonthParam(text: string | null): YearMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const value = { year: Number(match[1]), month: Number(match[2]) };
  return value.month >= 1 && value.month <= 12 ? value : null;
}

/** '2025-03' for the URL. */
export function formatMonthParam(value: YearMonth): string {
  return `${String(value.year).padStart(4, '0')}-${String(value.month).padStart(2, '0')}`;
}

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
export function timeOf(text: string): string {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  return `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
}

/** A Date whose UTC fields are the wall-clock parts of an event time, for Intl formatting in UTC. */
export function wallClockDate(text: string): Date {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** Social shoots get the long details card (SPEC §9). */
export function isSocialShoot(type: number): boolean {
  return type === EventType.ipscSocialShoot || type === EventType.precisionSocialShoot;
}

/** Division and factor are asked only where the event is an IPSC competition. */
export function asksDivisionAndFactor(type: number): boolean {
  return type === EventType.ipscSocialShoot;
}

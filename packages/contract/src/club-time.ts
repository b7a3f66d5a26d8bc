// The club's wall time and month arithmetic, the one place server and web read them. Event times
// are wall-clock text in the club's time zone (API.md); Intl does the zone arithmetic, so no
// date library is loaded for it on either side.
import siteSettings from '../site-settings.json' with { type: 'json' };
import { daysInMonth, FIRST_YEAR, formatDate, LAST_YEAR } from './event-time.ts';

/** The club's time zone (the server's CLUB_TIMEZONE default): event times are wall times there. */
export const CLUB_TIMEZONE: string = siteSettings.timeZone;

/** The years the calendar calls accept (GET /api/{year}/{month}/ and the screens' months). */
export { FIRST_YEAR, LAST_YEAR };

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The club's wall time of an instant as 'YYYY-MM-DD HH:MM:SS' (the contract's `nowLocal`). */
export function clubWallTime(instant: Date, timeZone: string = CLUB_TIMEZONE): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Today on the club's wall clock, 'yyyy-MM-dd'. */
export function clubToday(instant: Date, timeZone: string = CLUB_TIMEZONE): string {
  return clubWallTime(instant, timeZone).slice(0, 10);
}

/** This month on the club's wall clock. */
export function clubMonth(instant: Date, timeZone: string = CLUB_TIMEZONE): YearMonth {
  const [year, month] = clubWallTime(instant, timeZone).split('-').map(Number);
  return { year, month };
}

function wallAsUtcMs(wall: string): number {
  const [date, time = '00:00:00'] = wall.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  return Date.UTC(y, m - 1, d, hh, mm, ss);
}

/** The offset from UTC of a time zone at an instant, in whole minutes (+60 for Madrid in winter). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtcMs(clubWallTime(new Date(ms), timeZone)) - ms) / 60_000);
}

/**
 * The instant of a club wall time 'YYYY-MM-DD HH:MM:SS'. In the hour a clock skips, the later
 * offset applies; in the hour it repeats, the first of the two instants.
 */
export function instantOfWallTime(wall: string, timeZone: string = CLUB_TIMEZONE): Date {
  const target = wallAsUtcMs(wall);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const offset = wallAsUtcMs(clubWallTime(new Date(guess), timeZone)) - guess;
    const next = target - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The month `delta` months away (negative: back). */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Orders two months: negative, 0 or positive. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** First day of the month, its last day and the first day of the next, each 'yyyy-MM-dd'. */
export function monthBounds({ year, month }: YearMonth): { first: string; last: string; next: string } {
  const following = shiftMonth({ year, month }, 1);
  return {
    first: formatDate({ year, month, day: 1 }),
    last: formatDate({ year, month, day: daysInMonth(year, month) }),
    next: formatDate({ year: following.year, month: following.month, day: 1 }),
  };
}

/** The same day a month earlier, 'yyyy-MM-dd', clamped to the month's last day (31 March: 28/29 February). */
export function aMonthBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const before = shiftMonth({ year, month }, -1);
  return formatDate({ ...before, day: Math.min(day, daysInMonth(before.year, before.month)) });
}

/** Reads '2025-03' (a URL's month); undefined when it is not a month of the calendar's years. */
export function parseYearMonth(text: string | null | undefined): YearMonth | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const value = { year: Number(match[1]), month: Number(match[2]) };
  const inRange = value.year >= FIRST_YEAR && value.year <= LAST_YEAR && value.month >= 1 && value.month <= 12;
  return inRange ? value : undefined;
}

/** '2025-03' for a month. */
export function formatYearMonth({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

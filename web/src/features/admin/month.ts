import { TZDate } from '@date-fns/tz';
import { daysInMonth, formatDate } from '@club/contract/event-time';
import siteSettings from '@club/contract/site-settings.json';

/** The club's time zone (the server's CLUB_TIMEZONE default): event times are wall times there. */
// The club's time zone, from the one site settings file the server's default also reads.
export const CLUB_TIMEZONE = siteSettings.timeZone;

export interface YearMonth {
  year: number;
  month: number;
}

/** This month on the club's wall clock. */
export function clubCurrentMonth(now: Date = new Date()): YearMonth {
  const club = new TZDate(now.getTime(), CLUB_TIMEZONE);
  return { year: club.getFullYear(), month: club.getMonth() + 1 };
}

/** Today on the club's wall clock, 'yyyy-MM-dd'. */
export function clubToday(now: Date = new Date()): string {
  const club = new TZDate(now.getTime(), CLUB_TIMEZONE);
  return formatDate({ year: club.getFullYear(), month: club.getMonth() + 1, day: club.getDate() });
}

/** The month `delta` months away. */
export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** First day of the month, its last day and the first day of the next, each 'yyyy-MM-dd'. */
export function monthBounds(year: number, month: number): { first: string; last: string; next: string } {
  const following = addMonths({ year, month }, 1);
  return {
    first: formatDate({ year, month, day: 1 }),
    last: formatDate({ year, month, day: daysInMonth(year, month) }),
    next: formatDate({ year: following.year, month: following.month, day: 1 }),
  };
}

/** Reads '2025-05' from a search parameter; undefined when it is not a real month. */
export function parseYearMonth(text: string | null): YearMonth | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return undefined;
  return { year, month };
}

/** '2025-05' for a month. */
export function formatYearMonth({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

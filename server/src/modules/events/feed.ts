import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { EventStatus } from '@club/contract/enums';
import { daysInMonth, parseEventTime, ZERO_EVENT_TIME } from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import { clubWallTime } from '../../lib/clock.ts';
import { findEventsBetween } from './repository.ts';
import { eventLink, renderCalendar } from './ical.ts';

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The club wall date one month before today ('yyyy-MM-dd'); the day is clamped to the month. */
function aMonthAgo(nowLocal: string): string {
  const today = parseEventTime(nowLocal, ZERO_EVENT_TIME);
  const year = today.month === 1 ? today.year - 1 : today.year;
  const month = today.month === 1 ? 12 : today.month - 1;
  return `${year}-${pad2(month)}-${pad2(Math.min(today.day, daysInMonth(year, month)))}`;
}

/** iCalendar feed of public events from a month ago on, in the club's time zone. */
export async function calendarFeed(ctx: AppContext): Promise<string> {
  const timeZone = ctx.config.clubTimezone;
  const now = ctx.clock.now();
  const from = aMonthAgo(clubWallTime(now, timeZone));
  const rows = await findEventsBetween(ctx.db.kysely, {
    from,
    includePrivate: false,
    publicStatus: EventStatus.publico,
  });
  return renderCalendar({
    name: siteSettings.clubName,
    timeZone,
    now,
    alsoYear: Number(from.slice(0, 4)),
    refreshSeconds: 60 * 60,
    entries: rows.map((row) => ({ row, url: eventLink(ctx.config.publicUrl, row) })),
  });
}

import ical from 'ical-generator';
import { TZDate } from '@date-fns/tz';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { EventStatus } from '@club/contract/enums';
import { daysInMonth, parseEventTime, ZERO_EVENT_TIME } from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import { clubWallTime } from '../../lib/clock.ts';
import { vtimezone } from '../../lib/vtimezone.ts';
import { findEventsBetween } from './repository.ts';

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

function zoned(wall: string, timeZone: string): TZDate {
  const p = parseEventTime(wall, ZERO_EVENT_TIME);
  return new TZDate(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, timeZone);
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
  // The time zone's rules travel with the feed (RFC 5545), for the years its events span.
  const years = [from, ...rows.map((row) => row.end_at)].map((wall) => Number(wall.slice(0, 4)));
  const calendar = ical({
    name: siteSettings.clubName,
    prodId: { company: 'club', product: 'events', language: 'ES' },
    timezone: { name: timeZone, generator: (zone) => vtimezone(zone, Math.min(...years), Math.max(...years)) },
    ttl: 60 * 60,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: `${row.id}@club`,
      start: zoned(row.start_at, timeZone),
      end: zoned(row.end_at, timeZone),
      timezone: timeZone,
      stamp: now,
      summary: row.evento,
      description: row.nota ?? undefined,
      url: `${ctx.config.publicUrl}/calendar`,
    });
  }
  return calendar.toString();
}

import ical from 'ical-generator';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { EventStatus } from '@club/contract/enums';
import { aMonthBefore, clubToday } from '@club/contract/club-time';
import type { AppContext } from '../../context.ts';
import { vtimezone } from '../../lib/vtimezone.ts';
import { findEventsBetween } from './repository.ts';

/**
 * An event time as ical-generator takes a wall time: ISO text without an offset, which it writes
 * as is beside TZID (no date library, whatever the process's own time zone).
 */
function asIcalWallTime(wall: string): string {
  return wall.replace(' ', 'T');
}

/** iCalendar feed of public events from a month ago on, in the club's time zone. */
export async function calendarFeed(ctx: AppContext): Promise<string> {
  const timeZone = ctx.config.clubTimezone;
  const now = ctx.clock.now();
  const from = aMonthBefore(clubToday(now, timeZone));
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
      start: asIcalWallTime(row.start_at),
      end: asIcalWallTime(row.end_at),
      timezone: timeZone,
      stamp: now,
      summary: row.evento,
      description: row.nota ?? undefined,
      url: `${ctx.config.publicUrl}/calendar`,
    });
  }
  return calendar.toString();
}

import { createHash } from 'node:crypto';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { EventStatus } from '@club/contract/enums';
import { aMonthBefore, clubToday } from '@club/contract/club-time';
import { daysInMonth, formatDate } from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import { renderCalendar } from '../../lib/icalendar.ts';
import type { FeedEvent } from '../../lib/icalendar.ts';
import { findEventsBetween } from './repository.ts';
import { CLUB_PLACE, eventLink, eventUid } from './ical.ts';
import type { EventRow } from './repository.ts';
import { renderedByEventsVersion } from './events-version-cache.ts';

/**
 * How often a calendar client should ask again: the feeds' REFRESH-INTERVAL and the public
 * feed's max-age, one figure for both. An unchanged feed costs a 304, so this can be short.
 */
export const FEED_TTL_SECONDS = 15 * 60;
// Renderings kept per process: the public feed and the personal feeds most recently asked for.
const MAX_FEEDS = 500;

/** The same day a year later, 'yyyy-MM-dd', clamped to the month's last day (29 February: 28). */
function aYearAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return formatDate({ year: year + 1, month, day: Math.min(day, daysInMonth(year + 1, month)) });
}

/**
 * The window every feed covers, in club wall dates: from a month ago up to (not including) the
 * same day a year ahead. Older events are history; later ones are rarely planned yet.
 */
export function feedWindow(ctx: AppContext): { from: string; to: string } {
  const today = clubToday(ctx.clock.now(), ctx.config.clubTimezone);
  return { from: aMonthBefore(today), to: aYearAfter(today) };
}

/** An event row as a feed entry; the link opens the club's calendar. */
export function feedEventOf(ctx: AppContext, row: EventRow, status?: FeedEvent['status']): FeedEvent {
  return {
    uid: eventUid(row),
    start: row.start_at,
    end: row.end_at,
    summary: row.evento,
    description: row.nota,
    url: eventLink(ctx.config.publicUrl, row),
    ...CLUB_PLACE,
    sequence: row.version,
    lastModified: row.updated_at,
    ...(status ? { status } : {}),
  };
}

/** A rendered feed with its validators (HTTP ETag and Last-Modified). */
export interface RenderedFeed {
  body: string;
  /** A strong validator: a hash of the body (the same bytes give the same tag in every process). */
  etag: string;
  /** When this content was rendered at the latest (read before the rows), whole seconds. */
  lastModified: Date;
}

/**
 * An iCalendar feed, rendered once per change of the events version (and of the window's day)
 * and served from memory until then. `key` names the feed (`public`, or one per member);
 * `load` reads its events for the window. Every feed of the site goes through here.
 */
export async function feedBody(
  ctx: AppContext,
  key: string,
  name: string,
  load: (window: { from: string; to: string }) => Promise<FeedEvent[]>,
): Promise<RenderedFeed> {
  const window = feedWindow(ctx);
  const kept = await renderedByEventsVersion(ctx, 'feeds', MAX_FEEDS, `${key}|${window.from}`, async () => {
    const renderedAt = Math.floor(ctx.clock.now().getTime() / 1000) * 1000;
    const body = renderCalendar({
      name,
      timeZone: ctx.config.clubTimezone,
      stamp: ctx.clock.now(),
      ttlSeconds: FEED_TTL_SECONDS,
      events: await load(window),
    });
    const etag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    // Kept as one string: tag, time, body.
    return `${etag}\n${renderedAt}\n${body}`;
  });
  const first = kept.indexOf('\n');
  const second = kept.indexOf('\n', first + 1);
  return {
    etag: kept.slice(0, first),
    lastModified: new Date(Number(kept.slice(first + 1, second))),
    body: kept.slice(second + 1),
  };
}

/** GET /api/calendar.ics: the club's public events in the feed window. */
export function publicFeedBody(ctx: AppContext): Promise<RenderedFeed> {
  return feedBody(ctx, 'public', siteSettings.clubName, async ({ from, to }) => {
    const rows = await findEventsBetween(ctx.db.kysely, {
      from,
      to,
      includePrivate: false,
      publicStatus: EventStatus.publico,
    });
    return rows.map((row) => feedEventOf(ctx, row));
  });
}

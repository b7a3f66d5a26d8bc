import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { EventStatus } from '@club/contract/enums';
import { aMonthBefore, clubToday } from '@club/contract/club-time';
import type { AppContext } from '../../context.ts';
import { findEventsBetween } from './repository.ts';
import { eventLink, renderCalendar } from './ical.ts';

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
  return renderCalendar({
    name: siteSettings.clubName,
    timeZone,
    now,
    alsoYear: Number(from.slice(0, 4)),
    refreshSeconds: 60 * 60,
    entries: rows.map((row) => ({ row, url: eventLink(ctx.config.publicUrl, row) })),
  });
}

// A member's own calendar (personal feed, mail attachments) in the one iCalendar writer of
// lib/icalendar.ts: each entry is an event row with its version, change time and whether the
// member's registration (or the event) is cancelled.
import { renderCalendar as renderFeed } from '../../lib/icalendar.ts';
import type { EventRow } from './repository.ts';

export interface IcalEntry {
  row: Pick<EventRow, 'id' | 'start_at' | 'end_at' | 'evento' | 'nota' | 'version' | 'updated_at'>;
  url: string;
  /** Shown as STATUS:CANCELLED (a registration the member cancelled, or a cancelled event). */
  cancelled?: boolean;
  /** Overrides of the event's own version and change time (a personal feed adds the registration's). */
  sequence?: number;
  lastModified?: string;
}

export interface IcalCalendar {
  name: string;
  timeZone: string;
  now: Date;
  entries: IcalEntry[];
  /** How often clients should fetch it again, in seconds (feeds only). */
  refreshSeconds?: number;
}

/** The member's calendar as iCalendar text, every event with SEQUENCE, LAST-MODIFIED and STATUS. */
export function renderCalendar(calendar: IcalCalendar): string {
  return renderFeed({
    name: calendar.name,
    timeZone: calendar.timeZone,
    stamp: calendar.now,
    ttlSeconds: calendar.refreshSeconds,
    events: calendar.entries.map(({ row, url, cancelled, sequence, lastModified }) => ({
      uid: `${row.id}@club`,
      start: row.start_at,
      end: row.end_at,
      summary: row.evento,
      description: row.nota,
      url,
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
      sequence: sequence ?? row.version,
      lastModified: lastModified ?? row.updated_at,
    })),
  });
}

/** The address of an event's details card in the calendar (mails and feeds link to it). */
export function eventLink(publicUrl: string, row: Pick<EventRow, 'id' | 'start_at'>): string {
  return `${publicUrl}/calendar?month=${row.start_at.slice(0, 7)}&event=${encodeURIComponent(row.id)}`;
}

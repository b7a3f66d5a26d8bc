import { vtimezone } from './vtimezone.ts';

// The club's feeds need a small part of RFC 5545: one calendar of events in the club's zone.
// Written here because the generator library measures every character with a new TextEncoder
// while it folds, which made a feed of 1,300 events cost half a second of CPU.

/** A person of an invitation: the club as organiser, a member as attendee. */
export interface CalendarPerson {
  name: string;
  email: string;
}

/** One event of a feed; times are the club's wall time 'YYYY-MM-DD HH:MM:SS'. */
export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description?: string | null;
  url?: string;
  /** Where, as people write an address (RFC 5545 LOCATION). */
  location?: string;
  /** Where, as latitude and longitude in degrees (RFC 5545 GEO). */
  geo?: { lat: number; lon: number };
  /** RFC 5545 STATUS: a cancelled registration in a personal feed, a cancelled invitation. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** Grows with every change, so clients replace their copy (RFC 5545 SEQUENCE). */
  sequence?: number;
  /** When the event last changed, as an ISO instant (written in UTC, RFC 5545 LAST-MODIFIED). */
  lastModified?: string;
  /** Invitations (RFC 5546): the club, who sends it. */
  organizer?: CalendarPerson;
  /** Invitations: the member, with their answer (a booking is accepted when it is made). */
  attendee?: CalendarPerson & { partstat?: 'ACCEPTED' | 'DECLINED' };
}

export interface FeedCalendar {
  /** The calendar's name (feeds); a file of one event sent by mail has none. */
  name?: string;
  /** RFC 5546 METHOD: REQUEST for an invitation, CANCEL for a cancellation; none for a feed. */
  method?: 'REQUEST' | 'CANCEL';
  timeZone: string;
  /**
   * DTSTAMP of an invitation or cancellation (when the message was made). A feed (no method)
   * stamps each event with its own LAST-MODIFIED instead, so that the same events give the same
   * bytes (RFC 5545 §3.8.7.2: without METHOD, DTSTAMP is when the information last changed).
   */
  stamp: Date;
  /** Suggested refresh interval in seconds (feeds; a mail's attachment has none). */
  ttlSeconds?: number;
  events: FeedEvent[];
}

/** TEXT value escaping of RFC 5545 §3.3.11. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** UTF-8 length of one UTF-16 code unit (a surrogate pair counts 4 bytes in total: 2 + 2). */
function utf8Units(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdfff) return 2;
  return 3;
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character or a
 * surrogate pair; lines of plain ASCII that fit pass through untouched.
 */
export function foldLine(line: string): string {
  if (line.length <= 75 && /^[\x20-\x7e]*$/.test(line)) return line;
  let out = '';
  let octets = 0;
  let chunkStart = 0;
  for (let i = 0; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < line.length;
    const size = pair ? 4 : utf8Units(code);
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (octets + size > 75) {
      out += `${line.slice(chunkStart, i)}\r\n `;
      chunkStart = i;
      octets = 1;
    }
    octets += size;
    if (pair) i += 1;
  }
  return out + line.slice(chunkStart);
}

/**
 * A parameter value (CN=...): quoted when it holds ':', ';' or ','; a double quote, which a
 * quoted value cannot hold, becomes a single one; control characters are dropped.
 */
export function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\x00-\x1f\x7f]/g, ' ').replace(/"/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** 'YYYY-MM-DD HH:MM:SS' as iCalendar's local form 'YYYYMMDDTHHMMSS'. */
function localForm(wall: string): string {
  return `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}T${wall.slice(11, 13)}${wall.slice(14, 16)}${wall.slice(17, 19)}`;
}

/** An instant in iCalendar's UTC form 'YYYYMMDDTHHMMSSZ'. */
function utcForm(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * The whole calendar as iCalendar text: the zone's rules (VTIMEZONE) for the years the events
 * span, then each event with local times in that zone. Every line is folded once, here.
 */
export function renderCalendar(calendar: FeedCalendar): string {
  const { timeZone } = calendar;
  const messageStamp = utcForm(calendar.stamp);
  let firstYear = Number.POSITIVE_INFINITY;
  let lastYear = Number.NEGATIVE_INFINITY;
  for (const event of calendar.events) {
    firstYear = Math.min(firstYear, Number(event.start.slice(0, 4)));
    lastYear = Math.max(lastYear, Number(event.end.slice(0, 4)));
  }
  if (!Number.isFinite(firstYear)) firstYear = lastYear = calendar.stamp.getUTCFullYear();
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//club//events//ES', 'CALSCALE:GREGORIAN'];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  if (calendar.name !== undefined) {
    lines.push(foldLine(`NAME:${escapeText(calendar.name)}`), foldLine(`X-WR-CALNAME:${escapeText(calendar.name)}`));
  }
  lines.push(`X-WR-TIMEZONE:${timeZone}`);
  if (calendar.ttlSeconds !== undefined) {
    const ttl = `PT${Math.max(1, Math.round(calendar.ttlSeconds / 60))}M`;
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${ttl}`, `X-PUBLISHED-TTL:${ttl}`);
  }
  lines.push(vtimezone(timeZone, firstYear, lastYear));
  for (const event of calendar.events) {
    const changed = event.lastModified ? utcForm(new Date(event.lastModified)) : undefined;
    lines.push(
      'BEGIN:VEVENT',
      foldLine(`UID:${escapeText(event.uid)}`),
      `DTSTAMP:${calendar.method ? messageStamp : (changed ?? messageStamp)}`,
      `DTSTART;TZID=${timeZone}:${localForm(event.start)}`,
      `DTEND;TZID=${timeZone}:${localForm(event.end)}`,
    );
    if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
    if (changed) lines.push(`LAST-MODIFIED:${changed}`);
    lines.push(foldLine(`SUMMARY:${escapeText(event.summary)}`));
    if (event.description) lines.push(foldLine(`DESCRIPTION:${escapeText(event.description)}`));
    if (event.location) lines.push(foldLine(`LOCATION:${escapeText(event.location)}`));
    if (event.geo) lines.push(`GEO:${event.geo.lat.toFixed(6)};${event.geo.lon.toFixed(6)}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    if (event.organizer) {
      lines.push(foldLine(`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`));
    }
    if (event.attendee) {
      const partstat = event.attendee.partstat ? `;PARTSTAT=${event.attendee.partstat}` : '';
      lines.push(
        foldLine(
          `ATTENDEE;CN=${paramValue(event.attendee.name)};CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT${partstat};RSVP=FALSE:mailto:${event.attendee.email}`,
        ),
      );
    }
    if (event.url) lines.push(foldLine(`URL:${event.url}`));
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

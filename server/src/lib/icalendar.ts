import { vtimezone } from './vtimezone.ts';

// The club's feeds need a small part of RFC 5545: one calendar of events in the club's zone.
// Written here because the generator library measures every character with a new TextEncoder
// while it folds, which made a feed of 1,300 events cost half a second of CPU.

/** One event of a feed; times are the club's wall time 'YYYY-MM-DD HH:MM:SS'. */
export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description?: string | null;
  url?: string;
  /** RFC 5545 STATUS: a cancelled registration in a personal feed. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** Grows with every change, so clients replace their copy (RFC 5545 SEQUENCE). */
  sequence?: number;
  /** When the event last changed, as an ISO instant (written in UTC, RFC 5545 LAST-MODIFIED). */
  lastModified?: string;
}

export interface FeedCalendar {
  name: string;
  timeZone: string;
  /** When the feed was written (DTSTAMP of every event). */
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

/** 'YYYY-MM-DD HH:MM:SS' as iCalendar's local form 'YYYYMMDDTHHMMSS'. */
function localForm(wall: string): string {
  return `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}T${wall.slice(11, 13)}${wall.slice(14, 16)}${wall.slice(17, 19)}`;
}

/** An instant in iCalendar's UTC form 'YYYYMMDDTHHMMSSZ'. */
function utcForm(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * The whole feed as iCalendar text: the zone's rules (VTIMEZONE) for the years the events span,
 * then each event with local times in that zone. Every line is folded once, here.
 */
export function renderCalendar(calendar: FeedCalendar): string {
  const { timeZone } = calendar;
  const stamp = utcForm(calendar.stamp);
  let firstYear = calendar.stamp.getUTCFullYear();
  let lastYear = firstYear;
  for (const event of calendar.events) {
    firstYear = Math.min(firstYear, Number(event.start.slice(0, 4)));
    lastYear = Math.max(lastYear, Number(event.end.slice(0, 4)));
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//club//events//ES',
    'CALSCALE:GREGORIAN',
    foldLine(`NAME:${escapeText(calendar.name)}`),
    foldLine(`X-WR-CALNAME:${escapeText(calendar.name)}`),
    `X-WR-TIMEZONE:${timeZone}`,
  ];
  if (calendar.ttlSeconds !== undefined) {
    const ttl = `PT${Math.max(1, Math.round(calendar.ttlSeconds / 60))}M`;
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${ttl}`, `X-PUBLISHED-TTL:${ttl}`);
  }
  lines.push(vtimezone(timeZone, firstYear, lastYear));
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${timeZone}:${localForm(event.start)}`,
      `DTEND;TZID=${timeZone}:${localForm(event.end)}`,
    );
    if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
    if (event.lastModified) {
      lines.push(`LAST-MODIFIED:${new Date(event.lastModified).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`);
    }
    lines.push(foldLine(`SUMMARY:${escapeText(event.summary)}`));
    if (event.description) lines.push(foldLine(`DESCRIPTION:${escapeText(event.description)}`));
    if (event.status) lines.push(`STATUS:${event.status}`);
    if (event.url) lines.push(foldLine(`URL:${event.url}`));
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

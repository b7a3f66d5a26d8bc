// iCalendar (RFC 5545) written by hand: ical-generator wrote DTSTAMP and LAST-MODIFIED in local
// time without a zone, put calendar properties after the VTIMEZONE and left the last line
// without its CRLF, which strict readers refuse. The format is small enough to write directly.
import { parseEventTime, ZERO_EVENT_TIME } from '@club/contract/event-time';
import { vtimezone } from '../../lib/vtimezone.ts';
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
  /** Years the VTIMEZONE must cover besides those of the entries. */
  alsoYear?: number;
  /** How often clients should fetch it again, in seconds (feeds only). */
  refreshSeconds?: number;
}

/** TEXT value escaping of RFC 5545 §3.3.11. */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (§3.1). */
function fold(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(out.length === 0 ? current : ` ${current}`);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(out.length === 0 ? current : ` ${current}`);
  return out;
}

/** 'YYYYMMDDTHHMMSSZ' of an instant. */
export function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** 'YYYYMMDDTHHMMSS' of a club wall time 'YYYY-MM-DD HH:MM:SS'. */
function wallStamp(wall: string): string {
  const p = parseEventTime(wall, ZERO_EVENT_TIME);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(p.year).padStart(4, '0')}${two(p.month)}${two(p.day)}T${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

/** A calendar with its properties first, then the zone, then one VEVENT per entry; CRLF ends every line. */
export function renderCalendar(calendar: IcalCalendar): string {
  const { timeZone } = calendar;
  const years = calendar.entries
    .flatMap((e) => [e.row.start_at, e.row.end_at])
    .map((wall) => Number(wall.slice(0, 4)));
  if (calendar.alsoYear !== undefined) years.push(calendar.alsoYear);
  if (years.length === 0) years.push(calendar.now.getUTCFullYear());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//club//events//ES',
    'CALSCALE:GREGORIAN',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...(calendar.refreshSeconds
      ? [
          `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshSeconds}S`,
          `X-PUBLISHED-TTL:PT${calendar.refreshSeconds}S`,
        ]
      : []),
    ...vtimezone(timeZone, Math.min(...years), Math.max(...years)).split('\r\n'),
  ];
  const stamp = utcStamp(calendar.now);
  for (const { row, url, cancelled, sequence, lastModified } of calendar.entries) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${row.id}@club`,
      `SEQUENCE:${sequence ?? row.version}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${utcStamp(new Date(lastModified ?? row.updated_at))}`,
      `DTSTART;TZID=${timeZone}:${wallStamp(row.start_at)}`,
      `DTEND;TZID=${timeZone}:${wallStamp(row.end_at)}`,
      `SUMMARY:${escapeText(row.evento)}`,
      ...(row.nota ? [`DESCRIPTION:${escapeText(row.nota)}`] : []),
      `URL:${url}`,
      `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.flatMap(fold).join('\r\n') + '\r\n';
}

/** The address of an event's details card in the calendar (mails and feeds link to it). */
export function eventLink(publicUrl: string, row: Pick<EventRow, 'id' | 'start_at'>): string {
  return `${publicUrl}/calendar?month=${row.start_at.slice(0, 7)}&event=${encodeURIComponent(row.id)}`;
}

// The one way event times are shown. Event times are the club's wall-clock text
// ('YYYY-MM-DD HH:MM:SS', API.md): they are read into a Date whose UTC fields are the wall
// fields and formatted in UTC, so neither the server's nor the browser's zone shifts them.
import { parseEventTime, ZERO_EVENT_TIME } from './event-time.ts';

/** A Date whose UTC fields are the wall-clock parts of an event time, for Intl formatting in UTC. */
export function wallClockDate(text: string): Date {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** 'HH:MM' of an event time. */
export function wallTimeOf(text: string): string {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  return `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
}

// Building a formatter costs far more than using one, and a month draws forty day cells.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The Intl formatter of a locale and options, always in UTC (see above); kept once built. */
export function wallFormatter(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let kept = formatters.get(key);
  if (kept === undefined) {
    kept = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, kept);
  }
  return kept;
}

/** An event time (or a 'YYYY-MM-DD' date) formatted as written, in a locale, with Intl's options. */
export function formatWall(text: string, locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): string {
  return wallFormatter(locale, options).format(wallClockDate(text));
}

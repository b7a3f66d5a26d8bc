import { wallClockDate as wallDate, wallFormatter } from '@club/contract/wall-format';
import { CLUB_TIMEZONE } from '@club/contract/club-time';

/** 'mié, 14 may · 19:00–21:00' (the end's date too when it is another day; the year on request). */
export function formatEventWhen(start: string, end: string, language: string, withYear = false): string {
  const from = wallDate(start);
  const to = wallDate(end);
  // Event times are wall-clock text: read as UTC and formatted as UTC, nothing shifts them.
  const day = wallFormatter(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  });
  const time = wallFormatter(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return sameDay
    ? `${day.format(from)} · ${time.format(from)}–${time.format(to)}`
    : `${day.format(from)} ${time.format(from)} – ${day.format(to)} ${time.format(to)}`;
}

/** 'mayo de 2025', 'May 2025'. */
export function formatMonthTitle(year: number, month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** An instant (ISO text) on the club's clock, date and time. */
export function formatInstant(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CLUB_TIMEZONE,
  }).format(date);
}

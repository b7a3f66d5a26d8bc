// Localised texts of dates and times; event times are wall-clock text, formatted in UTC so the
// browser's own zone never shifts them.
import { eventDate } from '@club/contract/event-time';
import type { YearMonth } from '@club/contract/club-time';
import { formatWall, wallFormatter, wallTimeOf as timeOf } from '@club/contract/wall-format';

function capitalise(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** Month name and year, e.g. { month: 'Marzo', year: '2025' }. */
export function monthTitle(value: YearMonth, language: string): { month: string; year: string } {
  const parts = wallFormatter(language, {
    month: 'long',
    year: 'numeric',
  }).formatToParts(new Date(Date.UTC(value.year, value.month - 1, 1)));
  const month = parts.find((part) => part.type === 'month')?.value ?? String(value.month);
  const year = parts.find((part) => part.type === 'year')?.value ?? String(value.year);
  return { month: capitalise(month, language), year };
}

/** Weekday names Monday to Sunday, short and long. */
export function weekdayNames(language: string): { short: string; long: string }[] {
  const short = wallFormatter(language, { weekday: 'short' });
  const long = wallFormatter(language, { weekday: 'long' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => {
    const date = new Date(Date.UTC(2024, 0, 1 + index));
    return {
      short: capitalise(short.format(date).replace(/\.$/, ''), language),
      long: capitalise(long.format(date), language),
    };
  });
}

/** 'lunes, 14 de abril' for a 'yyyy-MM-dd' date. */
export function longDate(date: string, language: string): string {
  const text = formatWall(date, language, { weekday: 'long', day: 'numeric', month: 'long' });
  return capitalise(text, language);
}

/** 'Lunes, 14 de abril · 18:00 – 20:00', or both dates when the event runs past midnight. */
export function scheduleText(start: string, end: string, language: string): string {
  const startDate = eventDate(start);
  const endDate = eventDate(end);
  if (startDate === endDate) return `${longDate(startDate, language)} · ${timeOf(start)} – ${timeOf(end)}`;
  return `${longDate(startDate, language)} ${timeOf(start)} – ${longDate(endDate, language)} ${timeOf(end)}`;
}

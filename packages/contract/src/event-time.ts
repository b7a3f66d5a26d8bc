// Event times are wall-clock text "YYYY-MM-DD HH:MM:SS" in the club's time zone (API.md).
// Nothing here knows a time zone: the caller turns an instant into club wall time first.

export interface EventTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const PART_NAMES = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/**
 * The years the API takes for the club's own dates: events, their month views, the training
 * log's sessions. Anything outside is a typo or a probe, never a club's day, and refused.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** The earliest birth date the API takes: nobody alive was born before it. */
export const FIRST_BIRTH_DATE = '1900-01-01';

/** True when the text's leading 'YYYY' is one of the club's years (FIRST_YEAR to LAST_YEAR). */
export function isInClubYears(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return /^\d{4}/.test(text) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * True when `text` ('yyyy-MM-dd', already a real date) is a birth date a person may have: from
 * FIRST_BIRTH_DATE up to today (UTC, a day's slack for every time zone).
 */
export function isPossibleBirthDate(text: string, now: Date = new Date()): boolean {
  const latest = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  return text >= FIRST_BIRTH_DATE && text <= latest;
}

/** Number of days of a month (1-12) in the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC so no daylight-saving shift.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True when year, month and day name a real calendar date (2023-02-29 is not). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** True when `text` is exactly 'yyyy-MM-dd' and a real calendar date. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The parts of a Date as read by its local-time getters (the runtime's time zone). */
export function partsOfDate(date: Date): EventTimeParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/**
 * Reads "YYYY-MM-DD HH:MM:SS" by position (any non-digit run separates parts, as SPEC §3
 * reads it); a missing part takes the same part of `now` (a Date read in local time, or
 * parts already in club time).
 */
export function parseEventTime(text: string, now: Date | EventTimeParts): EventTimeParts {
  const defaults = now instanceof Date ? partsOfDate(now) : now;
  const numbers = text.split(/\D+/).filter((piece) => piece !== '');
  const parts = { ...defaults };
  PART_NAMES.forEach((name, index) => {
    const piece = numbers[index];
    if (piece !== undefined) parts[name] = Number(piece);
  });
  return parts;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Formats parts as "YYYY-MM-DD HH:MM:SS", zero-padded. */
export function formatEventTime(parts: EventTimeParts): string {
  return (
    `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)} ` +
    `${pad(parts.hour, 2)}:${pad(parts.minute, 2)}:${pad(parts.second, 2)}`
  );
}

/** Formats the date of parts as 'yyyy-MM-dd'. */
export function formatDate(parts: Pick<EventTimeParts, 'year' | 'month' | 'day'>): string {
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
}

/** True when `text` is exactly "YYYY-MM-DD HH:MM:SS" and names a real date and time of day. */
export function isRealEventTime(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return false;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  return (
    isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

/** All parts zero: the default for readings that must not depend on the current time. */
export const ZERO_EVENT_TIME: Readonly<EventTimeParts> = {
  year: 0,
  month: 0,
  day: 0,
  hour: 0,
  minute: 0,
  second: 0,
};

/** Normalises an event time to the padded form, missing parts taken from `now` (zero without it). */
export function normalizeEventTime(text: string, now: Date | EventTimeParts = ZERO_EVENT_TIME): string {
  return formatEventTime(parseEventTime(text, now));
}

/** Orders two event times by their parts (missing parts count as zero): negative, 0 or positive. */
export function compareEventTimes(a: string, b: string): number {
  const left = parseEventTime(a, ZERO_EVENT_TIME);
  const right = parseEventTime(b, ZERO_EVENT_TIME);
  for (const name of PART_NAMES) {
    const difference = left[name] - right[name];
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** The date of an event time, 'yyyy-MM-dd'. */
export function eventDate(text: string): string {
  return formatDate(parseEventTime(text, ZERO_EVENT_TIME));
}

/**
 * Adds whole days on the wall clock, keeping the time of day (weekly repeats stay at 19:00
 * across a daylight-saving change). A date-only text gives a date-only result.
 */
export function addDays(text: string, days: number): string {
  const parts = parseEventTime(text, ZERO_EVENT_TIME);
  // UTC arithmetic is plain calendar arithmetic: no zone, no daylight saving.
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  const moved = {
    ...parts,
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  };
  const hasTime = text.split(/\D+/).filter((piece) => piece !== '').length > 3;
  return hasTime ? formatEventTime(moved) : formatDate(moved);
}

// The club's wall time and month arithmetic, the one place server and web read them. Event times
// are wall-clock text in the club's time zone (API.md); Intl does the zone arithmetic, so no
// date library is loaded for it on either side.
import siteSettings from '../site-settings.json' with { type: 'json' };
import { daysInMonth, FIRST_YEAR, formatDate, LAST_YEAR } from './event-time.ts';

/** The club's time zone (the server's CLUB_TIMEZONE default): event times are wall times there. */
export const CLUB_TIMEZONE: string = siteSettings.timeZone;

/** The years the calendar calls accept (GET /api/{year}/{month}/ and the screens' months). */
export { FIRST_YEAR, LAST_YEAR };

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The club's wall time of an instant as 'YYYY-MM-DD HH:MM:SS' (the contract's `nowLocal`). */
export function clubWallTime(instant: Date, timeZone: string = CLUB_TIMEZONE): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Today on the club's wall clock, 'yyyy-MM-dd'. */
export function clubToday(instant: Date, timeZone: string = CLUB_TIMEZONE): string {
  return clubWallTime(instant, timeZone).slice(0, 10);
}

/** This month on the club's wall clock. */
export function clubMonth(instant: Date, timeZone: string = CLUB_TIMEZONE): YearMonth {
  const [year, month] = clubWallTime(instant, timeZone).split('-').map(Number);
  return { year, month };
}

function wallAsUtcMs(wall: string): number {
  const [date, time = '00:00:00'] = wall.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  return Date.UTC(y, m - 1, d, hh, mm, ss);
}

/** The offset from UTC of a time zone at an instant, in whole minutes (+60 for Madrid in winter). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtcMs(clubWallTime(new Date(ms), timeZone)) - ms) / 60_000);
}

/**
 * The instant of a club wall time 'YYYY-MM-DD HH:MM:SS'. In the hour a clock skips, the later
 * offset applies; in the hour it repeats, the first of the two instants.
 */
export function instantOfWallTime(wall: string, timeZone: string = CLUB_TIMEZONE): Date {
  const target = wallAsUtcMs(wall);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const offset = wallAsUtcMs(clubWallTime(new Date(guess), timeZone)) - guess;
    const next = target - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The month `delta` months away (negative: back). */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Orders two months: negative, 0 or positive. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** First day of the month, its last day and the first day of the next, each 'yyyy-MM-dd'. */
export function monthBounds({ year, month }: YearMonth): { first: string; last: string; next: string } {
  const following = shiftMonth({ year, month }, 1);
  return {
    first: formatDate({ year, month, day: 1 }),
    last: formatDate({ year, month, day: daysInMonth(year, month) }),
    next: formatDate({ year: following.year, month: following.month, day: 1 }),
  };
}

/** The same day a month earlier, 'yyyy-MM-dd', clamped to the month's last day (31 March: 28/29 February). */
export function aMonthBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const before = shiftMonth({ year, month }, -1);
  return formatDate({ ...before, day: Math.min(day, daysInMonth(before.year, before.month)) });
}

/** Reads '2025-03' (a URL's month); undefined when it is not a month of the calendar's years. */
export function parseYearMonth(text: string | null | undefined): YearMonth | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const value = { year: Number(match[1]), month: Number(match[2]) };
  const inRange = value.year >= FIRST_YEAR && value.year <= LAST_YEAR && value.month >= 1 && value.month <= 12;
  return inRange ? value : undefined;
}

/** '2025-03' for a month. */
export function formatYearMonth({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** How many months ahead of the current one the calendar may be browsed (SPEC §9: the month after next). */
export const MONTHS_AHEAD = 2;

/** The last month the calendar may open, seen from the current one. */
export function lastReachableMonth(current: YearMonth): YearMonth {
  return shiftMonth(current, MONTHS_AHEAD);
}

/** True when the month after `view` may still be opened. */
export function canGoForward(view: YearMonth, current: YearMonth): boolean {
  return compareMonths(view, lastReachableMonth(current)) < 0;
}

/** Keeps a requested month within what may be opened (backwards is free, the API stops at 2000). */
export function clampMonth(view: YearMonth, current: YearMonth): YearMonth {
  if (compareMonths(view, lastReachableMonth(current)) > 0) return lastReachableMonth(current);
  if (view.year < FIRST_YEAR) return { year: FIRST_YEAR, month: 1 };
  return view;
}

// ------------------------------------------------------------ wall times a clock change removes or repeats

const HOUR_MS = 60 * 60_000;
/** Far enough either side of a wall time to see the offsets before and after any change near it. */
const AROUND_MS = 36 * HOUR_MS;

/** The offset from UTC of a zone at an instant, in milliseconds (whole seconds; old zones had odd ones). */
function offsetMsAt(instant: number, timeZone: string): number {
  const ms = Math.floor(instant / 1000) * 1000;
  return wallAsUtcMs(clubWallTime(new Date(ms), timeZone)) - ms;
}

/** A change of a zone's clock: when, on the clock before and after, and by how much. */
export interface ClockChange {
  /** The wall time the clock showed when it changed ('YYYY-MM-DD HH:MM:SS', e.g. 02:00 in spring). */
  from: string;
  /** The wall time it showed right after (03:00 in spring, 02:00 in autumn). */
  to: string;
  /** Minutes the clock moved: positive forward (a gap), negative back (a repeat). */
  minutes: number;
}

/** Why a wall time cannot stand for one instant of the club's zone. */
export interface WallTimeFault {
  /** 'gap': the clock skips it; 'repeat': it happens twice. */
  kind: 'gap' | 'repeat';
  /** The wall time at fault, 'YYYY-MM-DD HH:MM:SS'. */
  wall: string;
  change: ClockChange;
}

/**
 * Whether a wall time 'YYYY-MM-DD HH:MM:SS' names exactly one instant in `timeZone` (any IANA
 * zone): undefined when it does, otherwise the clock change that skips it (spring forward) or
 * shows it twice (fall back). Intl does the zone arithmetic: the wall time is read back from the
 * instants it could stand for, under the offsets in force a day and a half either side.
 */
export function wallTimeFault(wall: string, timeZone: string = CLUB_TIMEZONE): WallTimeFault | undefined {
  const target = wallAsUtcMs(wall);
  const before = offsetMsAt(target - AROUND_MS, timeZone);
  const after = offsetMsAt(target + AROUND_MS, timeZone);
  const reads = (offset: number) => clubWallTime(new Date(target - offset), timeZone) === wall.slice(0, 19);
  if (before === after) return undefined;
  const valid = [before, after].filter(reads).length;
  if (valid === 1) return undefined;
  // The change lies within the three days around: halve the window down to a second.
  let low = target - AROUND_MS;
  let high = target + AROUND_MS;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetMsAt(middle, timeZone) === before) low = middle;
    else high = middle;
  }
  const local = (offset: number) => {
    const iso = new Date(high + offset).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  };
  return {
    kind: valid === 0 ? 'gap' : 'repeat',
    wall: wall.slice(0, 19),
    change: { from: local(before), to: local(after), minutes: Math.round((after - before) / 60_000) },
  };
}

/** A fault of an event's start or end, in the week of a weekly series it falls on (0: the first). */
export interface EventTimeFault extends WallTimeFault {
  field: 'start' | 'end';
  week: number;
}

/**
 * The faults of an event's start and end, and of each week of a weekly series made from them
 * (the same wall times 7, 14, ... days later, as the staff's repeat makes them).
 */
export function eventTimeFaults(
  times: Array<{ start: string; end: string }>,
  timeZone: string = CLUB_TIMEZONE,
): EventTimeFault[] {
  const faults: EventTimeFault[] = [];
  times.forEach(({ start, end }, week) => {
    for (const [field, wall] of [
      ['start', start],
      ['end', end],
    ] as const) {
      const fault = wallTimeFault(wall, timeZone);
      if (fault) faults.push({ ...fault, field, week });
    }
  });
  return faults;
}

interface ClockTexts {
  amount: (minutes: number) => string;
  gap: (v: FaultWords) => string;
  repeat: (v: FaultWords) => string;
  series: (dates: string) => string;
}

interface FaultWords {
  date: string;
  zone: string;
  amount: string;
  from: string;
  to: string;
  time: string;
}

const amountIn = (one: string, hours: string, minutes: string) => (total: number) => {
  const abs = Math.abs(total);
  if (abs === 60) return one;
  if (abs % 60 === 0) return `${abs / 60} ${hours}`;
  return `${abs} ${minutes}`;
};

const CLOCK_TEXTS: Record<'es' | 'ca' | 'en', ClockTexts> = {
  es: {
    amount: amountIn('una hora', 'horas', 'minutos'),
    gap: (v) =>
      `El ${v.date} a las ${v.from} los relojes de ${v.zone} se adelantan ${v.amount} y pasan a las ${v.to}: la hora ${v.time} no existe ese día.`,
    repeat: (v) =>
      `El ${v.date} a las ${v.from} los relojes de ${v.zone} se atrasan ${v.amount} y vuelven a las ${v.to}: la hora ${v.time} ocurre dos veces ese día.`,
    series: (dates) => `La serie semanal cae en un cambio de hora en estas fechas: ${dates}.`,
  },
  ca: {
    amount: amountIn('una hora', 'hores', 'minuts'),
    gap: (v) =>
      `El ${v.date} a les ${v.from} els rellotges de ${v.zone} s'avancen ${v.amount} i passen a les ${v.to}: l'hora ${v.time} no existeix aquell dia.`,
    repeat: (v) =>
      `El ${v.date} a les ${v.from} els rellotges de ${v.zone} es retarden ${v.amount} i tornen a les ${v.to}: l'hora ${v.time} passa dues vegades aquell dia.`,
    series: (dates) => `La sèrie setmanal cau en un canvi d'hora en aquestes dates: ${dates}.`,
  },
  en: {
    amount: amountIn('one hour', 'hours', 'minutes'),
    gap: (v) =>
      `On ${v.date} at ${v.from} the clocks in ${v.zone} go forward ${v.amount} to ${v.to}: ${v.time} does not exist that day.`,
    repeat: (v) =>
      `On ${v.date} at ${v.from} the clocks in ${v.zone} go back ${v.amount} to ${v.to}: ${v.time} happens twice that day.`,
    series: (dates) => `The weekly series falls on a clock change on these dates: ${dates}.`,
  },
};

/** 'dd/mm/yyyy' of a wall time, as the three languages of the site write a date. */
const dayOf = (wall: string) => `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}`;
const hourOf = (wall: string) => wall.slice(11, 16);

/** One fault in a person's language (es, ca or en), naming the clock change behind it. */
export function wallTimeFaultMessage(fault: WallTimeFault, timeZone: string, language: string): string {
  const texts = CLOCK_TEXTS[language === 'ca' || language === 'en' ? language : 'es'];
  const words: FaultWords = {
    date: dayOf(fault.wall),
    zone: timeZone,
    amount: texts.amount(fault.change.minutes),
    from: hourOf(fault.change.from),
    to: hourOf(fault.change.to),
    time: hourOf(fault.wall),
  };
  return fault.kind === 'gap' ? texts.gap(words) : texts.repeat(words);
}

/**
 * The message of TIME_NOT_IN_CLUB_ZONE for an event's faults: each clock change named once, and
 * for a weekly series first the dates it would land on.
 */
export function eventTimeFaultsMessage(faults: EventTimeFault[], timeZone: string, language: string): string {
  const texts = CLOCK_TEXTS[language === 'ca' || language === 'en' ? language : 'es'];
  const seen = new Set<string>();
  const parts: string[] = [];
  if (faults.some((fault) => fault.week > 0)) {
    parts.push(texts.series([...new Set(faults.map((fault) => dayOf(fault.wall)))].join(', ')));
  }
  for (const fault of faults) {
    const key = `${fault.wall}|${fault.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(wallTimeFaultMessage(fault, timeZone, language));
  }
  return parts.join(' ');
}

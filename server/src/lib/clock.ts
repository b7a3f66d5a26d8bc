/** The source of the current time; tests inject a movable one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(date: Date): void {
    this.current = new Date(date.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

// Intl does the time-zone arithmetic: no date library is loaded at start for it.
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

/** The club's wall time of an instant as 'YYYY-MM-DD HH:MM:SS'. */
export function clubWallTime(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
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
export function instantOfWallTime(wall: string, timeZone: string): Date {
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

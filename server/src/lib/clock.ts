import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

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

/** The club's wall time of an instant as 'YYYY-MM-DD HH:MM:SS'. */
export function clubWallTime(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd HH:mm:ss');
}

/** The instant of a club wall time 'YYYY-MM-DD HH:MM:SS'. */
export function instantOfWallTime(wall: string, timeZone: string): Date {
  const [date, time = '00:00:00'] = wall.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, ss, timeZone).getTime());
}

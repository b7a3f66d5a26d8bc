import { offsetMinutesAt } from '@club/contract/club-time';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** "+0100", "-0330": an offset in minutes as iCalendar writes it. */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The local date-time 'YYYYMMDDTHHMMSS' of an instant on a clock `offset` minutes from UTC. */
const localAt = (instant: number, offset: number) =>
  new Date(instant + offset * MINUTE_MS).toISOString().slice(0, 19).replace(/[-:]/g, '');

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** Every change of offset in [from, to), each found to the minute. */
function transitionsBetween(timeZone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let before = offsetMinutesAt(new Date(from), timeZone);
  for (let day = from; day < to; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, to);
    const after = offsetMinutesAt(new Date(next), timeZone);
    if (after === before) continue;
    // The change lies in (day, next]: halve the window down to a minute.
    let low = day;
    let high = next;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutesAt(new Date(middle), timeZone) === before) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: before, to: after });
    before = after;
  }
  return found;
}

// The changes of one year never change: each (zone, year) is searched once per process. The search
// asks Intl for the offset a few hundred times a year, which would otherwise be paid by every mail
// that carries an invitation and every feed rendering.
const yearCache = new Map<string, Transition[]>();
const YEAR_CACHE_LIMIT = 2000;

function transitionsOfYear(timeZone: string, year: number): Transition[] {
  const key = `${timeZone}|${year}`;
  let found = yearCache.get(key);
  if (!found) {
    found = transitionsBetween(timeZone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
    if (yearCache.size >= YEAR_CACHE_LIMIT) yearCache.clear();
    yearCache.set(key, found);
  }
  return found;
}

/**
 * The VTIMEZONE block of RFC 5545 for `timeZone` over the years `firstYear`..`lastYear`, from
 * the runtime's own time-zone data: one observance for the offset in force from two days before
 * 1 January of the first year (so that it starts before the local time of any event of that
 * year, 00:00 on 1 January included, in any zone), then one per change of offset, each with
 * its local start and both offsets. An observance is DAYLIGHT when its offset is above the
 * lowest offset of the period.
 */
export function vtimezone(timeZone: string, firstYear: number, lastYear: number): string {
  const newYear = Date.UTC(firstYear, 0, 1);
  const from = newYear - 2 * DAY_MS;
  const initial = offsetMinutesAt(new Date(from), timeZone);
  const transitions: Transition[] = transitionsBetween(timeZone, from, newYear);
  for (let year = firstYear; year <= lastYear; year++) transitions.push(...transitionsOfYear(timeZone, year));
  const standard = Math.min(initial, ...transitions.map((t) => t.to));
  const observance = (start: string, offsetFrom: number, offsetTo: number) => {
    const kind = offsetTo > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${icsOffset(offsetFrom)}`,
      `TZOFFSETTO:${icsOffset(offsetTo)}`,
      `END:${kind}`,
    ];
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(localAt(from, initial), initial, initial),
    // DTSTART is the local time of the change on the clock it changes from (02:00 in spring).
    ...transitions.flatMap((t) => observance(localAt(t.at, t.from), t.from, t.to)),
    'END:VTIMEZONE',
  ];
  return lines.join('\r\n');
}

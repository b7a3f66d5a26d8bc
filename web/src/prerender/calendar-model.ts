// A month of events only for the build: the calendar drawn with it shows every kind of chip,
// dot and lock the server's drawing of a visitor's month can show (decision 0073), so the style
// rules inlined in the calendar's page cover that drawing too.
import type { DrawnMonth } from '@club/contract/content-view';
import { EVENT_TYPES, EventStatus } from '@club/contract/enums';
import { formatDate } from '@club/contract/event-time';
import { clubMonth } from '@club/contract/club-time';
import type { YearMonth } from '@club/contract/club-time';
import type { ClubEvent } from '@club/contract/schemas';


const modelEvent = (view: YearMonth, day: number, index: number, type: number, status: number): ClubEvent => {
  const date = formatDate({ ...view, day });
  return {
    uuid: `model-${index}`,
    type: type as ClubEvent['type'],
    start: `${date} 18:00:00`,
    end: `${date} 20:00:00`,
    evento: `Model ${index}`,
    nota: null,
    plazas: 10,
    plazasLibres: 4,
    status: status as ClubEvent['status'],
    soloLectura: false,
    participantes: [],
  };
};

/**
 * The month of the page drawn at `now` (the build's by default) with every type of event on a day
 * of its own, a private one, and a day with more events than a phone's cell shows dots for; and
 * the instant to draw it at, its 15th, so the events before it show as past.
 */
export function calendarModel(now: Date | undefined): { now: Date; month: DrawnMonth } {
  const view = clubMonth(now ?? new Date());
  const events = EVENT_TYPES.map((type, index) => modelEvent(view, 2 + 2 * index, index, type, EventStatus.publico));
  events.push(modelEvent(view, 3, events.length, EVENT_TYPES[0]!, EventStatus.privado));
  for (let k = 0; k < 6; k++) events.push(modelEvent(view, 27, events.length, EVENT_TYPES[k % EVENT_TYPES.length]!, EventStatus.publico));
  return { now: new Date(Date.UTC(view.year, view.month - 1, 15, 12)), month: { ...view, events } };
}

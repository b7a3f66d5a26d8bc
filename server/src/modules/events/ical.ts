// The club's events in the one iCalendar writer of lib/icalendar.ts: where they happen (the
// club's address from the site settings), who organises them (the club), and each member's own
// copy of an event in invitations and cancellations sent by mail.
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import type { AppContext } from '../../context.ts';
import { clubAddress } from '../../config.ts';
import { renderCalendar } from '../../lib/icalendar.ts';
import type { CalendarPerson, FeedEvent } from '../../lib/icalendar.ts';
import type { EventRow } from './repository.ts';

/** The club's address and, where the settings give them, its coordinates. */
interface ClubAddress {
  street: string;
  postalCode: string;
  city: string;
  region?: string;
  geo?: { lat: number; lon: number };
}

const address = siteSettings.address as ClubAddress;

/** Where the club's events happen: the address as people write it, and GEO where known. */
export const CLUB_PLACE: Pick<FeedEvent, 'location' | 'geo'> = {
  location: [address.street, `${address.postalCode} ${address.city}`, address.region].filter(Boolean).join(', '),
  ...(address.geo ? { geo: address.geo } : {}),
};

/** The club as the organiser of its events: its name, and its address (CLUB_EMAIL, else the settings'). */
export function clubOrganizer(ctx: AppContext): CalendarPerson {
  return { name: siteSettings.clubName, email: clubAddress(ctx.config) };
}

/** The UID of an event in every calendar the club sends (feeds and mails alike). */
export const eventUid = (row: Pick<EventRow, 'id'>): string => `${row.id}@club`;

/** The address of an event's details card in the calendar (mails and feeds link to it). */
export function eventLink(publicUrl: string, row: Pick<EventRow, 'id' | 'start_at'>): string {
  return `${publicUrl}/calendar?month=${row.start_at.slice(0, 7)}&event=${encodeURIComponent(row.id)}`;
}

export type InvitedEvent = Pick<EventRow, 'id' | 'start_at' | 'end_at' | 'evento' | 'nota' | 'version' | 'updated_at'>;

/**
 * One event as an invitation (METHOD:REQUEST: the club organises, the member has accepted) or
 * a cancellation (METHOD:CANCEL, STATUS:CANCELLED) for one member, as RFC 5546 has them: same
 * UID as every other copy, SEQUENCE of the member's copy, no calendar name.
 */
export function invitationIcs(
  ctx: AppContext,
  event: InvitedEvent,
  member: CalendarPerson,
  method: 'REQUEST' | 'CANCEL',
  sequence: number,
): string {
  return renderCalendar({
    method,
    timeZone: ctx.config.clubTimezone,
    stamp: ctx.clock.now(),
    events: [
      {
        uid: eventUid(event),
        start: event.start_at,
        end: event.end_at,
        summary: event.evento,
        description: event.nota,
        url: eventLink(ctx.config.publicUrl, event),
        ...CLUB_PLACE,
        status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
        sequence,
        lastModified: event.updated_at,
        organizer: clubOrganizer(ctx),
        attendee: method === 'REQUEST' ? { ...member, partstat: 'ACCEPTED' } : member,
      },
    ],
  });
}

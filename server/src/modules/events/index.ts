// The events module's public face: what other modules and the app may use.
export { eventHomework, eventsHooks, memberRegistrations } from './member-data.ts';
export type { MemberRegistration } from './member-data.ts';
export { sendMails } from './mails.ts';
export {
  addParticipant,
  adminEventsRange,
  createEvents,
  deleteAdminEvent,
  listAdminEvents,
  participantsPage,
  setParticipantStatus,
  updateAdminEvent,
  waitlistOf,
} from './staff.ts';
export { feedBody, feedEventOf, feedWindow } from './feed.ts';
export { seatFromWaitlist, seatMember } from './waitlist.ts';
export { insertEvents } from './repository.ts';
export {
  findMatchEntrant,
  findMatchEntrants,
  findMatchEventHeader,
  findMatchEventHeaders,
} from './match-entrants.ts';
export type { MatchEntrant, MatchEventHeader } from './match-entrants.ts';
export { calendarPages } from './drawn-calendar.ts';

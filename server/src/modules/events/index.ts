// The events module's public face: what other modules and the app may use.
export { eventsRoutes } from './routes.ts';
export { cancelUpcomingRegistrations } from './subscribe.ts';
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
} from './staff.ts';
export { feedBody, feedEventOf, feedWindow } from './feed.ts';
export { seatFromWaitlist } from './waitlist.ts';
export {
  findMatchEntrant,
  findMatchEntrants,
  findMatchEventHeader,
  findMatchEventHeaders,
} from './match-entrants.ts';
export type { MatchEntrant, MatchEventHeader } from './match-entrants.ts';

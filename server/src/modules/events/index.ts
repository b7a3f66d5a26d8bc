// The events module's public face: what other modules and the app may use.
export { eventsRoutes } from './routes.ts';
export { cancelUpcomingRegistrations } from './subscribe.ts';
export {
  createEvents,
  deleteAdminEvent,
  listAdminEvents,
  setParticipantStatus,
  updateAdminEvent,
} from './staff.ts';
export { seatFromWaitlist } from './waitlist.ts';

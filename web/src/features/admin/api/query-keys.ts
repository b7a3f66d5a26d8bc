// One root for every staff query, so a change can invalidate just what it touches.
export const adminKeys = {
  all: ['admin'] as const,
  events: () => [...adminKeys.all, 'events'] as const,
  eventsOfMonth: (year: number, month: number) => [...adminKeys.events(), year, month] as const,
  eventParticipants: (uuid: string) => [...adminKeys.all, 'participants', uuid] as const,
  eventWaitlist: (uuid: string) => [...adminKeys.all, 'waitlist', uuid] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userSearch: (q: string) => [...adminKeys.users(), 'search', q] as const,
  userRegistrations: (uuid: string) => [...adminKeys.users(), 'registrations', uuid] as const,
  messages: () => [...adminKeys.all, 'messages'] as const,
  archivedMessages: () => [...adminKeys.messages(), 'archived'] as const,
  failedMail: () => [...adminKeys.all, 'mail', 'failed'] as const,
};

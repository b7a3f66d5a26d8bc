import type { Database } from './schema.ts';

/**
 * Who owns each table: the one folder under server/src whose files alone write it and query it.
 * Every other module goes through the owner's index.ts (or answers the owner's hooks, as a
 * member's export and deletion do). A new table gets its line here, in the same commit as its
 * migration; server/test/foundation/table-owners.test.ts reads every server file and fails when
 * one touches a table it does not own, and docs/architecture.md lists this same map.
 *
 * `readBy` names modules that may also read the table inside a statement of their own (joined
 * for a name or an address), never write it: splitting those statements would add a round trip
 * to a page or to every signed-in request. Each entry says why.
 */
export interface TableOwner {
  /** A folder (`modules/events`) or a file (`lib/rate-limit.ts`) under server/src. */
  owner: string;
  readBy?: Readonly<Record<string, string>>;
}

export const TABLE_OWNERS = {
  members: {
    owner: 'modules/members',
    readBy: {
      'modules/auth': 'the session lookup reads a token and its member in one statement, on every signed-in request',
      'modules/events': "participant lists, waiting lines and mail recipients show the member's name and address",
      'modules/library': "a library stage shows its author's name",
      'modules/payments':
        'the ledger names each payment\'s member, recorder and voider, and the attention lists pick members by the dues, licence and classes payments keeps up to date, one statement each',
    },
  },
  // The search index of members (migrations 0006, 0010, 0011): FTS5 on SQLite, pg_trgm on PostgreSQL.
  members_search: { owner: 'modules/members' },
  email_verifications: { owner: 'modules/members' },
  tokens: { owner: 'modules/auth' },
  password_resets: { owner: 'modules/auth' },
  events: {
    owner: 'modules/events',
    readBy: {
      'modules/payments':
        'a payment for an event checks, in its own write transaction, that the event exists; asking the events module would close an import cycle (events asks payments for the membership rules)',
    },
  },
  registrations: { owner: 'modules/events' },
  waitlist: { owner: 'modules/events' },
  matches: { owner: 'modules/matches' },
  match_competitors: { owner: 'modules/matches' },
  match_scores: { owner: 'modules/matches' },
  match_score_history: { owner: 'modules/matches' },
  payments: { owner: 'modules/payments' },
  pack_uses: { owner: 'modules/payments' },
  // The club's membership rules (fees, pack sizes, notice days) that staff set.
  club_settings: { owner: 'modules/payments' },
  // Which licence and dues notices went, so that each goes once.
  membership_notices: { owner: 'modules/payments' },
  contact_messages: { owner: 'modules/contact' },
  stages: { owner: 'modules/stages' },
  library_stages: { owner: 'modules/library' },
  training_sessions: { owner: 'modules/training' },
  // The club's own content (migration 0024): each section's list, every version of it, photos;
  // who changed or uploaded what by member id too (0025), answered in their export, cleared on deletion.
  content_sections: { owner: 'modules/content' },
  content_history: { owner: 'modules/content' },
  photos: { owner: 'modules/content' },
  photo_files: { owner: 'modules/content' },
  rate_limits: { owner: 'lib/rate-limit.ts' },
  // The change counters (db/versions.ts) and one-time claims such as the demo seed's (db/settings.ts).
  settings: {
    owner: 'db',
    readBy: { 'modules/matches': 'a match is read with the events version in one statement, so both are of one moment' },
  },
  jobs: { owner: 'jobs' },
  // Each worker process's heartbeat (migration 0014).
  job_workers: { owner: 'jobs' },
} as const satisfies Record<keyof Database | 'members_search', TableOwner>;

export type TableName = keyof typeof TABLE_OWNERS;

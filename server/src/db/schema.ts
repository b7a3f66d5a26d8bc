import type { Generated, Selectable } from 'kysely';
import type { Category, Division, EventStatus, EventType, Factor, RoleId, RoleStatus, Sexo } from '@club/contract/enums';

// Enum columns hold the contract's numbers and are typed as its enums (values outside them are
// refused on input). Flags are stored as 0/1 integers on both SQLite and PostgreSQL so that one set of queries
// serves both; timestamps are ISO-8601 UTC text (sortable), event times the club's wall time.

export interface MembersTable {
  id: string;
  login: string;
  login_key: string;
  password_hash: string;
  password_changed_at: string;
  nombre: string;
  apellidos: string;
  email: string;
  email_key: string;
  mobil: string;
  nacimiento: string;
  sexo: Sexo;
  socio: string | null;
  division: Division | null;
  factor: Factor | null;
  licencia: string | null;
  curso: number;
  habilitado: number;
  arbitro_ipsc: number;
  arbitro_precision: number;
  entrenador_nacional: number;
  instructor_misia: number;
  autorizacion_club: number;
  staff: number;
  language: string;
  /** 1: event reminders by mail (the profile switch). */
  recordatorios: number;
  /** Secret of the personal calendar address; null until first asked for. */
  /** SHA-256 of the personal calendar secret, derived from the feed key and feed_nonce. */
  feed_token_hash: string | null;
  feed_nonce: string | null;
  /** SHA-256 of a secret made before secrets were derived (migration 0013), still accepted. */
  feed_legacy_hash: string | null;
  created_at: string;
  updated_at: string;
  /** 0 until the member follows the mailed link (registration only; see DECISIONS "Trust"). */
  email_verified: number;
  /** The member number given at registration, waiting for staff; `socio` is set by staff only. */
  socio_solicitado: string | null;
  /** The licence's expiry date (yyyy-MM-dd), set by staff; null: not recorded. */
  licencia_caduca: string | null;
  /** Dues paid until this day (the latest period end of the live dues payments). */
  cuota_hasta: string | null;
  /** Classes left in the member's packs: bought in live packs less the classes taken. */
  bono_clases: number;
}

/** A member's row as read. */
export type MemberRow = Selectable<MembersTable>;

export interface TokensTable {
  token_hash: string;
  member_id: string;
  remember: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: string;
  member_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EventsTable {
  id: string;
  type: EventType;
  start_at: string;
  end_at: string;
  evento: string;
  nota: string | null;
  plazas: number;
  plazas_taken: number;
  status: EventStatus;
  solo_lectura: number;
  series_id: string | null;
  /** The club-library stage attached as the event's briefing (or a class's homework). */
  stage_id?: string | null;
  /** Grows with every change of the event (iCalendar SEQUENCE). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RegistrationsTable {
  id: string;
  event_id: string;
  /** Null once the member deleted their account: the registration stays, anonymised. */
  member_id: string | null;
  role_id: RoleId;
  status: RoleStatus;
  categoria: Category | null;
  division: Division | null;
  factor: Factor | null;
  created_at: string;
  updated_at: string;
  /** 1 once staff confirmed, finalised or cancelled it: only staff change it then. */
  staff_decided: Generated<number>;
  /** Changes of the member's own copy (status changes); event version + this = iCalendar SEQUENCE. */
  sequence: Generated<number>;
}

/** A mailed link that verifies an address: the registration's, or a new one the member asked for. */
export interface EmailVerificationsTable {
  id: string;
  member_id: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  read: number;
  created_at: string;
  /** When staff archived it (ISO), null while active (migration 0008). */
  archived_at: Generated<string | null>;
}

export interface StagesTable {
  id: string;
  owner_id: string;
  name: string;
  public: number;
  data: string;
  created_at: string;
  updated_at: string;
}

export interface LibraryStagesTable {
  id: string;
  name: string;
  description: string;
  rounds: number;
  /** JSON array of lower-case tags. */
  tags: string;
  /** JSON object of name and description per language, or null. */
  translations: string | null;
  /** JSON of the stage fields, as in `stages.data`. */
  data: string;
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface TrainingSessionsTable {
  id: string;
  member_id: string;
  stage_id: string | null;
  library_stage_id: string | null;
  stage_name: string | null;
  started_at: string;
  /** The club's calendar day of started_at. */
  day: string;
  par_ms: number | null;
  power_factor: string;
  /** JSON array of reps: `{ shots: [{ tMs, zone }], passed? }`. */
  reps: string;
  shots: number;
  passed: number;
  failed: number;
  best_hit_factor: number | null;
  created_at: string;
  /** How many reps the session holds (0019): the weekly chart sums it. */
  reps_count: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** A running job worker and its heartbeat (a worker whose heartbeat stopped is gone). */
export interface JobWorkersTable {
  id: string;
  started_at: string;
  heartbeat_at: string;
}

/** Durable work: written in the transaction of the change behind it, run by a worker. */
export interface JobsTable {
  id: string;
  kind: string;
  job_key: string | null;
  payload: string;
  mail_to: string | null;
  subject: string | null;
  status: JobStatus;
  run_at: string;
  tries: number;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WaitlistTable {
  id: string;
  event_id: string;
  member_id: string;
  position: number;
  created_at: string;
}

/** What staff received; never deleted, voided with a reason. */
export interface PaymentsTable {
  id: string;
  member_id: string | null;
  concept: 'cuota' | 'bono' | 'evento' | 'otro';
  amount_cents: number;
  method: 'efectivo' | 'transferencia' | 'tarjeta' | 'bizum';
  paid_at: string;
  reference: string | null;
  period_end: string | null;
  classes: number | null;
  event_id: string | null;
  recorded_by: string;
  recorded_at: string;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
}

/** A class taken from a member's packs for one finalised registration. */
export interface PackUsesTable {
  registration_id: string;
  member_id: string;
  event_id: string;
  used_at: string;
  used_by: string | null;
}

/** The club's rules of registration: one row (id 1). */
export interface ClubSettingsTable {
  id: number;
  dues_required: number;
  pack_required_for: string;
  /** The club's measured target sizes as JSON; null for the approximate defaults. */
  target_dimensions: string | null;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

/** A papers mail (licence or dues) already queued for a member, kind and date. */
export interface MembershipNoticesTable {
  member_id: string;
  kind: string;
  due_date: string;
  sent_at: string;
}

/** A match of an event (migration 0016; owned by modules/matches). */
export interface MatchesTable {
  event_id: string;
  name: string;
  scoring: 'ipsc' | 'precision';
  published: number;
  /** JSON MatchStage[]. */
  stages: string;
  /** JSON squads. */
  squads: string;
  version: Generated<number>;
  /** Moves with version when the competitors change. */
  roster_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A guest, a member staff added, or what was changed of a registered competitor. */
export interface MatchCompetitorsTable {
  id: string;
  event_id: string;
  member_id: string | null;
  kind: 'registered' | 'guest' | 'member';
  nombre: string | null;
  apellidos: string | null;
  division: Division | null;
  factor: Factor | null;
  category: Category | null;
  squad: number | null;
  dq: number;
  dq_rule: string | null;
  dq_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A score's values, as held now (match_scores) and as every revision (match_score_history). */
export interface MatchScoresTable {
  event_id: string;
  stage: number;
  competitor_id: string;
  revision: number;
  client_id: string;
  based_on: number | null;
  a: number;
  c: number;
  d: number;
  m: number;
  ns: number;
  procedurals: number;
  time_cs: number;
  dnf: number;
  series: string | null;
  x: number;
  scored_by: string | null;
  scored_by_name: string;
  scored_at: string;
  source: 'range' | 'import';
  /** The match's version this revision was saved with. */
  saved_version: number;
}

export interface MatchScoreHistoryTable extends MatchScoresTable {
  id: string;
}

/** One section of the club's content (fees, team, gallery, partners, news) as a JSON list. */
export interface ContentSectionsTable {
  section: string;
  items: string;
  version: number;
  changed_at: string | null;
  /** The staff member's name as it was; null for the first content and once their account is gone. */
  changed_by: string | null;
  /** Their member id (0025): what their export and deletion find the row by. */
  changed_by_id: string | null;
}

/** Every version a content section has had. */
export interface ContentHistoryTable {
  id: string;
  section: string;
  items: string;
  version: number;
  changed_at: string;
  /** The staff member's name as it was; null for the first version and once their account is gone. */
  changed_by: string | null;
  /** Their member id (0025): what their export and deletion find the row by. */
  changed_by_id: string | null;
}

/** A photo: uploaded (its copies in photo_files) or one of the club's own drawings (`base` under /images). */
export interface PhotosTable {
  id: string;
  width: number;
  height: number;
  widths: string;
  formats: string;
  base: string;
  bytes: number;
  created_at: string;
  /** The uploader's name as it was; null for the club's own drawings and once their account is gone. */
  created_by: string | null;
  /** Their member id (0025). */
  created_by_id: string | null;
}

export interface PhotoFilesTable {
  photo_id: string;
  width: number;
  format: string;
  data: Buffer;
}

export interface Database {
  members: MembersTable;
  tokens: TokensTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  events: EventsTable;
  registrations: RegistrationsTable;
  contact_messages: ContactMessagesTable;
  stages: StagesTable;
  library_stages: LibraryStagesTable;
  training_sessions: TrainingSessionsTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
  jobs: JobsTable;
  job_workers: JobWorkersTable;
  waitlist: WaitlistTable;
  matches: MatchesTable;
  match_competitors: MatchCompetitorsTable;
  match_scores: MatchScoresTable;
  match_score_history: MatchScoreHistoryTable;
  payments: PaymentsTable;
  pack_uses: PackUsesTable;
  club_settings: ClubSettingsTable;
  membership_notices: MembershipNoticesTable;
  content_sections: ContentSectionsTable;
  content_history: ContentHistoryTable;
  photos: PhotosTable;
  photo_files: PhotoFilesTable;
}

export type AnyGenerated = Generated<number>;

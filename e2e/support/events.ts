import type { Page } from '@playwright/test';
import { apiCall } from './session.ts';

/** What staff fill in to create an event (POST /api/admin/events/); times are the club's wall time. */
export interface NewEvent {
  type: number;
  /** `YYYY-MM-DD HH:MM:SS` */
  start: string;
  /** `YYYY-MM-DD HH:MM:SS` */
  end: string;
  evento: string;
  plazas: number;
  /** 2 (published) unless given. */
  status?: number;
  nota?: string;
  [field: string]: unknown;
}

/** The event as the server answers its creation (the first of the answer's list). */
export interface CreatedEvent {
  uuid: string;
  evento: string;
  stageId: string | null;
  plazas: number;
  participantes: {
    uuid: string;
    division: number | null;
    factor: number | null;
    roles: { roleId: number; status: number }[];
  }[];
}

/**
 * Creates an event as staff through the API, as the staff area's event form does, and fails the
 * test with the server's answer unless the event was made.
 */
export async function createEvent(page: Page, staffToken: string, event: NewEvent): Promise<CreatedEvent> {
  const response = await apiCall(page, 'POST', '/api/admin/events/', { status: 2, ...event }, staffToken);
  if (response.status() !== 201) {
    throw new Error(`event "${event.evento}" not created: ${response.status()} ${await response.text()}`);
  }
  const [created] = (await response.json()) as CreatedEvent[];
  if (!created) throw new Error(`event "${event.evento}": the answer lists no event`);
  return created;
}

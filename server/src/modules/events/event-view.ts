import type { Event, Participant } from '@club/contract/schemas';
import { fullName } from '@club/contract/person';
import type { EventRow, ParticipantRow } from './repository.ts';
import type { WaitlistView } from './waitlist-view.ts';

/** A participant as API.md shapes it; contact fields only for staff. */
export function toParticipant(row: ParticipantRow, staff: boolean): Participant {
  const participant: Participant = {
    uuid: row.member_id,
    nombre: row.nombre,
    apellidos: row.apellidos,
    fullName: fullName({ nombre: row.nombre, apellidos: row.apellidos }),
    categoria: row.categoria,
    division: row.division,
    factor: row.factor,
    roles: [
      {
        roleId: row.role_id,
        status: row.status,
      },
    ],
  };
  if (staff) {
    participant.email = row.email;
    participant.mobil = row.mobil;
    participant.socio = row.socio;
    participant.licencia = row.licencia;
  }
  return participant;
}

/** The waiting list as an event shows it: how many wait, and the caller's place. */
export interface EventWaitlist {
  count: number;
  place: number | null;
}

const NO_WAITLIST: EventWaitlist = { count: 0, place: null };

/**
 * An event as API.md shapes it, with the participants the caller may see (for staff, those
 * waiting follow the registrations, in the order of the line).
 */
export function toEvent(
  row: EventRow,
  participants: ParticipantRow[],
  staff: boolean,
  waitlist: EventWaitlist = NO_WAITLIST,
): Event {
  return {
    uuid: row.id,
    type: row.type,
    start: row.start_at,
    end: row.end_at,
    evento: row.evento,
    nota: row.nota,
    plazas: row.plazas,
    plazasLibres: Math.max(0, row.plazas - row.plazas_taken),
    status: row.status,
    soloLectura: Boolean(row.solo_lectura),
    participantes: participants.map((p) => toParticipant(p, staff)),
    listaEspera: waitlist.count,
    enEspera: waitlist.place,
    version: row.version,
    stageId: row.stage_id ?? null,
    ...(staff ? { seriesId: row.series_id } : {}),
  };
}

/** Events with their participants, grouped from one participants query. */
export function toEvents(
  rows: EventRow[],
  participants: ParticipantRow[],
  staff: boolean,
  waitlist?: WaitlistView,
): Event[] {
  const byEvent = new Map<string, ParticipantRow[]>();
  for (const p of [...participants, ...(waitlist?.waiting ?? [])]) {
    const list = byEvent.get(p.event_id);
    if (list) list.push(p);
    else byEvent.set(p.event_id, [p]);
  }
  return rows.map((row) =>
    toEvent(row, byEvent.get(row.id) ?? [], staff, {
      count: waitlist?.counts.get(row.id) ?? 0,
      place: waitlist?.places.get(row.id) ?? null,
    }),
  );
}

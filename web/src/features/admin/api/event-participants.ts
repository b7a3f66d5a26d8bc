import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PARTICIPANTS_PAGE, participantsPageSchema } from '@club/contract/schemas';
import type { Participant, ParticipantsPage } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/events/{uuid}/participants/: one page of an event's participants, by surname. */
export function fetchParticipantsPage(
  eventUuid: string,
  offset: number,
  limit: number = PARTICIPANTS_PAGE.defaultLimit,
  signal?: AbortSignal,
): Promise<ParticipantsPage> {
  return apiRequest(`/api/admin/events/${encodeURIComponent(eventUuid)}/participants/`, {
    query: { offset, limit },
    schema: participantsPageSchema,
    signal,
  });
}

/** Every participant of the event, page after page (the CSV sheet needs them all). */
export async function fetchAllParticipants(eventUuid: string): Promise<Participant[]> {
  const all: Participant[] = [];
  for (;;) {
    const page = await fetchParticipantsPage(eventUuid, all.length, PARTICIPANTS_PAGE.maxLimit);
    all.push(...page.participantes);
    if (page.participantes.length === 0 || all.length >= page.total) return all;
  }
}

function nextOffset(page: ParticipantsPage): number | undefined {
  const next = page.offset + page.participantes.length;
  return page.participantes.length > 0 && next < page.total ? next : undefined;
}

export function eventParticipantsQuery(eventUuid: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.eventParticipants(eventUuid),
    // The list is read to act on it: always fresh when the dialog opens.
    staleTime: 0,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      fetchParticipantsPage(eventUuid, pageParam, PARTICIPANTS_PAGE.defaultLimit, signal),
    getNextPageParam: nextOffset,
  });
}

/** The participants of one event, loaded a page at a time as staff ask for more. */
export function useEventParticipants(eventUuid: string) {
  return useInfiniteQuery(eventParticipantsQuery(eventUuid));
}

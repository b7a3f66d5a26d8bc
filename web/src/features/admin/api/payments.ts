import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventListSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import {
  clubSettingsSchema,
  needsAttentionSchema,
  paymentListSchema,
  paymentSchema,
} from '@club/contract/payments';
import type {
  ClubSettings,
  ClubSettingsBody,
  NeedsAttention,
  Payment,
  PaymentBody,
  PaymentConcept,
} from '@club/contract/payments';
import { ApiCallError, apiRequest } from '../../../lib/http.ts';
import { MEMBERSHIP_QUERY_ROOT } from '../../../lib/membership/membership.ts';
import { readStoredSession } from '../../../lib/session-storage.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { adminKeys } from './query-keys.ts';

export interface LedgerFilter {
  from: string;
  to: string;
  concept?: PaymentConcept;
}

const moneyKeys = {
  all: [...adminKeys.all, 'money'] as const,
  ledger: (filter: LedgerFilter) => [...moneyKeys.all, 'ledger', filter.from, filter.to, filter.concept ?? ''] as const,
  attention: (from: string, to: string) => [...moneyKeys.all, 'attention', from, to] as const,
  settings: () => [...moneyKeys.all, 'settings'] as const,
  events: (from: string, to: string) => [...moneyKeys.all, 'events', from, to] as const,
};

function ledgerQueryOf(filter: LedgerFilter): Record<string, string | undefined> {
  return { from: filter.from, to: filter.to, concept: filter.concept };
}

/** GET /api/admin/payments/: the ledger of a period. */
export function fetchPayments(filter: LedgerFilter, signal?: AbortSignal): Promise<Payment[]> {
  return apiRequest('/api/admin/payments/', { query: ledgerQueryOf(filter), schema: paymentListSchema, signal });
}

export function usePayments(filter: LedgerFilter) {
  return useQuery(
    queryOptions({
      queryKey: moneyKeys.ledger(filter),
      staleTime: 0,
      queryFn: ({ signal }) => fetchPayments(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/admin/membership/: needs attention, and the totals of the period. */
export function useNeedsAttention(from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: moneyKeys.attention(from, to),
      staleTime: 0,
      queryFn: ({ signal }): Promise<NeedsAttention> =>
        apiRequest('/api/admin/membership/', { query: { from, to }, schema: needsAttentionSchema, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_ROOT }),
    ]);
}

/**
 * GET /api/admin/events/?from=&to=: the events an event fee may be for (the staff view, without
 * participants), earliest first. Staff search them by title or date in the form.
 */
export function useFeeEvents(from: string, to: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: moneyKeys.events(from, to),
      staleTime: 60_000,
      enabled,
      queryFn: async ({ signal }): Promise<ClubEvent[]> => {
        const events = await apiRequest('/api/admin/events/', { query: { from, to }, schema: eventListSchema, signal });
        return [...events].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
      },
    }),
  );
}

/** POST /api/admin/payments/. */
export function useRecordPayment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: PaymentBody) =>
      withSpinner(apiRequest('/api/admin/payments/', { method: 'POST', body, schema: paymentSchema })),
    // The lists refresh on their own: the caller hears of the payment as soon as the server has
    // it, so the form clears at once and what staff type next is not wiped by a late clear.
    onSuccess: () => void invalidate(),
  });
}

/** POST /api/admin/payments/{id}/void/. */
export function useVoidPayment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      withSpinner(
        apiRequest(`/api/admin/payments/${encodeURIComponent(id)}/void/`, {
          method: 'POST',
          body: { reason },
          schema: paymentSchema,
        }),
      ),
    onSuccess: invalidate,
  });
}

/** GET /api/admin/settings/. */
export function useClubSettings() {
  return useQuery(
    queryOptions({
      queryKey: moneyKeys.settings(),
      staleTime: 0,
      queryFn: ({ signal }): Promise<ClubSettings> => apiRequest('/api/admin/settings/', { schema: clubSettingsSchema, signal }),
    }),
  );
}

/** PUT /api/admin/settings/ with the version the screen read. */
export function useSaveClubSettings() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: ClubSettingsBody) =>
      withSpinner(apiRequest('/api/admin/settings/', { method: 'PUT', body, schema: clubSettingsSchema })),
    onSettled: invalidate,
  });
}

/**
 * The ledger of the period as the server's CSV (`Accept: text/csv`), saved by the browser under
 * the name the server gives.
 */
export async function downloadPaymentsCsv(filter: LedgerFilter): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(ledgerQueryOf(filter))) if (value) params.set(key, value);
  const session = readStoredSession();
  const response = await fetch(`/api/admin/payments/?${params.toString()}`, {
    headers: { Accept: 'text/csv', ...(session ? { Authorization: `Token ${session.token}` } : {}) },
    credentials: 'same-origin',
    cache: 'no-cache',
  });
  if (!response.ok) throw new ApiCallError(response.status, `HTTP_${response.status}`, response.statusText);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'pagos.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

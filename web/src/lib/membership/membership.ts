import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { membershipSchema } from '@club/contract/payments';
import type { Membership } from '@club/contract/payments';
import { apiRequest } from '../http.ts';
import { formatWholeAmount } from '../money.ts';

/** GET /api/registro/{uuid}/membership/: the member's dues, licence, classes, payments and the club's rules. */
export function fetchMembership(uuid: string, signal?: AbortSignal): Promise<Membership> {
  return apiRequest(`/api/registro/${encodeURIComponent(uuid)}/membership/`, { schema: membershipSchema, signal });
}

export const MEMBERSHIP_QUERY_ROOT = ['membership'] as const;

export function membershipQuery(uuid: string) {
  return queryOptions({
    queryKey: [...MEMBERSHIP_QUERY_ROOT, uuid] as const,
    queryFn: ({ signal }) => fetchMembership(uuid, signal),
    // The rules and the member's standing change rarely; a minute keeps the calendar from asking per card.
    staleTime: 60_000,
  });
}

/** The member's membership; nothing is asked without a member. */
export function useMembership(uuid: string | undefined) {
  return useQuery({ ...membershipQuery(uuid ?? ''), enabled: uuid !== undefined });
}

/** A day (yyyy-MM-dd) as the page's language writes it: "31 dic 2025". */
export function formatDay(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Cents as the page's language writes euros with two decimals ("1.234,50 €", "€1,234.50"). */
export function formatCentsWith(cents: number, language: string, format: Parameters<typeof formatWholeAmount>[2]): string {
  const abs = Math.abs(cents);
  const whole = formatWholeAmount(Math.floor(abs / 100), '\u0000', format);
  const decimals = String(abs % 100).padStart(2, '0');
  const separator = language === 'en' ? '.' : ',';
  const text = whole.replace(/(\d)(?!.*\d)/, `$1${separator}${decimals}`).replace('\u0000', '€');
  return cents < 0 ? `-${text}` : text;
}

/** `formatCentsWith` in the current language, from the common translations. */
export function useCents(): (cents: number) => string {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? 'es';
  const pattern = t('MONEY.PATTERN');
  const thousandsSeparator = t('MONEY.THOUSANDS_SEPARATOR');
  const groupFrom = Number(t('MONEY.GROUP_FROM'));
  return useCallback(
    (cents: number) => formatCentsWith(cents, language, { pattern, thousandsSeparator, groupFrom }),
    [language, pattern, thousandsSeparator, groupFrom],
  );
}

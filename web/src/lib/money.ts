import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** How one language writes a whole amount of money (common:MONEY). */
export interface MoneyFormat {
  /** `{{amount}}` and `{{symbol}}` in the language's order, e.g. "{{amount}} {{symbol}}". */
  pattern: string;
  thousandsSeparator: string;
  /** The smallest amount written with a thousands separator (Spanish starts at 10,000). */
  groupFrom: number;
}

/**
 * A whole amount of money as the page's language writes it ("45 €", "1.234 €", "€1,234"). It
 * gives what `Intl.NumberFormat` gives for whole amounts (the tests compare the two) without
 * the first call's cost: loading the number data takes tens of milliseconds on a phone, in
 * the middle of drawing the home page.
 */
export function formatWholeAmount(amount: number, symbol: string, format: MoneyFormat): string {
  const digits = String(Math.round(Math.abs(amount)));
  const grouped =
    Math.abs(amount) >= format.groupFrom ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, format.thousandsSeparator) : digits;
  const text = format.pattern.replace('{{amount}}', grouped).replace('{{symbol}}', symbol);
  return amount < 0 ? `-${text}` : text;
}

/** `formatWholeAmount` in the current language, from the common translations. */
export function useMoney(symbol: string): (amount: number) => string {
  const { t } = useTranslation('common');
  const pattern = t('MONEY.PATTERN');
  const thousandsSeparator = t('MONEY.THOUSANDS_SEPARATOR');
  const groupFrom = Number(t('MONEY.GROUP_FROM'));
  return useCallback(
    (amount: number) => formatWholeAmount(amount, symbol, { pattern, thousandsSeparator, groupFrom }),
    [symbol, pattern, thousandsSeparator, groupFrom],
  );
}

/**
 * An amount in cents as the page's language writes it: whole amounts as `useMoney` does, others
 * with two decimals after the language's decimal mark ("47,50 €", "€47.50").
 */
export function useCents(symbol: string): (cents: number) => string {
  const whole = useMoney(symbol);
  const { i18n } = useTranslation('common');
  const mark = i18n.language === 'en' ? '.' : ',';
  return useCallback(
    (cents: number) => {
      if (cents % 100 === 0) return whole(cents / 100);
      const units = Math.trunc(cents / 100);
      const decimals = String(Math.abs(cents % 100)).padStart(2, '0');
      // The whole part is written with its symbol and separators, then the decimals join it.
      return whole(units).replace(/(\d)(?!.*\d)/, `$1${mark}${decimals}`);
    },
    [whole, mark],
  );
}

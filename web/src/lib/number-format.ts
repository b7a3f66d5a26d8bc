/**
 * A number with fixed decimals in the reader's language (a decimal comma in Spanish and
 * Catalan), or a dash; written by hand rather than with Intl.NumberFormat, whose first call
 * costs tens of milliseconds on a phone.
 */
export function formatNumber(value: number | null | undefined, digits: number, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const text = value.toFixed(digits);
  return language.startsWith('en') ? text : text.replace('.', ',');
}

// The ledger as CSV for the club's accountant: RFC 4180 (commas, CRLF, quotes doubled), UTF-8
// with a byte-order mark so that spreadsheet programs read the accents, a header in the club's
// language, amounts in euros with two decimals and a point, times on the club's clock.
import { clubWallTime } from '@club/contract/club-time';
import { CLUB_LANGUAGE } from '@club/contract/languages';
import type { Language } from '@club/contract/languages';
import { centsToEuros } from '@club/contract/payments';
import { fullName } from '@club/contract/person';
import type { PaymentListRow } from './repository.ts';

const HEADERS: Record<Language, string[]> = {
  es: ['fecha', 'socio', 'nombre', 'concepto', 'importe_eur', 'forma_pago', 'referencia', 'cuota_hasta', 'clases', 'actividad', 'registrado_por', 'registrado_el', 'anulado_el', 'anulado_por', 'motivo_anulacion', 'id'],
  ca: ['data', 'soci', 'nom', 'concepte', 'import_eur', 'forma_pagament', 'referencia', 'quota_fins', 'classes', 'activitat', 'registrat_per', 'registrat_el', 'anullat_el', 'anullat_per', 'motiu_anullacio', 'id'],
  en: ['date', 'member_number', 'name', 'concept', 'amount_eur', 'method', 'reference', 'dues_until', 'classes', 'event', 'recorded_by', 'recorded_at', 'voided_at', 'voided_by', 'void_reason', 'id'],
};

// A cell a spreadsheet would run as a formula is written as text.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function nameOf(nombre: string | null, apellidos: string | null): string | null {
  return nombre === null ? null : fullName({ nombre, apellidos: apellidos ?? '' });
}

/** The CSV's lines of `rows`, each ending with CRLF. */
function csvLines(rows: readonly PaymentListRow[], timeZone: string): string {
  const local = (iso: string | null): string | null => (iso === null ? null : clubWallTime(new Date(iso), timeZone));
  let text = '';
  for (const row of rows) {
    text += `${[
      row.paid_at,
      row.person_socio,
      nameOf(row.person_nombre, row.person_apellidos),
      row.concept,
      centsToEuros(row.amount_cents),
      row.method,
      row.reference,
      row.period_end,
      row.classes,
      row.event_id === null ? null : row.event_title ? `${row.event_start?.slice(0, 16) ?? ''} ${row.event_title}`.trim() : row.event_id,
      nameOf(row.recorder_nombre, row.recorder_apellidos) ?? row.recorded_by,
      local(row.recorded_at),
      local(row.voided_at),
      row.voided_by === null ? null : (nameOf(row.voider_nombre, row.voider_apellidos) ?? row.voided_by),
      row.void_reason,
      row.id,
    ]
      .map(cell)
      .join(',')}\r\n`;
  }
  return text;
}

/** The byte-order mark and the header line. */
function csvHead(language: Language): string {
  return `\uFEFF${HEADERS[language].join(',')}\r\n`;
}

/** The ledger rows as one CSV text. */
export function paymentsCsv(rows: readonly PaymentListRow[], timeZone: string, language: Language = CLUB_LANGUAGE): string {
  return csvHead(language) + csvLines(rows, timeZone);
}

/**
 * The CSV as it is written, one chunk per page of rows (`pages` reads them as asked): the same
 * text as paymentsCsv of all the rows, without ever holding it whole.
 */
export async function* paymentsCsvChunks(
  pages: AsyncIterable<readonly PaymentListRow[]>,
  timeZone: string,
  language: Language = CLUB_LANGUAGE,
): AsyncGenerator<string> {
  yield csvHead(language);
  for await (const rows of pages) yield csvLines(rows, timeZone);
}

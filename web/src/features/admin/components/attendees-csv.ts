// The range officer's sheet: a CSV that Excel opens with accents intact (UTF-8 with a BOM) and
// columns split in a Spanish or Catalan locale, whose list separator is the semicolon.
import type { ClubEvent, Participant } from '@club/contract/schemas';
import { registrationRole } from '../participants.ts';
import { eventDate } from '@club/contract/event-time';

export const CSV_DELIMITER = ';';
const BOM = '\uFEFF';
// A cell starting with one of these is read as a formula by spreadsheets (CSV injection);
// member-typed text such as a name must stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a delimiter, comma, quote or line break; quotes doubled. */
export function csvCell(
  value: string | number | null | undefined,
  delimiter: string = CSV_DELIMITER,
): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(delimiter) || /[",;\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, one line per row, CRLF line ends (RFC 4180). */
export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  delimiter: string = CSV_DELIMITER,
): string {
  return (
    BOM + rows.map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter)).join('\r\n') + '\r\n'
  );
}

/** Names the sheet needs, in the screen's language. */
export interface AttendeeSheetLabels {
  headers: {
    name: string;
    email: string;
    mobile: string;
    memberNumber: string;
    licence: string;
    category: string;
    division: string;
    factor: string;
    status: string;
  };
  category(value: number | null): string;
  division(value: number | null): string;
  factor(value: number | null): string;
  status(value: number | null): string;
}

/** The header row and one row per participant, sorted by name. */
export function attendeeRows(
  event: Pick<ClubEvent, 'type'>,
  participants: Participant[],
  labels: AttendeeSheetLabels,
): string[][] {
  const h = labels.headers;
  const header = [
    h.name,
    h.email,
    h.mobile,
    h.memberNumber,
    h.licence,
    h.category,
    h.division,
    h.factor,
    h.status,
  ];
  const people = [...participants].sort((a, b) => a.fullName.localeCompare(b.fullName, 'es'));
  return [
    header,
    ...people.map((p) => [
      p.fullName,
      p.email ?? '',
      p.mobil ?? '',
      p.socio ?? '',
      p.licencia ?? '',
      labels.category(p.categoria),
      p.division === null ? '' : labels.division(p.division),
      p.factor === null ? '' : labels.factor(p.factor),
      labels.status(registrationRole(event, p)?.status ?? null),
    ]),
  ];
}

/** 'asistentes-2025-05-14-1900-tirada-social.csv': the prefix, the event's date and time, its title. */
export function csvFileName(event: Pick<ClubEvent, 'start' | 'evento'>, prefix: string): string {
  const time = event.start.trim().split(' ')[1] ?? '';
  const hhmm = time.slice(0, 5).replace(':', '');
  const slug = event.evento
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return [prefix, eventDate(event.start), hhmm, slug].filter((part) => part !== '').join('-') + '.csv';
}

/** Hands the text to the browser as a download. */
export function downloadCsv(text: string, fileName: string): void {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

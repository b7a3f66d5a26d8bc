import { weekStarts, weekTotals } from '@club/contract/library';
import type { TrainingSession, WeekTotal } from '@club/contract/library';

export type { WeekTotal };

/**
 * Sessions and reps per week for the `weeks` weeks ending with the week of `today`, oldest
 * first, from the sessions at hand (a server that sends no `weeks` of its own).
 */
export function weeklyTotals(sessions: readonly TrainingSession[], today: string, weeks = 8): WeekTotal[] {
  return weekTotals(
    sessions.map((s) => ({ day: s.day, sessions: 1, reps: s.reps.length })),
    weekStarts(today, weeks),
  );
}

// A cell that starts with = + - @ would run as a formula in a spreadsheet: quote it as text.
const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The log as CSV, one row per session (UTF-8, comma separated, header first). */
export function sessionsCsv(sessions: readonly TrainingSession[], headers: readonly string[]): string {
  const rows = sessions.map((s) =>
    [s.day, s.startedAt, s.stageName, s.reps.length, s.shots, s.passed, s.failed, s.parMs === null ? null : s.parMs / 1000, s.bestHitFactor].map(cell).join(','),
  );
  return [headers.map(cell).join(','), ...rows].join('\r\n') + '\r\n';
}

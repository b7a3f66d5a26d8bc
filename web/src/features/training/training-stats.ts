import { weekOf } from '@club/contract/library';
import type { TrainingSession } from '@club/contract/library';

export interface WeekTotal {
  /** Monday of the week (YYYY-MM-DD). */
  readonly week: string;
  readonly sessions: number;
  readonly reps: number;
}

/** Sessions and reps per week for the `weeks` weeks ending with the week of `today`, oldest first. */
export function weeklyTotals(sessions: readonly TrainingSession[], today: string, weeks = 8): WeekTotal[] {
  const last = weekOf(today);
  const starts: string[] = [];
  const cursor = new Date(`${last}T12:00:00Z`);
  for (let i = 0; i < weeks; i += 1) {
    starts.unshift(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() - 7);
  }
  const totals = new Map(starts.map((week) => [week, { week, sessions: 0, reps: 0 }]));
  for (const session of sessions) {
    const total = totals.get(weekOf(session.day));
    if (!total) continue;
    total.sessions += 1;
    total.reps += session.reps.length;
  }
  return starts.map((week) => totals.get(week)!);
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

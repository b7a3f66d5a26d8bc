import { describe, expect, it } from 'vitest';
import type { TrainingSession } from '@club/contract/library';
import { sessionsCsv, weeklyTotals } from './training-stats.ts';

const session = (day: string, extra: Partial<TrainingSession> = {}): TrainingSession => ({
  id: day,
  stageId: null,
  libraryStageId: null,
  stageName: 'Bill drill',
  startedAt: `${day}T10:00:00.000Z`,
  day,
  parMs: 2000,
  powerFactor: 'minor',
  reps: [{ shots: [] }, { shots: [] }],
  shots: 0,
  passed: 1,
  failed: 1,
  bestHitFactor: null,
  createdAt: `${day}T10:00:00.000Z`,
  ...extra,
});

describe('training statistics', () => {
  it('totals sessions and reps per ISO week, the current week last, empty weeks kept', () => {
    // 2025-06-04 is a Wednesday; its week starts on Monday 2 June.
    const totals = weeklyTotals([session('2025-06-02'), session('2025-06-04'), session('2025-05-20'), session('2025-01-01')], '2025-06-04', 4);
    expect(totals).toEqual([
      { week: '2025-05-12', sessions: 0, reps: 0 },
      { week: '2025-05-19', sessions: 1, reps: 2 },
      { week: '2025-05-26', sessions: 0, reps: 0 },
      { week: '2025-06-02', sessions: 2, reps: 4 },
    ]);
  });

  it('writes CSV with quoted text and formula-looking names defused', () => {
    const csv = sessionsCsv([session('2025-06-02', { stageName: '=HYPERLINK("x")', bestHitFactor: 6.5 })], ['day', 'started', 'stage', 'reps', 'shots', 'passed', 'failed', 'par', 'hf']);
    expect(csv.split('\r\n')[1]).toBe('2025-06-02,2025-06-02T10:00:00.000Z,"\'=HYPERLINK(""x"")",2,0,1,1,2,6.5');
  });
});

// Undo and redo for the designer: a pure history of stages, so it is tested without a browser.
import type { Stage } from '@club/stage-engine/model';

/** Past, present and future stages; `key` lets a run of one kind of edit (typing a number) count as one step. */
export interface StageHistory {
  readonly past: readonly Stage[];
  readonly present: Stage;
  readonly future: readonly Stage[];
  readonly lastKey: string | null;
}

/** How many steps undo keeps. */
export const HISTORY_LIMIT = 100;

/** A history holding only one stage. */
export function startHistory(stage: Stage): StageHistory {
  return { past: [], present: stage, future: [], lastKey: null };
}

/**
 * Records a change. An edit with the same key as the one before replaces it instead of adding a
 * step (several keystrokes in one field undo together); an unchanged stage records nothing.
 */
export function commit(history: StageHistory, next: Stage, key: string | null = null): StageHistory {
  if (next === history.present) return history;
  if (key !== null && key === history.lastKey && history.past.length > 0) {
    return { ...history, present: next, future: [] };
  }
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    lastKey: key,
  };
}

/** Steps back one change (no change when there is none). */
export function undo(history: StageHistory): StageHistory {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
  };
}

/** Steps forward one undone change. */
export function redo(history: StageHistory): StageHistory {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
}

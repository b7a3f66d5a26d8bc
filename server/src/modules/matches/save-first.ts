// A range officer's save goes before a computation of results (decision 0069): while saves are
// under way in this process, a computation waits before each division it ranks, until none is
// or for at most SAVE_FIRST_MAX_WAIT_MS, so that under a steady stream of saves results still
// arrive, later.
import type { AppContext } from '../../context.ts';

/** The longest a computation waits for saves to finish before ranking its next division. */
export const SAVE_FIRST_MAX_WAIT_MS = 25;

interface Saves {
  underWay: number;
  waiting: (() => void)[];
}

const savesOf = new WeakMap<AppContext, Saves>();

function saves(ctx: AppContext): Saves {
  let found = savesOf.get(ctx);
  if (!found) {
    found = { underWay: 0, waiting: [] };
    savesOf.set(ctx, found);
  }
  return found;
}

/** Marks a save under way; call the answer when it is done, whatever its outcome. */
export function saveBegins(ctx: AppContext): () => void {
  const state = saves(ctx);
  state.underWay++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    state.underWay--;
    if (state.underWay === 0 && state.waiting.length > 0) {
      const waiting = state.waiting.splice(0);
      // After the callbacks already due (the next save's request, a database's answer).
      setImmediate(() => waiting.forEach((resume) => resume()));
    }
  };
}

/** The next turn in which a computation may rank a division: one with no save under way, or after the longest wait. */
export function turnAfterSaves(ctx: AppContext): Promise<void> {
  const state = saves(ctx);
  if (state.underWay === 0) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const resume = () => {
      clearTimeout(timer);
      const at = state.waiting.indexOf(resume);
      if (at >= 0) state.waiting.splice(at, 1);
      resolve();
    };
    const timer = setTimeout(resume, SAVE_FIRST_MAX_WAIT_MS);
    state.waiting.push(resume);
  });
}

import { createContext, use } from 'react';
import type { ScoringSnapshot } from '@club/contract/match';
import { drawnScreen } from '../../../lib/early-calls.ts';
import { readStoredSession } from '../../../lib/session-storage.ts';

/** The data the screen is drawn from on the server (its drawing for one officer, decision 0068). */
export const DrawnScoringContext = createContext<ScoringSnapshot | null>(null);

/**
 * The snapshot the screen of `eventUuid` was drawn from for `officerUuid`: on the server, the one
 * it is drawing with; in the browser, the one the page's starter put in the page with the
 * server's drawing (DRAWN_SCREEN_KEY), while the member whose token asked for it is the one
 * signed in. The app's first render starts from it and so draws what the page already shows.
 */
export function useDrawnScoring(eventUuid: string, officerUuid: string | null): ScoringSnapshot | null {
  const drawing = use(DrawnScoringContext);
  const left = drawing ? undefined : drawnScreen();
  const snapshot =
    drawing ?? (left && left.token === readStoredSession()?.token ? (left.data as ScoringSnapshot) : null);
  if (!snapshot || snapshot.eventUuid !== eventUuid || snapshot.officerUuid !== officerUuid) return null;
  return snapshot;
}

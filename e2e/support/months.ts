// The club's months for the browser tests: the contract's own arithmetic, so a test asks for the
// month the app and the server think of as this one (or the next), in the club's time zone.
import { clubMonth, formatYearMonth, monthBounds, shiftMonth } from '../../packages/contract/src/club-time.ts';

export { clubMonth, formatYearMonth, monthBounds, shiftMonth };
export type { YearMonth } from '../../packages/contract/src/club-time.ts';

/** The club's month `delta` months from now: its year and month, its key ('YYYY-MM'), its first and last days. */
export function clubMonthFromNow(delta = 0): { year: number; month: number; key: string; first: string; last: string } {
  const month = shiftMonth(clubMonth(new Date()), delta);
  const { first, last } = monthBounds(month);
  return { ...month, key: formatYearMonth(month), first, last };
}

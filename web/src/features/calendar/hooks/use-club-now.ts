import { useEffect, useState } from 'react';
import { clubNowLocal } from '../calendar-model.ts';

/** The club's wall time ('YYYY-MM-DD HH:MM:SS'), refreshed every half minute so events expire on screen. */
export function useClubNow(intervalMs = 30_000): string {
  const [now, setNow] = useState(() => clubNowLocal());
  useEffect(() => {
    const id = setInterval(() => setNow(clubNowLocal()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

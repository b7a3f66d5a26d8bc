import { useEffect, useState } from 'react';
import { clubWallTime } from '@club/contract/club-time';

/** The club's wall time ('YYYY-MM-DD HH:MM:SS'), refreshed every half minute so events expire on screen. */
export function useClubNow(intervalMs = 30_000): string {
  const [now, setNow] = useState(() => clubWallTime(new Date()));
  useEffect(() => {
    const id = setInterval(() => setNow(clubWallTime(new Date())), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

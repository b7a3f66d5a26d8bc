import { useEffect, useState } from 'react';

/** SPEC §2 and §9: the header and back-to-top react once the page has scrolled past 100 px. */
export const SCROLL_THRESHOLD = 100;

/** True while the window is scrolled past the threshold. */
export function useScrolledPast(threshold = SCROLL_THRESHOLD): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

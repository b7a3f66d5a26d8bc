import { useEffect, useState } from 'react';

/** SPEC §2 and §9: the header and back-to-top react once the page has scrolled past 100 px. */
export const SCROLL_THRESHOLD = 100;

/** True while the window is scrolled past the threshold. */
export function useScrolledPast(threshold = SCROLL_THRESHOLD): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    // A scroll between the screen's drawing and now is read in a task of its own: read here, in
    // the app's first commit, the scroll offset made the browser lay out the whole new screen
    // inside that commit's task (a quarter of the stage designer's longest one).
    const timer = window.setTimeout(update, 0);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return past;
}

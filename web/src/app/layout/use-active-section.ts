import { useEffect, useState } from 'react';

/** SPEC §9: a section counts as current once its top is within 200 px of the window's top. */
export const ACTIVE_SECTION_OFFSET = 200;

/**
 * The id of the home section the visitor is reading (SPEC §2): the last of `ids` whose top is
 * above the scroll position plus the offset. Null when `enabled` is false (another page).
 */
export function useActiveSection(ids: readonly string[], enabled: boolean): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) {
      setActive(null);
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const position = window.scrollY + ACTIVE_SECTION_OFFSET;
      let current: string | null = null;
      for (const id of ids) {
        const section = document.getElementById(id);
        if (section && section.getBoundingClientRect().top + window.scrollY <= position) current = id;
      }
      // At the very bottom the last short section could never reach the offset line.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        const last = [...ids].reverse().find((id) => document.getElementById(id));
        if (last) current = last;
      }
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Sections appear after their translations load; look again when the page changes size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids, enabled]);
  return active;
}

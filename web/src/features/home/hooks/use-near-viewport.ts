import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport, so a
 * section below the fold loads its heavier code only when the visitor heads there. A keyboard
 * visitor heads there by Tab, not by scrolling: the first Tab loads it too, so the tab order
 * reaches the section's pictures and fields without waiting for them to scroll into view.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(element);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, margin, near]);
  return near;
}

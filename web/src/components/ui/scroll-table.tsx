import type { ReactNode } from 'react';

/**
 * A table frame that may scroll sideways on a phone. Keyboard users must be able to scroll it,
 * so the frame takes the focus, and as a named region it is announced by what it holds: the name
 * must differ from every other region and section on the page.
 */
export function ScrollTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must be reachable by keyboard
    <div className={`table-responsive${className ? ` ${className}` : ''}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

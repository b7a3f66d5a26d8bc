import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * A form's one message about a refusal, shown where the person is looking: the form puts it
 * beside its submit button, and it takes the focus when it appears, so it scrolls into view on
 * a phone and a screen reader reads it. No toast repeats it.
 */
export function FormAlert({ children, testId, className }: { children: ReactNode; testId?: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className={`alert alert-danger py-2 ${className ?? ''}`} role="alert" data-testid={testId}>
      {children}
    </div>
  );
}

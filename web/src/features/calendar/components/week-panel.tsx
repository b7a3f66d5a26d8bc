import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { prefersReducedMotion } from '../../../lib/reduced-motion.ts';

export interface PanelSelection {
  /** The chosen day, 'yyyy-MM-dd'. */
  date: string;
  /** The open event, or null when only a day is chosen (phone). */
  uuid: string | null;
}

interface WeekPanelProps {
  id: string;
  selection: PanelSelection | null;
  render(selection: PanelSelection): ReactNode;
}

const COLLAPSE_MS = 320;

/**
 * The panel under a week that expands to show the chosen event (SPEC §4: hidden, visible, with
 * expand and collapse animations). While collapsing it keeps showing what it showed, then empties.
 */
export function WeekPanel({ id, selection, render }: WeekPanelProps) {
  const open = selection !== null;
  const [kept, setKept] = useState<PanelSelection | null>(selection);
  // Remember the last selection (adjusting state while rendering, as React advises for props).
  if (selection !== null && (kept === null || kept.date !== selection.date || kept.uuid !== selection.uuid)) {
    setKept(selection);
  }

  useEffect(() => {
    if (open) return;
    if (prefersReducedMotion()) {
      setKept(null);
      return;
    }
    const timer = setTimeout(() => setKept(null), COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const shown = selection ?? kept;
  return (
    <div
      id={id}
      className={`cal-panel${open ? ' is-open' : ''}${shown?.uuid ? ' has-event' : ''}`}
      inert={!open}
      data-state={open ? 'visible' : shown ? 'collapsing' : 'hidden'}
    >
      <div className="cal-panel-inner">{shown ? render(shown) : null}</div>
    </div>
  );
}

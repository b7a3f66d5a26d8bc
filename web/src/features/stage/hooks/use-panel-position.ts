import { useEffect, useState } from 'react';
import type { PanelPosition } from '@club/contract/stage';
import { PANEL_POSITIONS } from '@club/contract/stage';

const PANEL_KEY = 'ipsc-club.designer-panel';

function readPanelPosition(): PanelPosition {
  try {
    const stored = localStorage.getItem(PANEL_KEY);
    return PANEL_POSITIONS.find((position) => position === stored) ?? 'top-right';
  } catch {
    return 'top-right';
  }
}

/** The corner of the settings panel, remembered in this browser. */
export function usePanelPosition() {
  const [position, setPosition] = useState<PanelPosition>(readPanelPosition);
  useEffect(() => {
    try {
      localStorage.setItem(PANEL_KEY, position);
    } catch {
      // Only a preference.
    }
  }, [position]);
  return [position, setPosition] as const;
}

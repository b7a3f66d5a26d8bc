// The designer's keys: Delete, arrows (10, with Shift 50), Escape, Ctrl/Cmd+Z and
// Shift+Ctrl/Cmd+Z (or Ctrl+Y). Listened to on the window, so they work wherever the focus is,
// except while the user types in a field or a dialog is open.
import { useEffect, useRef } from 'react';
import type { StageElement } from '@club/stage-engine/model';

export interface DesignerKeys {
  /** False while a dialog of the designer is open. */
  enabled: boolean;
  selected: StageElement | null;
  undo(): void;
  redo(): void;
  deselect(): void;
  askDelete(): void;
  nudge(elementId: string, dx: number, dy: number): void;
}

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.closest('.modal') !== null);

export function useDesignerKeyboard(keys: DesignerKeys): void {
  // One listener for the page's life; it reads the latest state through this ref.
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current;
      if (!current.enabled || isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) current.redo();
        else current.undo();
        return;
      }
      if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        current.redo();
        return;
      }
      if (event.key === 'Escape') {
        current.deselect();
        return;
      }
      const element = current.selected;
      if (element === null) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        current.askDelete();
        return;
      }
      const distance = event.shiftKey ? 50 : 10;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-distance, 0],
        ArrowRight: [distance, 0],
        ArrowUp: [0, -distance],
        ArrowDown: [0, distance],
      };
      const move = moves[event.key];
      if (move === undefined || element.randomPosition) return;
      event.preventDefault();
      current.nudge(element.id, move[0], move[1]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * A tap on a light page's drawing before the app has replaced it (decision 0073). Its buttons
 * wait disabled for the app, and the visitor's first press is also what starts the app, so the
 * press itself would do nothing: the page's starter notes which button it was (its place among
 * the drawing's buttons and its text, under this key on `window`), and once the app has drawn the
 * same screen in the drawing's place, the app presses the same button of its own.
 */
export const DRAWN_TAP_KEY = '__clubDrawnTap';

export interface DrawnTap {
  /** The button's place among `#root`'s buttons, in document order. */
  index: number;
  text: string;
}

/** Presses the button a tap on the drawing was meant for, if the app drew the same one there. */
export function makeDrawnTap(root: HTMLElement): void {
  const holder = window as unknown as Record<string, DrawnTap | undefined>;
  const tap = holder[DRAWN_TAP_KEY];
  delete holder[DRAWN_TAP_KEY];
  if (!tap) return;
  const button = root.querySelectorAll('button')[tap.index];
  if (button && !button.disabled && button.textContent === tap.text) button.click();
}

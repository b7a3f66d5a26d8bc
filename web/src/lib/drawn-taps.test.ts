import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_TAP_KEY, makeDrawnTap } from './drawn-taps.ts';

const holder = window as unknown as Record<string, unknown>;

function appRoot(): { root: HTMLElement; pressed: string[] } {
  const root = document.createElement('div');
  root.innerHTML = '<button type="button">Hoy</button><button type="button">18:00 Clase</button><button type="button" disabled>19:00 Tirada</button>';
  const pressed: string[] = [];
  for (const button of root.querySelectorAll('button')) button.addEventListener('click', () => pressed.push(button.textContent ?? ''));
  document.body.append(root);
  return { root, pressed };
}

describe('a tap on the drawing, made on the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete holder[DRAWN_TAP_KEY];
  });

  it('presses the app’s button at the same place with the same text, once', () => {
    const { root, pressed } = appRoot();
    holder[DRAWN_TAP_KEY] = { index: 1, text: '18:00 Clase' };
    makeDrawnTap(root);
    makeDrawnTap(root);
    expect(pressed).toEqual(['18:00 Clase']);
    expect(holder[DRAWN_TAP_KEY]).toBeUndefined();
  });

  it('presses nothing where the app drew another button there, or a disabled one, or no tap was noted', () => {
    const { root, pressed } = appRoot();
    const click = vi.spyOn(HTMLButtonElement.prototype, 'click');
    holder[DRAWN_TAP_KEY] = { index: 1, text: '10:00 Otra' };
    makeDrawnTap(root);
    holder[DRAWN_TAP_KEY] = { index: 2, text: '19:00 Tirada' };
    makeDrawnTap(root);
    holder[DRAWN_TAP_KEY] = { index: 7, text: 'Hoy' };
    makeDrawnTap(root);
    makeDrawnTap(root);
    expect(pressed).toEqual([]);
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});

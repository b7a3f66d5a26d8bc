import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootSource } from './starter-source.ts';

// A light page's starter as the build writes it, run here as the browser runs it. Nothing acts on
// the page, so the app is never asked for.
const lightStarter = bootSource('/assets/index-test.js', [], [], [], [], true, undefined, []);

describe('a light page’s starter', () => {
  const root = document.documentElement;
  afterEach(() => {
    vi.restoreAllMocks();
    delete root.dataset.start;
    Reflect.deleteProperty(window, 'scrollY');
  });

  it('reads neither the device’s storage nor the page’s layout in the task that runs it, and decides in the tasks after', async () => {
    const reads: string[] = [];
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation((key: string) => {
      reads.push(`storage ${key}`);
      return null;
    });
    // Reading where the page is scrolled to makes the browser lay the page out first.
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        reads.push('layout');
        return 0;
      },
    });
    document.body.innerHTML = '<header class="site-header"></header><div id="root"><button type="button" disabled>18:00 Clase</button></div>';

    new Function(lightStarter)();
    expect(reads).toEqual([]);
    expect(root.dataset.start).toBeUndefined();

    // Then, each in a task of its own: the session stored on the device (none), the language kept
    // (none), and the page waits for the visitor.
    await vi.waitFor(() => expect(root.dataset.start).toBe('intent'));
    expect(reads.filter((read) => read.startsWith('storage')).length).toBeGreaterThan(0);
  });
});

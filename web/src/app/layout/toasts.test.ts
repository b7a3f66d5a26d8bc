import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, act, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { ToastType } from '@club/contract/enums';
import {
  TOAST_DEFAULT_DELAY,
  TOAST_NAVIGATION_GRACE_MS,
  clearErrorToasts,
  clearToastsOfPreviousScreen,
  removeToast,
  showToast,
  toastStore,
} from '../../lib/toasts.ts';
import { ToastStack } from './toast-stack.tsx';

afterEach(() => {
  for (const toast of toastStore.get()) removeToast(toast.id);
});

describe('toasts', () => {
  it('keeps at most five, dropping the oldest', () => {
    for (let i = 1; i <= 7; i++) showToast({ title: `t${i}`, message: `m${i}` });
    expect(toastStore.get().map((t) => t.title)).toEqual(['t3', 't4', 't5', 't6', 't7']);
  });

  it('drops the error toasts still up when a success follows, keeping warnings', () => {
    showToast({ title: 'failed', message: 'x', type: ToastType.error });
    showToast({ title: 'careful', message: 'y', type: ToastType.warning });
    showToast({ title: 'failed again', message: 'z', type: ToastType.error });
    expect(toastStore.get().map((t) => t.title)).toEqual(['failed', 'careful', 'failed again']);
    showToast({ title: 'done', message: 'ok', type: ToastType.success });
    expect(toastStore.get().map((t) => t.title)).toEqual(['careful', 'done']);
  });

  it('clears error toasts on request and leaves the others', () => {
    showToast({ title: 'failed', message: 'x', type: ToastType.error });
    showToast({ title: 'saved', message: 'y' });
    clearErrorToasts();
    expect(toastStore.get().map((t) => t.title)).toEqual(['saved']);
  });

  it('takes away the toasts of the screen left behind, and keeps one shown as part of the change', () => {
    showToast({ title: 'saved here', message: 'x' });
    const shownAt = toastStore.get()[0]!.shownAt;
    // Just after it was shown (a save that then opens the next screen): it stays.
    clearToastsOfPreviousScreen(shownAt + TOAST_NAVIGATION_GRACE_MS - 1);
    expect(toastStore.get().map((t) => t.title)).toEqual(['saved here']);
    // Later, another tab is opened: the old news goes.
    clearToastsOfPreviousScreen(shownAt + TOAST_NAVIGATION_GRACE_MS);
    expect(toastStore.get()).toEqual([]);
  });

  it('defaults to a success toast shown for 5000 ms', () => {
    showToast({ title: 'a', message: 'b' });
    expect(toastStore.get()[0]).toMatchObject({ type: ToastType.success, delay: TOAST_DEFAULT_DELAY });
    expect(TOAST_DEFAULT_DELAY).toBe(5000);
  });

  it('renders the message HTML through the sanitizer, hides after its delay, then removes it', async () => {
    render(createElement(ToastStack));
    act(() => {
      showToast({
        title: 'Saved',
        message: '<strong>Done</strong><img src=x onerror="window.hacked=1"><script>window.hacked=2</script>',
        type: ToastType.error,
        delay: 400,
      });
    });
    const body = await screen.findByText('Done');
    expect(body.tagName).toBe('STRONG');
    const toast = body.closest('.toast');
    expect(toast?.getAttribute('data-toast-type')).toBe('error');
    expect(toast?.innerHTML).not.toContain('onerror');
    expect(toast?.innerHTML).not.toContain('<script');
    expect(toastStore.get()).toHaveLength(1);
    await waitFor(() => expect(toastStore.get()).toHaveLength(0), { timeout: 3000 });
    expect(screen.queryByText('Done')).toBeNull();
  });
});

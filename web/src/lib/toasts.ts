import { ToastType } from '@club/contract/enums';
import { createStore } from './store.ts';

export interface Toast {
  id: number;
  title: string;
  /** Rendered as HTML through DOMPurify: only the app's own translated strings go here. */
  message: string;
  type: ToastType;
  delay: number;
  /** When it was shown (ms since the epoch): a change of screen takes away the older ones. */
  shownAt: number;
}

export const TOAST_DEFAULT_DELAY = 5000;
export const TOAST_MAX = 5;

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

/**
 * Shows a toast at the top right; the oldest goes when more than five are up. A success clears
 * the error toasts still up: a failure that a later step got past is no longer news.
 */
export function showToast(toast: { title: string; message: string; type?: ToastType; delay?: number }): number {
  const id = nextId++;
  const entry: Toast = {
    id,
    title: toast.title,
    message: toast.message,
    type: toast.type ?? ToastType.success,
    delay: toast.delay ?? TOAST_DEFAULT_DELAY,
    shownAt: Date.now(),
  };
  const kept = entry.type === ToastType.success ? withoutErrors(toastStore.get()) : toastStore.get();
  toastStore.set([...kept, entry].slice(-TOAST_MAX));
  return id;
}

function withoutErrors(toasts: Toast[]): Toast[] {
  return toasts.filter((toast) => toast.type !== ToastType.error);
}

/** Removes every error toast: called when a step succeeds without a toast of its own (signing in). */
export function clearErrorToasts(): void {
  const current = toastStore.get();
  const kept = withoutErrors(current);
  if (kept.length !== current.length) toastStore.set(kept);
}

/** How long a toast shown just before a change of screen stays (a save that goes to login). */
export const TOAST_NAVIGATION_GRACE_MS = 1000;

/**
 * Takes away the toasts of the screen left behind when another screen opens (a staff tab, a
 * page): news of what happened elsewhere no longer belongs on top of this one. A toast shown as
 * part of the change itself ("saved", then off to the next screen) stays.
 */
export function clearToastsOfPreviousScreen(now: number = Date.now()): void {
  const current = toastStore.get();
  const kept = current.filter((toast) => now - toast.shownAt < TOAST_NAVIGATION_GRACE_MS);
  if (kept.length !== current.length) toastStore.set(kept);
}

/** Removes a toast (after it has hidden). */
export function removeToast(id: number): void {
  toastStore.set(toastStore.get().filter((t) => t.id !== id));
}

/** Escapes text for a toast message, which is HTML: what people type is always shown as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A translated toast message with every value escaped: the translation is the app's own and may
 * hold markup, a value (a name, an event title, a code) never does. Numbers pass as they are, for
 * plurals.
 */
export function toastMessage(t: Translate, key: string, values: Record<string, string | number> = {}): string {
  const escaped = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? escapeHtml(value) : value]),
  );
  return t(key, escaped);
}

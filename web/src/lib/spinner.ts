import { createStore } from './store.ts';

export interface SpinnerState {
  visible: boolean;
  /** A translation key; `loading` by default (SPEC §9). */
  messageKey: string;
}

export const spinnerStore = createStore<SpinnerState>({ visible: false, messageKey: 'loading' });
let depth = 0;

/** Shows the spinner overlay with a message; calls nest, the last hide takes it away. */
export function showSpinner(messageKey = 'loading'): void {
  depth += 1;
  spinnerStore.set({ visible: true, messageKey });
}

/** Hides the spinner once every show has been matched. */
export function hideSpinner(): void {
  depth = Math.max(0, depth - 1);
  if (depth === 0) spinnerStore.set({ ...spinnerStore.get(), visible: false });
}

/** Shows the spinner while a promise runs. */
export async function withSpinner<T>(work: Promise<T>, messageKey?: string): Promise<T> {
  showSpinner(messageKey);
  try {
    return await work;
  } finally {
    hideSpinner();
  }
}

import { renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useShown } from './use-shown.ts';

describe('useShown', () => {
  it('says shown while the component is mounted, also under StrictMode, and not once it is gone', () => {
    const { result, unmount } = renderHook(() => useShown(), { wrapper: StrictMode });
    expect(result.current.current).toBe(true);
    const shown = result.current;
    unmount();
    expect(shown.current).toBe(false);
  });
});

import { useEffect, useRef } from 'react';

/**
 * Whether the component is still shown, for work that answers after it may have closed (the
 * phone's storage, the network): what they say then is for nobody, and a state set after the
 * page has gone can fail where the page's window is gone with it.
 */
export function useShown(): { readonly current: boolean } {
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return shown;
}

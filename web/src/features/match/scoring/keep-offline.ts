const SW_URL = '/match-sw.js';
const SW_SCOPE = '/match';

/**
 * Registers the match day's service worker (public/match-sw.js, decision 0039) and, once it
 * controls the page, hands it every file of this site the page has loaded so far, so that this
 * screen opens again with no network. Called by the match screens after they have drawn; the
 * other screens never register it. `onKept` is called once the worker has kept them all; the
 * returned function stops listening.
 */
export function keepForOffline(onKept?: () => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return () => undefined;
  const page = location.pathname;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string; page?: string } | null;
    if (data?.type === 'kept' && data.page === page) onKept?.();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  void navigator.serviceWorker
    .register(SW_URL, { scope: SW_SCOPE })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(location.origin) && !name.includes('/api/'));
      registration.active?.postMessage({ type: 'keep', urls: [page, ...new Set(files)] });
    })
    .catch(() => undefined);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}

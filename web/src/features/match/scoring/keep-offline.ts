const SW_URL = '/match-sw.js';
const SW_SCOPE = '/match';

/**
 * Registers the match day's service worker (public/match-sw.js, decision 0039) and, once it
 * controls the page, hands it every file of this site the page has loaded so far, so that this
 * screen opens again with no network. Called by the match screens after they have drawn; the
 * other screens never register it.
 */
export function keepForOffline(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  void navigator.serviceWorker
    .register(SW_URL, { scope: SW_SCOPE })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(location.origin) && !name.includes('/api/'));
      registration.active?.postMessage({ type: 'keep', urls: [location.pathname, ...new Set(files)] });
    })
    .catch(() => undefined);
}

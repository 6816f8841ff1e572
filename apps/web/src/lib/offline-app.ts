/**
 * Lets a screen once loaded open again without a connection (docs/offline.md): a built app
 * registers its service worker (public/sw.js) and names to it the files this page loaded before
 * the worker took charge; the worker keeps those and every file used after.
 */
export function keepAppForOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).origin === window.location.origin);
        registration.active?.postMessage({ type: 'keep', urls });
      })
      .catch(() => {
        // A browser that refuses the worker (private mode, a policy) still has the portal online.
      });
  });
}

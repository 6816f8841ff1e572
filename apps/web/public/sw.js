/* global self, caches, fetch, URL */
// The portal's service worker (docs/offline.md): it keeps the app itself, its page and the files
// that page has used, so that a screen once loaded (the digital licences) opens again without a
// connection. API answers pass by untouched: a screen keeps what it may show offline itself.
const appCache = 'portal-app';
const page = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(appCache)
      .then((cache) => cache.add(page))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The app's screens all live behind the page's #: only the page itself is a navigation to keep.
  if (request.mode === 'navigate' && url.pathname === page) event.respondWith(pageFor(request));
  else if (isAsset(url)) event.respondWith(assetFor(request));
});

// The page that names the files a screen needs, and the files (their names, hashed) themselves.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter(
    (url) => typeof url === 'string' && isAsset(new URL(url, self.location.origin)),
  );
  event.waitUntil(
    caches.open(appCache).then((cache) =>
      Promise.all(
        urls.map(async (url) => {
          if (!(await cache.match(url))) await cache.add(url);
        }),
      ),
    ),
  );
});

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

// From the network whenever it answers, so that a release reaches the phone at once; a page that
// differs from the one kept is a new release, and the old release's files go.
async function pageFor(request) {
  const cache = await caches.open(appCache);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const kept = await cache.match(page);
      if (kept && (await kept.text()) !== (await response.clone().text())) {
        await forgetAssets(cache);
      }
      await cache.put(page, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(page);
    if (kept) return kept;
    throw error;
  }
}

// Named by their content, these files never change: each is kept the first time it is used.
async function assetFor(request) {
  const cache = await caches.open(appCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function forgetAssets(cache) {
  for (const request of await cache.keys()) {
    if (isAsset(new URL(request.url))) await cache.delete(request);
  }
}

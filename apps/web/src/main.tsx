// First, before any module that defines a schema: zod must not try eval (lib/zod-without-eval).
import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/App';
import { createQueryClient } from './app/providers';
import { preloadScreenOf } from './app/routes';
import { initI18n } from './i18n/i18n';
import { reloadAfterChunkError } from './lib/chunk-reload';
import { hashAddress } from './lib/hash-location';
import { keepAppForOffline } from './lib/offline-app';
import { councilsQuery } from './shared/get-councils';

// A chunk of an older release is gone after a deploy: reload once to get the new one.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

keepAppForOffline();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Render once the shell's words are in, so the first paint is already in the reader's language;
// the screen the address shows is fetched meanwhile, in that language, with the request it opens
// with when it needs nothing but the address (routes.tsx). It is asked for a step
// after the words (Vite's loader asks for a module a microtask after it is called), so that a slow
// connection brings the words first and the shell paints while the screen is still arriving.
const wordsReady = initI18n();
queueMicrotask(() => preloadScreenOf(hashAddress()));
// Every citizen's screen names councils. The list (index.html preloads it) goes into the cache as
// soon as it is in, so that a screen arriving after it draws whole at once, rather than drawing
// without the list and growing when it comes: a layout shift on a slow phone.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(councilsQuery);
void wordsReady.then(() => {
  const app = createRoot(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for the whole page.
  startTransition(() => {
    app.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const shellWordsFirst = 'shell-words-first';

/**
 * Puts the script that asks for the shell's words at the head of index.html, async, so that the
 * browser runs it as soon as it (and the two small modules it imports) has arrived, without waiting
 * for the app's code: on a slow line the words then come with the code, not a round trip after it.
 * Built as an entry of its own (below), it is named only once the bundle is written.
 */
function shellWordsFirstScript(): Plugin {
  let base = '/';
  return {
    name: shellWordsFirst,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const script = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === shellWordsFirst,
        );
        if (!script) throw new Error(`the build has no ${shellWordsFirst} entry`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: base + script.fileName },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), shellWordsFirstScript()],
  build: {
    // Relative to this folder (Vite's root when run as `vite build apps/web`); the server serves it.
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for every screen (about 10 KB gzip in all): a single render-blocking request
    // on the first visit instead of one per shared chunk, and no unstyled flash when a lazily
    // loaded screen opens.
    cssCodeSplit: false,
    // Every browser the portal supports (the latest Chrome, Firefox, Edge and Safari) preloads
    // modules itself; the polyfill only weighed on the home route (0.3 KB gzip).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        [shellWordsFirst]: fileURLToPath(new URL(`src/${shellWordsFirst}.ts`, import.meta.url)),
      },
      // Dexie and the cart's modules do nothing at import that matters when nothing of them is
      // used: a screen that only builds cart items through the cart's barrel does not download
      // the store.
      treeshake: {
        moduleSideEffects: (id) =>
          !/node_modules[\\/]dexie[\\/]|features[\\/]cart[\\/][\w-]+\.ts$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every screen needs, in one chunk: left to itself, the bundler cuts
              // them into several small shared chunks once lazy screens import them too, which
              // costs the home route about 2 KB gzip and changes
              // their file names whenever a screen changes. Dexie and zod stay with the screens.
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|react-error-boundary|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
            },
            {
              // The cart's store with IndexedDB's library, in a chunk of their own: else the
              // bundler puts the cart's small shared modules in with them, and the search screen,
              // which only builds cart items (the store comes once a bill is offered), would
              // download the library all the same.
              name: 'cart-store',
              test: /node_modules[\\/]dexie[\\/]|features[\\/]cart[\\/](cart-store|use-cart)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` (scripts/dev.ts): the portal server listens on PORT, 8080 by default. The
    // browser's Host is kept, so the server's CSRF check sees the page's own address.
    proxy: Object.fromEntries(
      ['/api', '/dev'].map((path) => [
        path,
        { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false },
      ]),
    ),
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    // Relative to this folder (Vite's root when run as `vite build apps/web`); the server serves it.
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every screen needs, in one chunk: left to itself, the bundler cuts
              // them into several small shared chunks once lazy screens import them too, which
              // costs the home route about 2 KB gzip and changes
              // their file names whenever a screen changes. Dexie and zod stay with the screens.
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/,
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

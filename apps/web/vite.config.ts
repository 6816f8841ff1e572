import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    // Relative to this folder (Vite's root when run as `vite build apps/web`); the server serves it.
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      // The portal server (apps/server) listens on PORT 8080 by default (DESIGN.md section 5).
      '/api': 'http://127.0.0.1:8080',
    },
  },
});

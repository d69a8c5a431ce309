import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development (`npm run dev`); the built app is served by it in production. */
const API_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  // JSON API, sign-in redirects and callbacks.
  '/api': { target: API_ORIGIN, changeOrigin: false },
  // The local identity provider (dev stand-in for Google) lives on the API server.
  '/oidc': { target: API_ORIGIN, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Each page is its own chunk (React.lazy in src/app/routes.tsx); this keeps /login small.
    chunkSizeWarningLimit: 600,
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
});

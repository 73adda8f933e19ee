import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm run dev` forwards /api (HTTP and WebSocket); the server's default port. */
const apiTarget = process.env.SITEOPS_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than the default 500 kB warning; the login route stays small thanks to lazy routes.
    chunkSizeWarningLimit: 1200,
  },
});

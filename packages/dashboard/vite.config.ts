import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the server serves the built app; every asset URL starts with it. */
export const BASE_PATH = '/app/';

export default defineConfig({
  base: BASE_PATH,
  plugins: [react()],
  build: {
    outDir: 'dist/app',
    // The server sends `script-src 'self'`: nothing may be inlined into index.html.
    assetsInlineLimit: 0,
    sourcemap: true,
    manifest: true,
  },
  server: {
    // `pnpm dev` next to a server on :3000: the API and /auth are proxied, so cookies stay same-origin.
    proxy: Object.fromEntries(
      ['/auth', '/organizations', '/account', '/invites', '/collect', '/widget.js', '/healthz'].map((path) => [
        path,
        { target: 'http://127.0.0.1:3000' },
      ]),
    ),
  },
});

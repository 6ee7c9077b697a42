import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `pnpm dev` with VITE_HEARBACK_URL, VITE_HEARBACK_INBOX_KEY and VITE_HEARBACK_KEY (a collect-only
// key) set to a running server's values (`hearback init` prints them).
export default defineConfig({
  plugins: [react()],
});

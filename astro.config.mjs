// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Static site: every page is prebuilt; the Node server (src/server) serves dist/ beside the API.
export default defineConfig({
  output: 'static',
  // SITE_OUT_DIR: build elsewhere (the editors' rebuild into a new directory, the build-scale bench).
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  // Rebuilds run beside the served site: each may use a cache of its own.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Spec section 2: these dashboard routes redirect to the agent dashboard.
  redirects: {
    '/dashboard/internal-admin-dashboard': '/dashboard/',
    '/dashboard/admin-agent-dashboard': '/dashboard/',
  },
  // The editors' preview renders with the same processor and options (src/server/routes/content-admin.ts).
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});

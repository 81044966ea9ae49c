// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

/**
 * The modules every signed-in page loads (React, zod, nanostores, the API client, the session stores, the
 * translator and the page skeleton) go in one chunk: one file compresses better than the dozen small ones
 * the bundler would cut (decision 015).
 */
const PORTAL_CORE = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|zod|nanostores|@nanostores[\/]react)[\/]`,
    String.raw`src[\/]stores[\/](alerts|analytics|api|guard|session|user|waiting)\.ts$`,
    String.raw`src[\/]lib[\/](constants|format|routes|i18n|i18n[\/]translate|i18n[\/]en[\/]common)\.ts$`,
    String.raw`src[\/]lib[\/]api[\/](client|contract|platform|user|index)\.ts$`,
    String.raw`src[\/]islands[\/]shared[\/](use-t|use-call|GuardError)\.tsx?$`,
    // The signed-in header's actions, user menu and agency dropdown: every dashboard page's header and the content
    // hub's signed-in header load them (one home, no chunk of their own).
    String.raw`src[\/]islands[\/]shell[\/](HeaderActions|UserMenu|AgencyDropdown|use-menu)\.tsx?$`,
  ].join('|'),
);

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
    // Issue 16: the spec names both spellings of the CE admins' course list.
    '/dashboard/manage-cecourses': '/dashboard/manage-CEcourses',
    // Issue 16: the CE course home's other name.
    '/dashboard/CE-Course-Home': '/dashboard/CECourseHome',
  },
  // The editors' preview renders with the same processor and options (src/server/routes/content-admin.ts).
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'portal', test: PORTAL_CORE },
            ],
          },
        },
      },
    },
  },
});

import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { blocklyMediaPlugin } from './scripts/blockly-media-plugin.ts';
import { tutorialAssetsPlugin } from './scripts/tutorial-assets/vite-plugin.ts';
import { siteNameFrom } from './src/shared/site-name.ts';

// Only the site's name: the server's other settings are no business of the build.
const siteName = siteNameFrom(process.env.SITE_NAME);

export default defineConfig({
  plugins: [tailwindcss(), tutorialAssetsPlugin(), blocklyMediaPlugin(), reactRouter()],
  define: {
    // The product name is baked into the prerendered pages; `npm start` rebuilds with it.
    'import.meta.env.SITE_NAME': JSON.stringify(siteName),
  },
  // No preload helper for lazy chunks: ~1 KB less on every page, and lazy chunks here have few imports.
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: false,
    rolldownOptions: {
      // zod schemas are built by calls on `z`: marked pure, the schemas a chunk does not use are left
      // out of it, and their construction out of the page's start (the account chunk: 6.5 → 3.0 KB).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // React and React Router in one chunk: every page loads all of it, and one file
              // compresses better than the six the default split made (121.1 → 117.8 KB on `/`).
              name: 'framework',
              test: /node_modules\/(react|react-dom|scheduler|react-router|clsx|class-variance-authority)\//,
              priority: 2,
            },
            {
              // TanStack Query in one chunk with the query client: every page with data loads it, and
              // split by which pages import which hook it cost each route ~0.7 KB of chunk overhead.
              name: 'query',
              test: /node_modules\/@tanstack\/(query-core|react-query)\//,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // The simulator's Web Worker (features/simulator) as an ES module, like the page's own code.
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});

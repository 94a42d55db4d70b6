import { defineConfig } from 'vite';

/*
 * The server as one plain JavaScript file for `npm start`: Node then skips stripping types from
 * some forty modules at every start (about 17 MB of memory and a quarter of the start time).
 * Dependencies stay in node_modules. Tests and `npm run dev` run the TypeScript sources directly.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'src/server/server.ts',
    outDir: 'build/server-app',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: true,
  },
});

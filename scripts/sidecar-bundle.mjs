// How the sidecar is bundled, for `npm run build` (plugin/build/sidecar/main.mjs, which `npm start`, the
// local stack and the tests run) and for the plugin zip (scripts/plugin-zip.mjs): one ES module with
// every pure-JavaScript dependency inside. Loading fastify, pino, ajv, zod, Orama and the MCP SDK from
// node_modules file by file took about 100 ms of a 590 ms start-up on the benchmark machine (BENCHMARKS.md).

/**
 * Dependencies left to node_modules (the zip's `npm install` beside it): better-sqlite3 is a native
 * addon compiled for the host's Node; mysql2 is kept out with it so the storage drivers install and
 * update together (only loaded with MANUFACTURER_AGENT_DATABASE_URL).
 */
export const SIDECAR_EXTERNAL = ['better-sqlite3', 'mysql2'];

/** esbuild's options for the sidecar bundle; each build adds its own output options. */
export const SIDECAR_BUNDLE_OPTIONS = {
  entryPoints: ['plugin/sidecar/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  external: SIDECAR_EXTERNAL,
  logLevel: 'warning',
  // Bundled CommonJS packages call require() for Node's own modules; an ES module has none.
  banner: { js: "import { createRequire as __maCreateRequire } from 'node:module'; const require = __maCreateRequire(import.meta.url);" },
};

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

/**
 * The bundle with every character above U+00FF written as a \uXXXX escape. esbuild escapes strings and
 * identifiers but leaves regular-expression literals (Orama's tokenizers for Cyrillic, Greek, …) and
 * comments as they are, and one such character makes V8 hold the whole module source, which it keeps for
 * lazy compilation, as a two-byte string: 3.4 instead of 1.8 MB of the shipped bundle's heap. In a regular
 * expression, a string, an untagged template or a comment the escape means the same character; a character escaped with a
 * backslash of its own (`\—`, an identity escape) gives up that backslash. `source` of such a regular
 * expression shows the escape, and the source map's columns shift after it on the lines concerned.
 */
export function latin1Only(code) {
  return code.replace(/(\\*)([^\x00-\xff])/g, (_match, backslashes, character) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

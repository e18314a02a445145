// Bundles the sidecar into one ES module as the plugin zip ships it (scripts/sidecar-bundle.mjs), with a
// source map, then writes the dereferenced schemas the PHP plugin reads.
import { build } from 'esbuild';
import { SIDECAR_BUNDLE_OPTIONS } from './sidecar-bundle.mjs';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
/** The schema exporter, a build tool: its dependencies stay in node_modules. */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
};

await build({ ...SIDECAR_BUNDLE_OPTIONS, outfile: 'plugin/build/sidecar/main.mjs', sourcemap: true });
await build({ ...common, entryPoints: ['plugin/sidecar/export-schemas.ts'], outfile: 'plugin/build/tools/export-schemas.mjs' });
execFileSync(process.execPath, ['plugin/build/tools/export-schemas.mjs', 'plugin/build/schemas'], { stdio: 'inherit' });

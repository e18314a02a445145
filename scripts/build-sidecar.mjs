// Bundles the sidecar into one ES module as the plugin zip ships it (scripts/sidecar-bundle.mjs), with a
// source map, then writes the dereferenced schemas the PHP plugin reads.
import { build } from 'esbuild';
import { SIDECAR_BUNDLE_OPTIONS, latin1Only } from './sidecar-bundle.mjs';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

// The types of schemas/ first: the sidecar and the admin screen name them (plugin/sidecar/core/schema-types.ts).
await build({ ...common, entryPoints: ['plugin/sidecar/generate-schema-types.ts'], outfile: 'plugin/build/tools/generate-schema-types.mjs' });
execFileSync(process.execPath, ['plugin/build/tools/generate-schema-types.mjs', 'plugin/sidecar/core/schema-types.ts'], { stdio: 'inherit' });

const sidecar = await build({ ...SIDECAR_BUNDLE_OPTIONS, outfile: 'plugin/build/sidecar/main.mjs', sourcemap: true, write: false });
for (const file of sidecar.outputFiles) {
  await mkdir(path.dirname(file.path), { recursive: true });
  await writeFile(file.path, file.path.endsWith('.mjs') ? latin1Only(file.text) : file.contents);
}
await build({ ...common, entryPoints: ['plugin/sidecar/export-schemas.ts'], outfile: 'plugin/build/tools/export-schemas.mjs' });
execFileSync(process.execPath, ['plugin/build/tools/export-schemas.mjs', 'plugin/build/schemas'], { stdio: 'inherit' });

// Bundles the sidecar into one ES module (npm dependencies stay in node_modules), then writes the
// dereferenced schemas the PHP plugin reads.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['plugin/sidecar/main.ts'], outfile: 'plugin/build/sidecar/main.mjs', sourcemap: true });
await build({ ...common, entryPoints: ['plugin/sidecar/export-schemas.ts'], outfile: 'plugin/build/tools/export-schemas.mjs' });
execFileSync(process.execPath, ['plugin/build/tools/export-schemas.mjs', 'plugin/build/schemas'], { stdio: 'inherit' });

// Builds the wp-admin screen (admin-ui/) with @wordpress/scripts into plugin/build/admin/ and compiles
// the shipped translations (plugin/languages/*.po → .mo and the JSON the script loads). Checks that the
// bundle does not depend on the react-jsx-runtime handle, which WordPress registers only from 6.6 on.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`build-admin: ${path.basename(command)} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

const tsc = require.resolve('typescript/bin/tsc');
run(process.execPath, [tsc, '--noEmit', '-p', 'admin-ui/tsconfig.json']);

// Translations first, the bundle last: a bundle newer than every source means a current build.
run(process.execPath, [path.join(root, 'scripts/i18n-admin.mjs'), 'compile']);

const wpScripts = require.resolve('@wordpress/scripts/bin/wp-scripts.js');
run(process.execPath, [wpScripts, 'build', '--config', 'admin-ui/webpack.config.cjs'], { NODE_ENV: 'production' });

const asset = readFileSync(path.join(root, 'plugin/build/admin/index.asset.php'), 'utf8');
if (asset.includes('react-jsx-runtime')) {
  console.error('build-admin: plugin/build/admin/index.asset.php depends on react-jsx-runtime, which WordPress 6.1 does not register');
  process.exit(1);
}

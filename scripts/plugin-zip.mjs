// npm run plugin-zip: the installable plugin, dist/manufacturer-agent-<version>.zip.
//
// Layout (the folder name WordPress installs it under is manufacturer-agent/):
//   manufacturer-agent.php, uninstall.php, readme.txt, includes/, data/, languages/, assets/
//   build/schemas/        the dereferenced schemas the PHP reads
//   build/admin/          the admin screen, when it has been built
//   sidecar/              the sidecar for production (where readme.txt says): main.mjs with every pure-JavaScript dependency
//                         bundled in, and a package.json naming the two it cannot carry: better-sqlite3
//                         (a native addon, compiled for the host's Node) and mysql2 (kept out of the
//                         bundle with it so the storage drivers install and update together; only
//                         loaded with MANUFACTURER_AGENT_DATABASE_URL). The operator runs
//                         `npm install --omit=dev` in that folder once (README: "Production").
// Left out: the TypeScript sources of the sidecar (plugin/sidecar/ in the repository; in the zip that
// folder holds the built bundle instead), the development bundle plugin/build/sidecar/, source maps,
// build tools, tests, node_modules.
//
//   node scripts/plugin-zip.mjs [--no-build] [--out FILE]
import { SIDECAR_NODE_FLAGS } from './sidecar-node-flags.mjs';
import { SIDECAR_BUNDLE_OPTIONS, SIDECAR_EXTERNAL, latin1Only } from './sidecar-bundle.mjs';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN = path.join(ROOT, 'plugin');
const SLUG = 'manufacturer-agent';
/** Files and folders of plugin/ that ship (relative to plugin/). */
const SHIPPED = ['manufacturer-agent.php', 'uninstall.php', 'readme.txt', 'includes', 'data', 'languages', 'assets', 'build/schemas', 'build/admin'];
const EXCLUDED = [/\.map$/, /(^|\/)\.DS_Store$/, /(^|\/)node_modules\//, /(^|\/)tests?\//, /\.ts$/, /(^|\/)\.[^/]*$/];

function walk(dir, base = dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(file, base));
    else if (entry.isFile()) out.push(path.relative(base, file));
  }
  return out;
}

/** The sidecar with its pure-JavaScript dependencies inside, as one ES module. */
export async function buildProductionSidecar() {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const result = await build({
    ...SIDECAR_BUNDLE_OPTIONS,
    entryPoints: [path.join(ROOT, SIDECAR_BUNDLE_OPTIONS.entryPoints[0])],
    minifyWhitespace: true,
    legalComments: 'eof',
    write: false,
  });
  const code = Buffer.from(latin1Only(result.outputFiles[0].text));
  const manifest = {
    name: `${SLUG}-sidecar`,
    version: pkg.version,
    private: true,
    description: 'The Manufacturer Agent sidecar (run next to WordPress): npm start',
    type: 'module',
    main: 'main.mjs',
    engines: pkg.engines,
    scripts: { start: ['node', ...SIDECAR_NODE_FLAGS, 'main.mjs'].join(' ') },
    dependencies: Object.fromEntries(SIDECAR_EXTERNAL.map((name) => [name, pkg.dependencies[name]])),
  };
  return { code, manifest };
}

export async function pluginZip({ out, runBuild = true } = {}) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  if (runBuild) {
    for (const script of ['build', 'build:admin']) {
      if (!pkg.scripts?.[script]) continue;
      const r = spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit', timeout: 600_000 });
      if (r.status !== 0) throw new Error(`npm run ${script} failed`);
    }
  }
  for (const required of ['manufacturer-agent.php', 'readme.txt', 'includes', 'build/schemas']) {
    if (!existsSync(path.join(PLUGIN, required))) throw new Error(`plugin/${required} is missing`);
  }
  const target = out ?? path.join(ROOT, 'dist', `${SLUG}-${pkg.version}.zip`);
  mkdirSync(path.dirname(target), { recursive: true });
  const zip = new yazl.ZipFile();
  const entries = [];
  const mtime = new Date('2026-01-01T00:00:00Z'); // the same bytes for the same sources
  for (const item of SHIPPED) {
    const full = path.join(PLUGIN, item);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? walk(full).map((f) => path.join(item, f)) : [item];
    for (const file of files.sort()) {
      const rel = file.split(path.sep).join('/');
      if (EXCLUDED.some((re) => re.test(rel))) continue;
      zip.addFile(path.join(PLUGIN, file), `${SLUG}/${rel}`, { mtime, mode: 0o100644 });
      entries.push(`${SLUG}/${rel}`);
    }
  }
  const { code, manifest } = await buildProductionSidecar();
  zip.addBuffer(Buffer.from(code), `${SLUG}/sidecar/main.mjs`, { mtime, mode: 0o100644 });
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), `${SLUG}/sidecar/package.json`, { mtime, mode: 0o100644 });
  entries.push(`${SLUG}/sidecar/main.mjs`, `${SLUG}/sidecar/package.json`);
  await new Promise((resolve, reject) => {
    const stream = createWriteStream(target);
    stream.on('close', resolve);
    stream.on('error', reject);
    zip.outputStream.pipe(stream);
    zip.end();
  });
  return { file: target, entries, bytes: statSync(target).size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  pluginZip({ out: outIndex >= 0 ? path.resolve(args[outIndex + 1]) : undefined, runBuild: !args.includes('--no-build') }).then(
    ({ file, entries, bytes }) => console.log(`${path.relative(ROOT, file)}: ${entries.length} files, ${(bytes / 1024).toFixed(0)} KiB`),
    (error) => {
      console.error(error.stack ?? error);
      process.exit(1);
    },
  );
}

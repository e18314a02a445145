// Every PHP file of the plugin passes `php -l` (Debian's PHP CLI, installed when missing), follows the
// project's coding standard (phpcs.xml.dist, Debian's PHP_CodeSniffer) and parses
// on each PHP version the plugin supports (8.1 to 8.4, the playground's WebAssembly builds). That it
// also runs on each without deprecation notices is tests/wordpress/php-versions.test.ts. The classes sit
// one folder per concern, the namespace following the folder (what the autoloader relies on).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, playgroundCli } from '../../scripts/stack.mjs';
import { ensureCommand } from '../support/commands.js';

const PLUGIN = path.join(ROOT, 'plugin');
export const PHP_VERSIONS = ['8.1', '8.2', '8.3', '8.4'];

function phpFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : phpFiles(full);
    return entry.name.endsWith('.php') ? [full] : [];
  });
}

describe('PHP files of the plugin', () => {
  const files = phpFiles(PLUGIN);

  it('are found', () => {
    expect(files.map((f) => path.relative(PLUGIN, f))).toContain('manufacturer-agent.php');
    expect(files.length).toBeGreaterThan(5);
  });

  it('pass php -l', { timeout: 600_000 }, () => {
    ensureCommand('php', 'php-cli');
    const failures: string[] = [];
    for (const file of files) {
      const result = spawnSync('php', ['-n', '-l', file], { encoding: 'utf8' });
      if (result.status !== 0 || !/No syntax errors detected/.test(result.stdout))
        failures.push(`${path.relative(ROOT, file)}: ${result.stdout}${result.stderr}`);
    }
    expect(failures).toEqual([]);
  });

  // phpcs.xml.dist: WordPress-Core's rules as far as PHP_CodeSniffer's own sniffs reach them.
  it('follow the coding standard with no finding (PHP_CodeSniffer, phpcs.xml.dist)', { timeout: 600_000 }, () => {
    ensureCommand('php', 'php-cli');
    ensureCommand('phpcs', 'php-codesniffer');
    const result = spawnSync('phpcs', ['--standard=phpcs.xml.dist', '--report=emacs', '-q'], { cwd: ROOT, encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.replaceAll(`${ROOT}/`, '')).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(PHP_VERSIONS)('parse on PHP %s', { timeout: 120_000 }, (version) => {
    const result = spawnSync(
      process.execPath,
      [
        playgroundCli(),
        'php',
        '--php',
        version,
        '--wordpress-install-mode',
        'do-not-attempt-installing',
        '--skip-sqlite-setup',
        '--mount-dir',
        PLUGIN,
        '/plugin',
        '--mount-dir',
        path.join(ROOT, 'tests/wordpress/fixtures'),
        '/lint',
        '--',
        '/lint/lint.php',
        '/plugin',
      ],
      { encoding: 'utf8', timeout: 110_000 },
    );
    const line = result.stdout.split('\n').find((l) => l.startsWith('{"php"'));
    expect(line, `${result.stdout}${result.stderr}`).toBeDefined();
    const report = JSON.parse(line!);
    expect(report.php.startsWith(`${version}.`)).toBe(true);
    expect(report.files).toBe(files.length);
    expect(report.errors).toEqual([]);
  });
});

// plugin/includes/<Folder>/<Class>.php declares `namespace ManufacturerAgent\<Folder>;` and `class <Class>`:
// the autoloader finds ManufacturerAgent\<Folder>\<Class> there and nowhere else. Only the autoloader itself
// sits at the top (it is required before it can load anything); a class dropped beside it or a file in
// another concern's folder fails.
describe('the layout of plugin/includes', () => {
  const INCLUDES = path.join(PLUGIN, 'includes');
  const files = phpFiles(INCLUDES).map((f) => path.relative(INCLUDES, f).split(path.sep).join('/'));

  it('has one folder per concern and only the autoloader at the top', () => {
    expect(files.filter((f) => !f.includes('/'))).toEqual(['Autoloader.php']);
    expect(new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0])).size).toBeGreaterThan(5);
  });

  it('declares in each file the namespace of its folder and the class of its name', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const parts = file.replace(/\.php$/, '').split('/');
      const name = parts.pop();
      const expected = ['ManufacturerAgent', ...parts].join('\\');
      const code = readFileSync(path.join(INCLUDES, file), 'utf8');
      const namespaces = [...code.matchAll(/^namespace\s+([^;\s]+)\s*;/gm)].map((m) => m[1]);
      const classes = [...code.matchAll(/^(?:(?:final|abstract|readonly)\s+)*(?:class|interface|trait|enum)\s+(\w+)/gm)].map((m) => m[1]);
      if (namespaces.join() !== expected) wrong.push(`${file}: namespace ${namespaces.join(', ') || '(none)'}, not ${expected}`);
      if (classes.join() !== name) wrong.push(`${file}: declares ${classes.join(', ') || 'no class'}, not ${name}`);
    }
    expect(wrong).toEqual([]);
  });
});

// npm test: type check, build, then every vitest suite; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { OLDEST_RELEASE } from './prepare-wordpress-core.mjs';

/**
 * What runs again on the oldest WordPress the plugin supports (readme.txt "Requires at least"), on a
 * stack of its own after the main run: the public contract, the admin routes, the site's own pages,
 * the enquiry form with its mail and privacy tools, and the plugin without the Abilities API (about 8 minutes). `--oldest-wordpress` runs only this.
 */
const OLDEST_WORDPRESS_SUITES = [
  'tests/http/rest.test.ts',
  'tests/tools/mcp.test.ts',
  'tests/wordpress/admin.test.ts',
  'tests/wordpress/site.test.ts',
  'tests/wordpress/handoff-review.test.ts',
  'tests/wordpress/abilities.test.ts',
  'tests/wordpress/enquiry-form.test.ts',
  'tests/wordpress/privacy.test.ts',
];

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  return result.status ?? 1;
}

for (const [command, args] of [
  ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  // The sidecar bundle, the schemas PHP reads and the admin screen: what the WordPress suites load.
  ['npm', ['run', 'build']],
]) {
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(status);
  }
}

mkdirSync('test-results', { recursive: true });
// The reliability suites (tests/reliability) append the figures of this run here; start it empty.
rmSync('test-results/reliability-figures.txt', { force: true });
// The wordpress project (tests/wordpress, the contract suites through WordPress) appends its figures
// here: stack start times and latency through WordPress vs the sidecar alone.
rmSync('test-results/wordpress-figures.txt', { force: true });
const args = process.argv.slice(2);
const oldestOnly = args[0] === '--oldest-wordpress';
const reports = [];
let status = 0;
if (!oldestOnly) {
  reports.push('test-results/vitest.json');
  rmSync(reports.at(-1), { force: true });
  status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports.at(-1)}`, ...args]);
}
// The oldest supported WordPress when the WordPress project ran in full.
if (oldestOnly || args.length === 0 || args.join(' ') === '--project wordpress') {
  reports.push('test-results/vitest-oldest-wordpress.json');
  rmSync(reports.at(-1), { force: true });
  process.env.STACK_WORDPRESS = OLDEST_RELEASE;
  const oldest = run('npx', ['vitest', 'run', '--project', 'wordpress', '--reporter=default', '--reporter=json', `--outputFile.json=${reports.at(-1)}`, ...OLDEST_WORDPRESS_SUITES]);
  status ||= oldest;
}

let summary = 'tests: 0 passed, 1 failed';
try {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of reports) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    // A suite that fails to load has no failed test of its own; count it so the line cannot read green.
    totals.failed += report.numFailedTests || report.numFailedTestSuites;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  summary = `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
} catch {
  // No report: vitest itself failed to run.
}
try {
  const figures = readFileSync('test-results/wordpress-figures.txt', 'utf8').trim();
  if (figures) console.log(`\nWordPress stack figures (test-results/wordpress-figures.txt):\n${figures}\n`);
} catch {
  // The wordpress project did not run (e.g. --project standalone).
}
console.log(summary);
process.exit(status);

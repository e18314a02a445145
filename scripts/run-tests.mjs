// npm test: type check, build, then every vitest suite; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

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
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...process.argv.slice(2)]);

let summary = 'tests: 0 passed, 1 failed';
try {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  // A suite that fails to load has no failed test of its own; count it so the line cannot read green.
  const failed = report.numFailedTests || report.numFailedTestSuites;
  summary = `tests: ${report.numPassedTests} passed, ${failed} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
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

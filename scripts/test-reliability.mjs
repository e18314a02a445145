// npm run test:reliability: the storage suite (SQLite and MariaDB) and the reliability suite, then the
// figures of this run (scripts/run-tests.mjs starts the file empty), ready to be copied into RELIABILITY.md. `npm test` runs the same suites among all others.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const FIGURES = 'test-results/reliability-figures.txt';
const result = spawnSync('node', ['scripts/run-tests.mjs', 'tests/storage', 'tests/reliability', ...process.argv.slice(2)], { stdio: 'inherit' });
console.log('\nFigures of this run:');
console.log(existsSync(FIGURES) ? readFileSync(FIGURES, 'utf8').replace(/^\S+ \[reliability\] /gm, '- ') : '(none recorded)');
process.exit(result.status ?? 1);

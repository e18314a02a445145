// The linters run with the tests, at zero findings: ESLint with typescript-eslint (eslint.config.mjs)
// over all TypeScript, and prettier's check (.prettierrc.json) of the TypeScript it formats.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/service.js';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
/** What prettier formats: every TypeScript source, test and script declaration. */
export const PRETTIER_FILES = ['plugin/sidecar/**/*.ts', 'admin-ui/src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.d.mts'];

describe('linters', () => {
  it('ESLint finds nothing', { timeout: 120_000 }, () => {
    const result = spawnSync(bin('eslint'), ['--max-warnings', '0', '.'], { cwd: ROOT, encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.replaceAll(`${ROOT}/`, '')).toBe('');
    expect(result.status).toBe(0);
  });

  it('prettier finds every TypeScript file formatted', { timeout: 120_000 }, () => {
    const result = spawnSync(bin('prettier'), ['--list-different', ...PRETTIER_FILES], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout.trim().split('\n').filter(Boolean)).toEqual([]);
    expect(result.status).toBe(0);
  });
});

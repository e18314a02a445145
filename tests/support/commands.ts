import { spawnSync } from 'node:child_process';

/** A Debian package's command, installed on a machine that has none (the test machines run as root). */
export function ensureCommand(command: string, debianPackage: string): void {
  if (spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0) return;
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], {
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  let result = install();
  if (result.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 300_000 });
    result = install();
  }
  if (result.status !== 0) throw new Error(`apt-get install ${debianPackage} failed:\n${result.stdout}${result.stderr}`);
}

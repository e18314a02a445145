// Processes of the benchmark: start, wait for, measure (RSS, start-up) and stop servers, run tools.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, openSync, closeSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { parseProcStat, stealPercent } from './stats.mjs';

/** Every process the benchmark started and has not stopped yet; stopped on exit, whatever happens. */
const running = new Set();

export function track(child, name) {
  const entry = { child, name };
  running.add(entry);
  child.once('exit', () => running.delete(entry));
  return child;
}

/** SIGTERM to everything still running, then SIGKILL after a grace period. */
export async function stopAll(graceMs = 5000) {
  const entries = [...running];
  for (const { child } of entries) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(entries.map(({ child }) => waitExit(child, graceMs).catch(() => child.kill('SIGKILL'))));
}

export function stopAllSync() {
  for (const { child } of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

export function waitExit(child, timeoutMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process ${child.pid} did not exit within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}

/** Whether a command exists on PATH. */
export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a command to completion; throws with its output on failure. */
export function run(command, args, { timeoutMs = 120_000, env, cwd, input } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', env: env ? { ...process.env, ...env } : process.env, cwd, input });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Priority of every process the benchmark starts (nice -10 as root: other work on the machine disturbs less). */
export const NICE = process.getuid?.() === 0 ? -10 : 0;

/** The command line prefixed with taskset when a CPU is named, and with nice. */
export function pinned(cpu, command, args) {
  let cmd = [command, ...args];
  if (cpu !== undefined && cpu !== null && hasCommand('taskset')) cmd = ['taskset', '-c', String(cpu), ...cmd];
  if (NICE !== 0 && hasCommand('nice')) cmd = ['nice', '-n', String(NICE), ...cmd];
  return [cmd[0], cmd.slice(1)];
}

/** Spawns a long-running server, output to a file; tracked so it is stopped at the end. */
export function startProcess({ command, args, env = {}, cwd, logFile, cpu, name }) {
  const [cmd, argv] = pinned(cpu, command, args);
  const fd = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(cmd, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  if (typeof fd === 'number') closeSync(fd);
  return track(child, name ?? command);
}

/** One GET; resolves with the status, or rejects on a connection error. */
export function httpStatus(url, { timeoutMs = 2000, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Polls url until it answers 200; resolves with the milliseconds since `since`. */
export function waitFor200(url, options = {}) {
  return waitForStatus(url, 200, options);
}

/** Polls url (GET) until it answers with the status; resolves with the milliseconds since `since`. */
export async function waitForStatus(url, status, { since = performance.now(), timeoutMs = 20_000, intervalMs = 2, child } = {}) {
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      if ((await httpStatus(url)) === status) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Resident set size of a process in MB (from /proc), or undefined once it is gone. */
export function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, all threads) a process has used so far, in milliseconds; undefined once it is gone. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] and [12] are utime and stime (the 14th and 15th of the whole line), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The machine's CPU time so far (stats.mjs parseProcStat of /proc/stat), or undefined without it. */
function cpuTicks() {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * One load run, with the server's CPU time per answered request (user + system of all its threads, from
 * /proc): unlike requests per second, it hardly changes when other work on the machine takes CPU away.
 */
export async function measured(pid, load) {
  const before = cpuMs(pid);
  const ticks = cpuTicks();
  const result = await load();
  const after = cpuMs(pid);
  if (before !== undefined && after !== undefined && result.requests > 0) result.cpuUsPerRequest = ((after - before) * 1000) / result.requests;
  // How much of the machine the host took away meanwhile: a tail that the ceiling shows too comes from there.
  result.stealPercent = stealPercent(ticks, cpuTicks());
  return result;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Samples a process's RSS every intervalMs until stopped; stop() gives the peak in MB. */
export function sampleRss(pid, intervalMs = 100) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== undefined && now > peak) peak = now;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const now = rssMb(pid);
      if (now !== undefined && now > peak) peak = now;
      return peak;
    },
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The size of a log in bytes: where the lines written after this moment start (logLines' start). */
export const logSize = (file) => statSync(file).size;

/**
 * A server's log line by line, from a byte offset on: a full benchmark run writes more access lines than
 * one string can hold (512 MB), and a round needs only what was written during it.
 */
export function logLines(file, start = 0) {
  return createInterface({ input: createReadStream(file, { start }), crlfDelay: Infinity });
}

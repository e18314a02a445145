import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServiceConfig } from '../../plugin/sidecar/core/config.js';
import { createService, listen, type Service } from '../../plugin/sidecar/service.js';
import type { SiteConfig } from '../../plugin/sidecar/core/site-config.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SIDECAR_BUNDLE = path.join(ROOT, 'plugin/build/sidecar/main.mjs');
export const PREFIX = '/wp-json/manufacturer-agent/v1';

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'manufacturer-agent-test-'));
}

export interface RunningService {
  baseUrl: string;
  dataDir: string;
  config: ServiceConfig;
  service: Service;
  stop(): Promise<void>;
}

/** The service in this process, on a free loopback port, with its own SQLite folder. */
export async function startService(env: Record<string, string> = {}, siteConfig?: SiteConfig): Promise<RunningService> {
  const dataDir = env.MANUFACTURER_AGENT_DATA_DIR ?? tempDataDir();
  // No event-loop shedding on /ask unless a test asks for it: the loop is the test runner's too, and on the
  // shared test machines it stalls for reasons that are not the service's load (fair-use.test.ts tests it).
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    MANUFACTURER_AGENT_DATA_DIR: dataDir,
    MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const service = await createService(config, siteConfig);
  const baseUrl = await listen(service, config, Boolean(env.MANUFACTURER_AGENT_PUBLIC_URL));
  return {
    baseUrl,
    dataDir,
    config,
    service,
    async stop() {
      await service.close();
      if (!env.MANUFACTURER_AGENT_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServiceProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string | null>;
}

export interface SpawnOptions {
  /** How long the process may take to listen before it is killed and the promise rejects. */
  timeoutMs?: number;
  bundle?: string;
  cwd?: string;
  /** Node options, placed before the bundle. */
  nodeArgs?: string[];
}

/** The built sidecar as its own process, as `npm start` runs it; resolves once it listens. */
export function spawnService(
  env: Record<string, string>,
  { timeoutMs = 15_000, bundle = SIDECAR_BUNDLE, cwd = ROOT, nodeArgs = [] }: SpawnOptions = {},
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sidecar did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ baseUrl: match[1], child, output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sidecar exited (${code}) before listening:\n${output}`));
    });
  });
}

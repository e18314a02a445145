// Types of scripts/stack.mjs for the TypeScript test suites.
export const ROOT: string;
export const STACK_DIR: string;
export const PLAYGROUND_COOKIE: string;
export const ADMIN: { user: string; password: string };
export const SUBSCRIBER: { user: string; password: string };

export interface StackState {
  instance: string;
  runtime: 'playground' | 'docker';
  startedAt: string;
  workDir: string;
  token: string;
  wordpress: {
    url: string;
    port: number;
    version: string;
    php: string;
    debugLog: string;
    serverPid?: number;
    admin: { user: string; password: string; applicationPassword?: string };
    subscriber: { user: string; password: string; applicationPassword?: string };
  };
  sidecar: { url: string; port: number; log: string; env: Record<string, string> };
  setup?: { plugin: string; pages: Record<string, number | string>; subscriber: number | string };
  timings: { wordpressStartSeconds?: number; totalSeconds?: number };
}

export interface StartOptions {
  instance?: string;
  wpPort?: number;
  sidecarPort?: number;
  php?: string;
  /** WordPress release: 7.1 (default) or 6.8, the oldest supported (scripts/prepare-wordpress-core.mjs). */
  wordpress?: string;
  fresh?: boolean;
  build?: boolean;
  sidecarEnv?: Record<string, string>;
  log?: (message: string) => void;
}

export function instanceDir(instance: string): string;
export function workDirectory(configFile: string): string;
export function readState(instance: string): StackState | undefined;
export function playgroundServerPids(workDir: string): number[];
export function portInUse(port: number, host?: string): Promise<boolean>;
export function freePort(): Promise<number>;
export function chooseRuntime(): 'playground' | 'docker';
export function playgroundCli(): string;
export function startSidecar(instance: string, options?: { timeoutMs?: number }): Promise<number>;
export function stopSidecar(instance: string): Promise<void>;
export function wordpressPhp(instance: string, code: string, options?: { timeoutMs?: number }): string;
export function startStack(options?: StartOptions): Promise<StackState>;
export function stopStack(options?: { instance?: string; remove?: boolean; log?: (message: string) => void }): Promise<StackState | undefined>;
export function sweepStaleTestInstances(log?: (message: string) => void): Promise<void>;
export function stackStatus(instance?: string): Promise<Record<string, unknown>>;

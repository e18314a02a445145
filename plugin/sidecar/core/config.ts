import path from 'node:path';
import { parseSpeedOff, type SpeedTrick } from '../speed/switches.js';
import { DEFAULT_CLIENT_ADDRESS_HEADER, parseTrustedProxies, type TrustedProxies } from './client-address.js';
import { withoutTrailingSlashes } from './paths.js';

/** Everything an operator can set, read once from the environment at start-up. */
export interface ServiceConfig {
  host: string;
  port: number;
  /** Folder of the SQLite file. */
  dataDir: string;
  /** mysql://… or mariadb://…: keep handoffs and keys in MariaDB/MySQL instead of SQLite; empty means SQLite. */
  databaseUrl: string;
  /** Prefix of the MariaDB/MySQL table names (WordPress's own, usually wp_). */
  tablePrefix: string;
  /** Base URL used for links when no bridge names the site's own URL. */
  publicUrl: string;
  /** Shared secret of the WordPress bridge; empty means no bridge is trusted. */
  bridgeToken: string;
  /** Proxies (a CDN, a load balancer) whose client-address header names the visitor on direct requests. */
  trustedProxies: TrustedProxies;
  /** Requests per minute and client on every endpoint; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Handoff creations per minute and client; 0 turns the limit off. */
  handoffRateLimitPerMinute: number;
  /** Window of both rate limits in milliseconds (Retry-After stays 60 s as the specification says). */
  rateLimitWindowMs: number;
  /** Largest accepted request body in bytes. */
  bodyLimitBytes: number;
  /** A request's headers and body must have arrived within this time, or the connection is closed (408). */
  requestTimeoutMs: number;
  /** The request headers must have arrived within this time (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A connection on which nothing is received or sent for this long is closed. */
  connectionTimeoutMs: number;
  /** How long an Idempotency-Key is remembered. */
  idempotencyRetentionDays: number;
  /** How long a handoff is kept before it is purged; at least idempotencyRetentionDays, so a live key always replays. */
  handoffRetentionDays: number;
  /** Questions per window and client on /ask; 0 (the default) sets no ceiling: fair use is load shedding. */
  askRateLimitPerMinute: number;
  /** /ask sheds load (503) while this many questions are in flight; 0 turns the check off. */
  askMaxInFlight: number;
  /**
   * Every route sheds load (503) while the event loop's delay stays over this (two windows of 500 ms in a row;
   * the plugin's internal routes six); 0 turns the check off (core/overload.ts).
   */
  maxEventLoopDelayMs: number;
  /** Browser origins the tool endpoint accepts besides the site's own; requests without Origin are always accepted. */
  allowedOrigins: string[];
  logLevel: string;
  /** Speed tricks switched off (speed/README.md); the rest are on. */
  speedOff: ReadonlySet<SpeedTrick>;
  /** Insights recording (insights/): off when MANUFACTURER_AGENT_INSIGHTS=off, whatever staff set in wp-admin. */
  insightsOff: boolean;
  /** How often counted requests and questions are written to the store (insights/recorder.ts). */
  insightsFlushMs: number;
}

export const DEFAULT_PORT = 8787;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535);
  const publicUrl = withoutTrailingSlashes(env.MANUFACTURER_AGENT_PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`MANUFACTURER_AGENT_PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const requestTimeoutMs = integer(env, 'MANUFACTURER_AGENT_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  const idempotencyRetentionDays = integer(env, 'MANUFACTURER_AGENT_IDEMPOTENCY_RETENTION_DAYS', 30, 1, 3650);
  // Never shorter than the keys: a retry with a live key must replay its handoff, not create a second one.
  const handoffRetentionDays = integer(env, 'MANUFACTURER_AGENT_HANDOFF_RETENTION_DAYS', idempotencyRetentionDays, idempotencyRetentionDays, 3650);
  return {
    host,
    port,
    dataDir: path.resolve(env.MANUFACTURER_AGENT_DATA_DIR || '.data'),
    databaseUrl: env.MANUFACTURER_AGENT_DATABASE_URL || '',
    tablePrefix: env.MANUFACTURER_AGENT_TABLE_PREFIX ?? 'wp_',
    publicUrl,
    bridgeToken: env.MANUFACTURER_AGENT_BRIDGE_TOKEN || '',
    trustedProxies: parseTrustedProxies(env.MANUFACTURER_AGENT_TRUSTED_PROXIES || '', env.MANUFACTURER_AGENT_CLIENT_IP_HEADER || DEFAULT_CLIENT_ADDRESS_HEADER),
    rateLimitPerMinute: integer(env, 'MANUFACTURER_AGENT_RATE_LIMIT', 300, 0, 1_000_000_000),
    handoffRateLimitPerMinute: integer(env, 'MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT', 30, 0, 1_000_000_000),
    rateLimitWindowMs: integer(env, 'MANUFACTURER_AGENT_RATE_LIMIT_WINDOW_MS', 60_000, 100, 24 * 60 * 60 * 1000),
    bodyLimitBytes: integer(env, 'MANUFACTURER_AGENT_BODY_LIMIT', 16 * 1024, 256, 10 * 1024 * 1024),
    requestTimeoutMs,
    headersTimeoutMs: Math.min(integer(env, 'MANUFACTURER_AGENT_HEADERS_TIMEOUT_MS', 10_000, 100, 3_600_000), requestTimeoutMs),
    connectionTimeoutMs: integer(env, 'MANUFACTURER_AGENT_CONNECTION_TIMEOUT_MS', 60_000, 100, 3_600_000),
    idempotencyRetentionDays,
    handoffRetentionDays,
    askRateLimitPerMinute: integer(env, 'MANUFACTURER_AGENT_ASK_RATE_LIMIT', 0, 0, 1_000_000_000),
    askMaxInFlight: integer(env, 'MANUFACTURER_AGENT_ASK_MAX_IN_FLIGHT', 256, 0, 1_000_000),
    // Its name of before, when only /ask shed, is still read.
    maxEventLoopDelayMs: integer(
      env,
      'MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS',
      integer(env, 'MANUFACTURER_AGENT_ASK_MAX_EVENT_LOOP_DELAY_MS', 500, 0, 60_000),
      0,
      60_000,
    ),
    allowedOrigins: (env.MANUFACTURER_AGENT_ALLOWED_ORIGINS || '')
      .split(',')
      .map((o) => withoutTrailingSlashes(o.trim()))
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    speedOff: parseSpeedOff(env.MANUFACTURER_AGENT_SPEED_OFF || ''),
    insightsOff: (env.MANUFACTURER_AGENT_INSIGHTS || '').toLowerCase() === 'off',
    insightsFlushMs: integer(env, 'MANUFACTURER_AGENT_INSIGHTS_FLUSH_MS', 5_000, 50, 600_000),
  };
}

import type { NextStep } from '../core/site-config.js';

/** A handoff as kept: the answer's exact bytes, so a replay returns them unchanged. */
export interface StoredHandoff {
  id: string;
  next_step: NextStep;
  requirements: Record<string, unknown>;
  link: string;
  created_at: string;
  body: string;
}

export type CreateOutcome =
  | { kind: 'created'; handoff: StoredHandoff }
  | { kind: 'replayed'; handoff: StoredHandoff }
  | { kind: 'conflict' }
  /** The key was new, but the client has created its allowance of handoffs in this window: nothing was written. */
  | { kind: 'limited' };

/**
 * The per-client handoff limit, counted where handoffs are written, so that every process sharing the
 * store counts in one place. A window starts with the client's first creation and lasts windowMs.
 */
export interface CreationLimit {
  /** An opaque key of the client (a hash of its address: no address is stored). */
  client: string;
  max: number;
  windowMs: number;
}

export interface CreateOnceInput {
  key: string;
  fingerprint: string;
  /**
   * The handoff to keep when the key is new; a replay does not need it, so it is built on demand. Must
   * give the same handoff on every call (a store may retry its transaction).
   */
  handoff: () => StoredHandoff;
  /** Milliseconds since the epoch after which the key may be used for a new request. */
  keyExpiresAt: number;
  now: number;
  /** Counted only when a handoff is created: replays and conflicts are answered first and never refused by it. */
  limit?: CreationLimit;
}

export interface HandoffPage {
  items: StoredHandoff[];
  total: number;
}

/** Handoffs and their idempotency keys; every backend keeps the same guarantees. */
export interface HandoffStore {
  readonly kind: string;
  /** Atomically: a new key creates the handoff, a known key replays or conflicts. Durable before it resolves. */
  createOnce(input: CreateOnceInput): Promise<CreateOutcome>;
  get(id: string): Promise<StoredHandoff | undefined>;
  /** Newest first. */
  list(options: { limit: number; offset: number; nextStep?: NextStep }): Promise<HandoffPage>;
  /** Forgets keys whose retention has passed (and creation counts whose window has); the handoffs stay. */
  purgeExpiredKeys(now: number): Promise<number>;
  /** Deletes the handoffs created before the given time, and any key still pointing at one of them. */
  purgeHandoffs(createdBefore: number): Promise<number>;
  close(): Promise<void>;
}

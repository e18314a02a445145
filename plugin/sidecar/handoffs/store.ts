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
  | { kind: 'conflict' };

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
  /** Forgets keys whose retention has passed; the handoffs stay. */
  purgeExpiredKeys(now: number): Promise<number>;
  close(): Promise<void>;
}

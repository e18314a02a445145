import type { NextStep } from '../core/site-config.js';
import type { InsightsStore } from '../insights/store.js';

/** schemas/common.schema.json: HandoffState. */
export type HandoffState = 'created' | 'opened' | 'submitted' | 'expired';

/**
 * A handoff as kept: the answer's exact bytes, so a replay returns them unchanged, and where it stands
 * now (the times are null until reached). The state never goes into body: that is the creation answer.
 */
export interface StoredHandoff {
  id: string;
  next_step: NextStep;
  requirements: Record<string, unknown>;
  link: string;
  created_at: string;
  body: string;
  state: HandoffState;
  opened_at: string | null;
  submitted_at: string | null;
  expired_at: string | null;
}

/** The fields of a new handoff before any transition (buildHandoff's answer). */
export const NEW_HANDOFF_STATE = { state: 'created', opened_at: null, submitted_at: null, expired_at: null } as const;

export interface ListOptions {
  limit: number;
  offset: number;
  nextStep?: NextStep;
  state?: HandoffState;
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
  /** The insights' counters and questions, in the same database (insights/store.ts). */
  readonly insights: InsightsStore;
  /** Atomically: a new key creates the handoff, a known key replays or conflicts. Durable before it resolves. */
  createOnce(input: CreateOnceInput): Promise<CreateOutcome>;
  get(id: string): Promise<StoredHandoff | undefined>;
  /** Newest first. */
  list(options: ListOptions): Promise<HandoffPage>;
  /** created → opened (the link was viewed); any other state stays. The record after the call; undefined when unknown. */
  markOpened(id: string, now: number): Promise<StoredHandoff | undefined>;
  /**
   * created|opened → submitted (the form was sent): changed true for exactly one call, however many
   * processes race. Already submitted or expired: changed false, nothing written. Undefined when unknown.
   */
  markSubmitted(id: string, now: number): Promise<{ handoff: StoredHandoff; changed: boolean } | undefined>;
  /** Forgets keys whose retention has passed (and creation counts whose window has); the handoffs stay. */
  purgeExpiredKeys(now: number): Promise<number>;
  /**
   * Expires every handoff created before the given time that has not expired yet (its link no longer
   * works) and deletes the keys pointing at them, so a retry creates a new one. The count expired.
   */
  expireHandoffs(createdBefore: number, now: number): Promise<number>;
  /** Deletes the expired handoffs whose expiry is older than the given time (and any key still pointing at one). */
  purgeHandoffs(expiredBefore: number): Promise<number>;
  close(): Promise<void>;
}

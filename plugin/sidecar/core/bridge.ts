import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Headers only the WordPress bridge may set; without the shared secret they are ignored. */
export const BRIDGE_HEADERS = {
  token: 'x-manufacturer-agent-bridge-token',
  clientAddress: 'x-manufacturer-agent-client-address',
  publicBase: 'x-manufacturer-agent-public-base',
  configRevision: 'x-manufacturer-agent-config-revision',
} as const;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The secret's digest, computed once per secret rather than on every bridged request. */
let secretDigest: { secret: string; digest: Buffer } | undefined;
function digestOfSecret(secret: string): Buffer {
  if (secretDigest?.secret !== secret) secretDigest = { secret, digest: digest(secret) };
  return secretDigest.digest;
}

/** Constant-time comparison; hashing first makes the lengths equal. */
export function isBridgeRequest(headers: IncomingHttpHeaders, secret: string): boolean {
  if (!secret) return false;
  const presented = headers[BRIDGE_HEADERS.token];
  if (typeof presented !== 'string' || presented === '') return false;
  return timingSafeEqual(digest(presented), digestOfSecret(secret));
}

export interface RequestOrigin {
  clientAddress: string;
  publicBase: string;
  viaBridge: boolean;
}

/** Where a request comes from and which site URL its links must use. */
export function resolveRequestOrigin(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  secret: string,
  defaultPublicBase: string,
): RequestOrigin {
  const viaBridge = isBridgeRequest(headers, secret);
  let clientAddress = socketAddress ?? 'unknown';
  let publicBase = defaultPublicBase;
  if (viaBridge) {
    const forwarded = headers[BRIDGE_HEADERS.clientAddress];
    if (typeof forwarded === 'string' && forwarded.trim()) clientAddress = forwarded.trim();
    const base = headers[BRIDGE_HEADERS.publicBase];
    if (typeof base === 'string' && /^https?:\/\/[^\s]+$/i.test(base)) publicBase = base.replace(/\/+$/, '');
  }
  return { clientAddress, publicBase, viaBridge };
}

/**
 * The configuration revision the bridge expects when it is not the one this sidecar holds (after a
 * restart or a missed push): the request is then answered 409 and the bridge pushes and retries once.
 * Undefined when the request is not the bridge's, names no revision, or names the one in force.
 */
export function expectedOtherRevision(headers: IncomingHttpHeaders, origin: RequestOrigin, revision: string): string | undefined {
  if (!origin.viaBridge) return undefined;
  const expected = headers[BRIDGE_HEADERS.configRevision];
  return typeof expected === 'string' && expected !== revision ? expected : undefined;
}

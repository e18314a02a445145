import { timingSafeEqual, createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddressBehindProxies, clientKey, normalAddress, type TrustedProxies } from './client-address.js';
import { withoutTrailingSlashes } from './paths.js';

/** Headers only the WordPress bridge may set; without the shared secret they are ignored. */
export const BRIDGE_HEADERS = {
  token: 'x-manufacturer-agent-bridge-token',
  clientAddress: 'x-manufacturer-agent-client-address',
  publicBase: 'x-manufacturer-agent-public-base',
  configRevision: 'x-manufacturer-agent-config-revision',
  /** Carried only by the plugin's own calls (configuration push, handoff reads), never by a relayed request. */
  internal: 'x-manufacturer-agent-internal-credential',
} as const;

/**
 * The placeholder the installation instructions show for the shared secret (README, plugin/readme.txt).
 * A site that copied it has a secret anyone can read: Site Health and `wp manufacturer-agent status`
 * call that critical (PHP reads it from the contract), the sidecar warns at start.
 */
export const EXAMPLE_BRIDGE_TOKEN = '<the secret>';

/** What the internal credential is derived from besides the secret; PHP reads it from the contract (contract.ts). */
export const INTERNAL_CREDENTIAL_CONTEXT = 'manufacturer-agent internal call';

/**
 * The credential of the plugin's internal calls, derived from the shared secret so that operators set
 * one secret. The relay adds the secret to every public request it forwards, whatever path that became
 * on its way; this second credential it never adds, so a relayed request cannot reach an internal route.
 */
export function internalCredential(secret: string): string {
  return createHmac('sha256', secret).update(INTERNAL_CREDENTIAL_CONTEXT).digest('hex');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The digests of the secret and of the internal credential, computed once per secret rather than on every bridged request. */
let secretDigests: { secret: string; token: Buffer; internal: Buffer } | undefined;
function digestsOf(secret: string): { token: Buffer; internal: Buffer } {
  if (secretDigests?.secret !== secret) secretDigests = { secret, token: digest(secret), internal: digest(internalCredential(secret)) };
  return secretDigests;
}

/** Constant-time comparison; hashing first makes the lengths equal. */
function presents(headers: IncomingHttpHeaders, name: string, expected: Buffer): boolean {
  const presented = headers[name];
  if (typeof presented !== 'string' || presented === '') return false;
  return timingSafeEqual(digest(presented), expected);
}

export function isBridgeRequest(headers: IncomingHttpHeaders, secret: string): boolean {
  return secret !== '' && presents(headers, BRIDGE_HEADERS.token, digestsOf(secret).token);
}

export interface RequestOrigin {
  /** The key the client is counted under in every per-client limit: its address, for IPv6 its /64. */
  clientAddress: string;
  publicBase: string;
  /** The WordPress bridge sent it (shared secret): a relayed public request or an internal call. */
  viaBridge: boolean;
  /** One of the plugin's own internal calls (bridge secret and internal credential); never a relayed request. */
  internal: boolean;
}

/** What resolving a request's origin needs of the service's configuration. */
export interface OriginSettings {
  bridgeToken: string;
  publicUrl: string;
  trustedProxies: TrustedProxies;
}

/** Where a request comes from and which site URL its links must use. */
export function resolveRequestOrigin(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  settings: OriginSettings,
  /** Whether the site URL a bridged request names is answered for (SiteState.admitSiteUrl), else which one is. */
  admitSiteUrl: (publicBase: string) => string,
): RequestOrigin {
  const secret = settings.bridgeToken;
  const viaBridge = isBridgeRequest(headers, secret);
  let publicBase = settings.publicUrl;
  let address: string;
  if (viaBridge) {
    // The bridge worked out the visitor's address behind WordPress's own trusted proxies.
    const forwarded = headers[BRIDGE_HEADERS.clientAddress];
    address = normalAddress(typeof forwarded === 'string' ? forwarded : undefined) ?? normalAddress(socketAddress) ?? 'unknown';
    const base = headers[BRIDGE_HEADERS.publicBase];
    if (typeof base === 'string' && /^https?:\/\/[^\s]+$/i.test(base)) publicBase = admitSiteUrl(withoutTrailingSlashes(base));
  } else {
    address = clientAddressBehindProxies(socketAddress, headers[settings.trustedProxies.header], settings.trustedProxies);
  }
  const internal = viaBridge && presents(headers, BRIDGE_HEADERS.internal, digestsOf(secret).internal);
  return { clientAddress: clientKey(address), publicBase, viaBridge, internal };
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

import { BRIDGE_HEADERS, internalCredential } from '../../plugin/sidecar/core/bridge.js';

/** Headers of a public request the WordPress bridge relayed: the shared secret, nothing more. */
export function relayedHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { [BRIDGE_HEADERS.token]: token, ...extra };
}

/** Headers of one of the plugin's own internal calls: the secret and the credential derived from it. */
export function internalHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { [BRIDGE_HEADERS.token]: token, [BRIDGE_HEADERS.internal]: internalCredential(token), ...extra };
}

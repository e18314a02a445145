// Request paths that a normalising client, proxy or router could take to another route than the one
// written: dot segments in every encoding, backslashes, ';' parameters, bad escapes. Sent as raw bytes
// to the sidecar (tests/reliability/paths-and-clients.test.ts) and through WordPress's PHP relay
// (tests/wordpress/relay-attacks.test.ts).
const PREFIX = '/wp-json/manufacturer-agent/v1';

export const AMBIGUOUS_TARGETS = [
  `${PREFIX}/../../_bridge/status`,
  `${PREFIX}/./materials`,
  `${PREFIX}/%2e%2e/%2e%2e/_bridge/status`,
  `${PREFIX}/%2E%2E/%2E%2E/_bridge/handoffs`,
  `${PREFIX}/%252e%252e/%252e%252e/_bridge/status`,
  `${PREFIX}/..%2f..%2f_bridge/status`,
  `${PREFIX}/..%2F..%2F_bridge/config`,
  `${PREFIX}/.%2e/.%2e/_bridge/handoffs`,
  `${PREFIX}/%2e./%2e./_bridge/handoffs`,
  `${PREFIX}\\..\\..\\_bridge\\status`,
  `${PREFIX}/..\\..\\_bridge/status`,
  `${PREFIX}/..;/..;/_bridge/status`,
  `${PREFIX}/materials;jsessionid=1`,
  `${PREFIX}/%c0%ae%c0%ae/_bridge/status`,
  `${PREFIX}/materials%00`,
  `${PREFIX}/materials%ZZ`,
  `${PREFIX}/materials%`,
  '/wp-json/manufacturer-agent/../../_bridge/status',
  '/wp-json/manufacturer-agent%2f..%2f..%2f_bridge/status',
  '/wp-json/manufacturer-agent/%2e%2e/%2e%2e/_bridge/config',
  '/wp-json/nlweb/../../_bridge/handoffs',
  '/wp-json/nlweb/%2e%2e/%2e%2e/_bridge/handoffs',
  '/wp-json/nlweb/v1/..',
  '/wp-json/nlweb/v1/ask/../../../_bridge/handoffs',
];

/** The same routes named by the rest_route query parameter of sites without pretty permalinks. */
export const AMBIGUOUS_REST_ROUTES = [
  '/nlweb/%2e%2e/%2e%2e/_bridge/handoffs',
  '/nlweb/../../_bridge/handoffs',
  '/nlweb/%252e%252e/%252e%252e/_bridge/status',
  '/manufacturer-agent/..%2f..%2f_bridge/status',
  '/manufacturer-agent/v1/..%5c..%5c_bridge%5cstatus',
  '/manufacturer-agent/v1/%2e%2e/%2e%2e/../_bridge/config',
  '/manufacturer-agent/v1/materials%ZZ',
  '/manufacturer-agent/v1/materials;x=1',
  '/manufacturer-agent%2f..%2f_bridge/status',
  '/manufacturer-agent\\..\\_bridge\\status',
  '/manufacturer-agent/./v1/materials',
];

/** Root paths of the service with dot segments: the sidecar refuses them itself. */
export const AMBIGUOUS_ROOT_TARGETS = [
  '/mcp/../_bridge/status',
  '/mcp/%2e%2e/_bridge/status',
  '/.well-known/../_bridge/status',
  '/_bridge/../_bridge/status',
  '/./_bridge/status',
];

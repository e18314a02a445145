import { withoutTrailingSlashes } from '../core/paths.js';

/**
 * Browser origins the tool endpoint accepts (DNS-rebinding and cross-site protection, required by the
 * Streamable HTTP transport): requests without Origin (agents, servers), the site's own origin, and the
 * origins the operator lists in MANUFACTURER_AGENT_ALLOWED_ORIGINS.
 */
export function isOriginAllowed(origin: string | undefined, publicBase: string, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  const candidate = withoutTrailingSlashes(origin.trim()).toLowerCase();
  if (candidate === '' || candidate === 'null') return false;
  let own = '';
  try {
    own = new URL(publicBase).origin.toLowerCase();
  } catch {
    // A public base that is not a URL has no origin to match.
  }
  return candidate === own || allowedOrigins.some((allowed) => allowed.toLowerCase() === candidate);
}

/** Request headers a browser client of either protocol era sends. */
export const MCP_ALLOWED_HEADERS = ['Content-Type', 'Accept', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id', 'Last-Event-ID'].join(', ');

/** Response headers a browser client may read. */
export const MCP_EXPOSED_HEADERS = ['Mcp-Session-Id', 'MCP-Protocol-Version', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].join(
  ', ',
);

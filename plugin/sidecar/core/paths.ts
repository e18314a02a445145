/** The REST namespace of the specification ({agent_prefix}). */
export const AGENT_PREFIX = '/wp-json/manufacturer-agent/v1';

/** The question-answering endpoint (NLWeb). */
export const ASK_PATH = '/wp-json/nlweb/v1/ask';

/** The tool endpoint (MCP, streamable HTTP); served with and without the trailing slash. */
export const MCP_PATH = '/mcp';

/** Discovery documents at the site root. */
export const DOCUMENT_PATHS = {
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  agentCard: '/.well-known/agent.json',
  agentCardAlias: '/.well-known/agent-card.json',
  mcpDescription: '/.well-known/mcp.json',
  /** The earlier well-known location of the server card, kept for the clients that read it there. */
  serverCard: '/.well-known/mcp/server-card.json',
  /** The server card where the current draft puts it: `<endpoint>/server-card`. */
  serverCardAtEndpoint: '/mcp/server-card',
  /** The AI Catalog of the site (domain-level discovery), pointing at the server card. */
  aiCatalog: '/.well-known/ai-catalog.json',
  openapi: '/openapi.json',
} as const;

/** Endpoints only the WordPress bridge may call (shared secret); never forwarded from the public site. */
export const BRIDGE_PREFIX = '/_bridge';

/** The interface version (specification: Versioning). */
export const INTERFACE_VERSION = '1.1.4';

/**
 * A request-target whose path could mean another path to someone on the way: a dot segment, a percent
 * escape of anything but a letter, digit, '-', '_' or '~' (an encoded dot, slash, backslash or percent
 * above all), a backslash, a `;` parameter, or anything outside visible ASCII. No path of this service
 * needs one, so such a request is refused rather than resolved: a proxy, curl or a router that
 * normalises it differently could otherwise reach another route. An escaped letter is the letter
 * (RFC 3986 §6.2.2.2) to everyone, so it is left to the router.
 */
export function isAmbiguousTarget(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return AMBIGUOUS_PATH.test(path);
}
export const AMBIGUOUS_PATH = /%(?!4[1-9a-f]|5[0-9af]|6[1-9a-f]|7[0-9ae]|3[0-9]|2d)|[\\;]|[^\x21-\x7e]|(?:^|\/)\.{1,2}(?:\/|$)/i;

/**
 * The text without its trailing slashes. The run is matched from its first slash only: `/\/+$/` tried every
 * slash of a long run and scanned the rest from each (quadratic).
 */
export function withoutTrailingSlashes(text: string): string {
  return text.replace(/(?<!\/)\/+$/, '');
}

import { AGENT_PREFIX, ASK_PATH, BRIDGE_PREFIX, DOCUMENT_PATHS, MCP_PATH } from '../core/paths.js';

/** The question endpoint's channel. */
export const ASK_CHANNEL = 'ask';
/** Requests no route answers (404s, probes): one channel, whatever their path. */
export const OTHER_CHANNEL = 'other';
/** CORS preflights, answered for every path alike. */
export const PREFLIGHT_CHANNEL = 'preflight';

/** The MCP methods counted by name; any other method is "mcp:other" (a client cannot make up channels). */
export const MCP_METHODS = [
  'initialize',
  'notifications/initialized',
  'server/discover',
  'ping',
  'tools/list',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'completion/complete',
  'logging/setLevel',
] as const;

const DOCUMENTS = new Set<string>(Object.values(DOCUMENT_PATHS));
const MCP_METHOD_SET = new Set<string>(MCP_METHODS);

/**
 * The channel of an answered request, from its method and the route's pattern (never the raw path, so
 * the channels are bounded by the routes): "rest:GET /materials/:id", "document:/llms.txt", "ask",
 * "mcp:…" (mcpChannel), "other". Undefined for the plugin's internal calls, which are not counted.
 */
export function routeChannel(method: string, routePattern: string | undefined): string | undefined {
  if (method === 'OPTIONS') return PREFLIGHT_CHANNEL;
  if (!routePattern) return OTHER_CHANNEL;
  if (routePattern.startsWith(BRIDGE_PREFIX)) return undefined;
  const path = routePattern.length > 1 && routePattern.endsWith('/') ? routePattern.slice(0, -1) : routePattern;
  if (path === ASK_PATH) return ASK_CHANNEL;
  if (DOCUMENTS.has(path)) return `document:${path}`;
  if (path === MCP_PATH) return 'mcp:other';
  const verb = method === 'HEAD' ? 'GET' : method;
  if (path.startsWith(AGENT_PREFIX)) return `rest:${verb} ${path.slice(AGENT_PREFIX.length) || '/'}`;
  return `path:${verb} ${path}`;
}

/** One JSON-RPC message's channel: "mcp:tools/call:<tool>" for a tool the service has, "mcp:<method>" for a known method. */
export function mcpChannel(body: unknown, toolNames: ReadonlySet<string>): string {
  if (Array.isArray(body)) return 'mcp:batch';
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  const method = message?.method;
  if (method === 'tools/call') {
    const name = message?.params?.name;
    return typeof name === 'string' && toolNames.has(name) ? `mcp:tools/call:${name}` : 'mcp:tools/call:unknown';
  }
  return typeof method === 'string' && MCP_METHOD_SET.has(method) ? `mcp:${method}` : 'mcp:other';
}

/** The clientInfo.name an MCP initialize request carries (the only place the protocol names its client). */
export function mcpClientName(body: unknown): unknown {
  const message = body as { method?: unknown; params?: { clientInfo?: { name?: unknown } } } | null;
  return message?.method === 'initialize' ? message.params?.clientInfo?.name : undefined;
}

/** The outcome classes counted: 2xx, 304, other 3xx, 4xx, 429, 5xx. */
export const OUTCOMES = ['2xx', '304', '3xx', '4xx', '429', '5xx'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The outcome's index in OUTCOMES (what the recorder counts by, without making a string). */
export function outcomeIndex(status: number): number {
  if (status === 304) return 1;
  if (status === 429) return 4;
  if (status >= 500) return 5;
  if (status >= 400) return 3;
  if (status >= 300) return 2;
  return 0;
}

export function outcomeOf(status: number): Outcome {
  return OUTCOMES[outcomeIndex(status)]!;
}

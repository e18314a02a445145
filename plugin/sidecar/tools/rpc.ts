/** JSON-RPC error codes the tool endpoint answers with (JSON-RPC 2.0 and the MCP-reserved range). */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined transport errors (forbidden origin, method not allowed, limits), as the SDK uses it. */
  serverError: -32000,
  /** MCP 2026-07-28: headers missing or not matching the body. */
  headerMismatch: -32020,
  /** MCP 2026-07-28: the requested protocol version is not served. */
  unsupportedProtocolVersion: -32022,
} as const;

export type RequestId = string | number;

/** An answer of the tool endpoint before it is written: HTTP status, JSON-RPC body (none for 202), extra headers. */
export interface HttpAnswer {
  status: number;
  body?: unknown;
  /** The body already serialised as JSON (the SDK's own text, or UTF-8 parts around a cached result), sent as it is instead of body. */
  json?: string | JsonParts;
  headers?: Record<string, string>;
}

/** A JSON-RPC error response; without an id when the request's id is unknown (transport-level failures). */
export function rpcError(status: number, code: number, message: string, id?: RequestId | null, data?: unknown): HttpAnswer {
  const error: { code: number; message: string; data?: unknown } = { code, message };
  if (data !== undefined) error.data = data;
  const body: Record<string, unknown> = { jsonrpc: '2.0' };
  if (id !== undefined && id !== null) body.id = id;
  body.error = error;
  return { status, body };
}

export function rpcResult(id: RequestId, result: unknown): HttpAnswer {
  return { status: 200, body: { jsonrpc: '2.0', id, result } };
}

/** rpcResult for a result already serialised (UTF-8): the same envelope and member order, around its JSON. */
export function rpcResultJson(id: RequestId, resultJson: Buffer): HttpAnswer {
  return { status: 200, json: around(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, resultJson, CLOSE) };
}

const CLOSE = Buffer.from('}');

/** One JSON text as UTF-8 parts, written one after the other (core/http.ts sendParts). */
export type JsonParts = readonly Buffer[];

/**
 * JSON bytes with text before and after them, as parts: the cached result is written as it is, not
 * copied. A copy per answer was a new ~20 KB buffer outside V8's heap, and that external memory set
 * off V8's full collections: 4–9 per 3-s round of tools/call at 50 connections against 0–1 without
 * it, and 14 % of a call's CPU time (BENCHMARKS.md, issue 7).
 */
export function around(before: string, json: Buffer, after: string | Buffer): JsonParts {
  return [Buffer.from(before), json, typeof after === 'string' ? Buffer.from(after) : after];
}

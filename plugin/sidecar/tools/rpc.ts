/** JSON-RPC error codes the tool endpoint answers with itself (the SDK answers the rest). */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined transport errors (forbidden origin, method not allowed, limits), as the SDK uses it. */
  serverError: -32000,
} as const;

export type RequestId = string | number;

/** An answer of the tool endpoint written by the route itself: HTTP status, JSON-RPC body (none for 202), extra headers. */
export interface HttpAnswer {
  status: number;
  body?: unknown;
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

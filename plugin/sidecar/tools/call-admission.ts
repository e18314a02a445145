import { isInitializeRequest } from '@modelcontextprotocol/server';
import type { ClientLimits } from '../core/client-limit.js';
import { tooManyRequests } from '../core/errors.js';
import { RPC } from './rpc.js';

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };

/** A JSON-RPC error response standing in for a message that is not handed to the SDK. */
export interface RefusedMessage {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}

const isToolCall = (m: unknown): m is Message => Boolean(m) && typeof m === 'object' && (m as Message).method === 'tools/call';
export const isInitializeMessage = (m: unknown): m is Message => Boolean(m) && typeof m === 'object' && (m as Message).method === 'initialize';

/** What initialize's params must hold (the 2025 era's handshake), each as the -32602 names it. */
const INITIALIZE_PARAMS: [field: string, what: string, holds: (params: Record<string, unknown>) => boolean][] = [
  ['params.protocolVersion', 'a string such as "2025-11-25"', (p) => typeof p.protocolVersion === 'string'],
  ['params.capabilities', 'an object', (p) => isObject(p.capabilities)],
  [
    'params.clientInfo',
    'an object with the strings name and version',
    (p) => isObject(p.clientInfo) && typeof p.clientInfo.name === 'string' && typeof p.clientInfo.version === 'string',
  ],
];
function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The SDK answers an initialize whose params its schema refuses with -32603 and the raw list of its schema
 * errors; a client needs -32602 (invalid params) and the fields in words.
 */
function initializeRefusal(message: Message): RefusedMessage | undefined {
  if (isInitializeRequest(message)) return undefined;
  const params = isObject(message.params) ? message.params : {};
  const wrong = INITIALIZE_PARAMS.filter(([, , holds]) => !holds(params));
  const fields = (wrong.length ? wrong : INITIALIZE_PARAMS).map(([field, what]) => ({ field, message: `must be ${what}` }));
  return refusal(
    message,
    RPC.invalidParams,
    `Invalid params: initialize needs ${fields.map((f) => `${f.field} (${f.message.slice('must be '.length)})`).join(', ')}.`,
    { errors: fields },
  );
}

function refusal(message: Message, code: number, text: string, data?: unknown): RefusedMessage {
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message: text } : { code, message: text, data } };
}

/**
 * What the SDK leaves to the application for each message of a POST, in order: initialize's params in the
 * 2025 era (the SDK answers -32603 with its raw schema errors; here -32602 naming each field; in the 2026
 * era initialize is a removed method, answered by the SDK), tool arguments that are
 * not an object (the SDK answers -32602 with its raw schema dump; here the message names the argument
 * and what it must be), and the per-client limits, which count every tools/call, batched or not. The
 * HTTP request itself was counted once in the general limit (server.ts), which covers the POST's first
 * message; every further tools/call counts again. Each handoff the handoff tool creates is counted by
 * the store as it writes it (handoffs/routes.ts), batched or not.
 * Returns, per message, the error answering it instead of the SDK, or undefined to hand it on.
 */
export function admitMessages(messages: readonly unknown[], client: string, limits: ClientLimits, legacyEra = true): (RefusedMessage | undefined)[] {
  return messages.map((message, index) => {
    if (isInitializeMessage(message)) return legacyEra ? initializeRefusal(message) : undefined;
    if (!isToolCall(message)) return undefined;
    const args = message.params?.arguments;
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      const got = args === null ? 'null' : Array.isArray(args) ? 'an array' : `a ${typeof args}`;
      return refusal(
        message,
        RPC.invalidParams,
        `Invalid params: params.arguments must be an object of named arguments (e.g. {"priority": "robust"}), not ${got}.`,
      );
    }
    if (index > 0 && limits.all !== undefined && limits.all.exceeds(client)) {
      const problem = tooManyRequests();
      return refusal(message, RPC.serverError, problem.message, { status: problem.status, ...(problem.data as object) });
    }
    return undefined;
  });
}

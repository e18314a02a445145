import agentFamilies from '../../data/agent-families.json' with { type: 'json' };

import type { AgentFamilies } from '../core/schema-types.js';

/** schemas/agent-families.schema.json: one family as the data file lists it. */
export type AgentFamily = AgentFamilies['families'][number];

/** The families every request falls into when no listed one matches. */
export const OTHER_AGENT = 'other-agent';
export const BROWSER = 'browser';
export const UNKNOWN = 'unknown';
export const FALLBACK_FAMILIES = [OTHER_AGENT, BROWSER, UNKNOWN] as const;

/** A programme that is not a browser says so in its User-Agent (a bot, an HTTP library, a command-line tool). */
const AGENT_WORDS = [
  'bot',
  'crawl',
  'spider',
  'fetch',
  'curl',
  'wget',
  'python',
  'node',
  'axios',
  'go-http',
  'java/',
  'okhttp',
  'httpclient',
  'libwww',
  'scrapy',
  'headless',
  'agent',
  'mcp',
];
/** User-Agents remembered with their family; past this the memo starts over (a flood of made-up ones costs a scan each, nothing kept). */
const MEMO_LIMIT = 1024;
/** Only the start of a User-Agent is looked at: tokens come early, and a long made-up one costs no more. */
const MAX_USER_AGENT_LOOKED_AT = 512;

/**
 * The agent family of a request (schemas/agent-families.schema.json; plugin/data/agent-families.json):
 * a listed family by its vendor's User-Agent token or MCP client name, else "other-agent", "browser" or
 * "unknown". Only the family's id is kept, never the User-Agent.
 */
export class FamilyClassifier {
  readonly families: AgentFamily[];
  readonly #tokens: [string, string][];
  readonly #clientNames: [string, string][];
  #memo = new Map<string, string>();

  constructor(families: AgentFamily[] = (agentFamilies as AgentFamilies).families) {
    this.families = families;
    this.#tokens = families.flatMap((f) => (f.user_agent_tokens ?? []).map((t) => [t.toLowerCase(), f.id] as [string, string]));
    this.#clientNames = families.flatMap((f) => (f.mcp_client_names ?? []).map((n) => [n.toLowerCase(), f.id] as [string, string]));
  }

  /** Every id a counter row may hold: the listed families and the fallbacks (what bounds the counters). */
  ids(): string[] {
    return [...this.families.map((f) => f.id), ...FALLBACK_FAMILIES];
  }

  fromUserAgent(userAgent: string | undefined): string {
    if (!userAgent) return UNKNOWN;
    const known = this.#memo.get(userAgent);
    if (known !== undefined) return known;
    const family = this.#classify(userAgent.slice(0, MAX_USER_AGENT_LOOKED_AT).toLowerCase());
    if (this.#memo.size >= MEMO_LIMIT) this.#memo = new Map();
    this.#memo.set(userAgent, family);
    return family;
  }

  /** The family of an MCP client's clientInfo.name, when the list names it. */
  fromMcpClientName(name: unknown): string | undefined {
    if (typeof name !== 'string' || !name) return undefined;
    const lower = name.slice(0, MAX_USER_AGENT_LOOKED_AT).toLowerCase();
    return this.#clientNames.find(([n]) => lower.includes(n))?.[1];
  }

  #classify(lower: string): string {
    for (const [token, id] of this.#tokens) if (lower.includes(token)) return id;
    if (AGENT_WORDS.some((word) => lower.includes(word))) return OTHER_AGENT;
    if (lower.startsWith('mozilla/')) return BROWSER;
    return OTHER_AGENT;
  }
}
